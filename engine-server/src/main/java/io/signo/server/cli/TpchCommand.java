package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.source.TpchSource;
import io.signo.storage.table.Catalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static java.util.Objects.requireNonNull;

@Command(
        name = "tpch",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Generates TPC-H data in memory (or, with --db, loads it into a database directory once), runs the 22 TPC-H queries in order"
                        + " and writes each result to DIR/q01.csv ... DIR/q22.csv.",
                "Prints the generation time, one line per query (time and row count, or the error) and a total. "
                        + "Exits with 1 when any query failed."})
final class TpchCommand
        implements Callable<Integer>
{
    static final int QUERY_COUNT = 22;

    private final CommandEnvironment environment;

    @Spec
    private CommandSpec spec;

    @Option(names = "--sf", required = true, paramLabel = "SCALE", description = "TPC-H scale factor, e.g. 0.01, 0.1 or 1.")
    private double scaleFactor;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the result CSV files; created when missing.")
    private Path outputDirectory;

    @Option(names = "--db", paramLabel = "DIR", description = "Run on the tables stored in this database directory, loading the TPC-H tables it lacks"
            + " (CREATE TABLE ... WITH (partitioned_by, sorted_by) AS SELECT * FROM tpch.sfS.table) first.")
    private Path database;

    @Option(names = "--cache-size", paramLabel = "SIZE", description = DatabaseOptions.CACHE_SIZE_DESCRIPTION)
    private String cacheSize;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the number of processors, ${DEFAULT-VALUE}).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Mixin
    private ClusterOptions cluster = new ClusterOptions();

    TpchCommand(CommandEnvironment environment)
    {
        this.environment = requireNonNull(environment, "environment is null");
    }

    @Override
    public Integer call()
    {
        OptionChecks.checkScaleFactor(spec, "--sf", scaleFactor);
        OptionChecks.checkThreads(spec, threads);
        cluster.check(spec);
        if (database == null) {
            cluster.checkDataFits(spec, "--sf", scaleFactor, false);
        }
        PrintWriter out = spec.commandLine().getOut();
        QuerySuite.createOutputDirectory(outputDirectory);
        int failures;
        try (QueryEngine engine = start(out)) {
            List<String> names = new ArrayList<>();
            for (int number = 1; number <= QUERY_COUNT; number++) {
                names.add(String.format(Locale.ROOT, "q%02d", number));
            }
            failures = QuerySuite.run(engine, names, name -> environment.tpchQuery(Integer.parseInt(name.substring(1))), outputDirectory, out, cluster.stats);
        }
        return failures == 0 ? 0 : 1;
    }

    /** Generates the data in this process, or on the workers of a cluster, or opens the database, and returns the engine over it. */
    private QueryEngine start(PrintWriter out)
    {
        long generationStart = System.nanoTime();
        if (database != null) {
            Long cacheBytes = DatabaseOptions.cacheBytes(spec, cacheSize);
            QueryEngine engine = cluster.clustered()
                    ? environment.startDatabaseCluster(database, cacheBytes, threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings())
                    : environment.openDatabase(database, threads, cacheBytes);
            try {
                loadMissingTables(engine, out);
            }
            catch (RuntimeException e) {
                engine.close();
                throw e;
            }
            return engine;
        }
        String generating = "Generating TPC-H sf " + scaleFactor + (cluster.clustered() ? " on the workers" : "");
        if (cluster.clustered()) {
            ClusterSession session;
            try (ProgressLine progress = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> elapsed(generating, nanos))) {
                session = environment.startCluster(new TpchSource(scaleFactor), threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings());
            }
            out.println("generated TPC-H sf " + scaleFactor + " in " + session.generationMillis() + " ms ("
                    + session.rowCount() + " rows on " + session.workers().size() + " workers: " + String.join(", ", session.workers()) + ")");
            out.flush();
            return session;
        }
        Catalog catalog;
        try (ProgressLine progress = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> elapsed(generating, nanos))) {
            catalog = environment.generateTpch(scaleFactor, threads);
        }
        out.println("generated TPC-H sf " + scaleFactor + " in " + QuerySuite.millisSince(generationStart) + " ms ("
                + QuerySuite.rowCount(catalog) + " rows in " + catalog.tables().size() + " tables, " + threads + " threads)");
        out.flush();
        return environment.createEngine(catalog, threads);
    }

    /** Loads the TPC-H tables the database lacks from the generator at the scale factor, one statement (one commit) each. */
    private void loadMissingTables(QueryEngine engine, PrintWriter out)
    {
        java.util.Set<String> present = new java.util.HashSet<>();
        for (io.signo.storage.page.Page page : engine.execute("SHOW TABLES").pages()) {
            for (int row = 0; row < page.positionCount(); row++) {
                present.add(page.column(0).getString(row).toLowerCase(Locale.ROOT));
            }
        }
        long loadStart = System.nanoTime();
        long rows = 0;
        int loaded = 0;
        List<String> missing = new ArrayList<>();
        for (String table : io.signo.storage.tpch.GeneratedTpchTables.tableNames()) {
            if (!present.contains(table)) {
                missing.add(table);
            }
        }
        AtomicInteger done = new AtomicInteger();
        AtomicReference<String> current = new AtomicReference<>("");
        // on a terminal, a bar of the tables loaded below the lines of those that were
        try (ProgressLine progress = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> ProgressLine.bar(nanos, done.get(), missing.size(), "loading " + current.get()))) {
            for (String table : missing) {
                current.set(table);
                long tableStart = System.nanoTime();
                QueryResult result = engine.execute(io.signo.storage.tpch.GeneratedTpchTables.loadStatement(table, scaleFactor));
                long tableRows = result.pages().getFirst().column(0).getLong(0);
                rows += tableRows;
                loaded++;
                done.incrementAndGet();
                progress.erase();
                out.println(String.format(Locale.ROOT, "loaded %-8s %10d rows in %6d ms", table, tableRows, QuerySuite.millisSince(tableStart)));
                out.flush();
            }
        }
        if (loaded == 0) {
            out.println("using the TPC-H tables stored in " + database);
        }
        else {
            out.println("loaded TPC-H sf " + scaleFactor + " into " + database + " in " + QuerySuite.millisSince(loadStart) + " ms (" + rows + " rows in " + loaded + " tables)");
        }
        out.flush();
    }

    /** {@code Generating TPC-H sf 1: 3.4 s}: the generator reports no fraction done, so the line shows the time. */
    private static String elapsed(String work, long nanos)
    {
        return String.format(Locale.ROOT, "%s: %.1f s", work, nanos / 1e9);
    }

    static void printStatistics(QueryEngine engine, PrintWriter out)
    {
        if (engine instanceof ClusterSession session) {
            session.lastQueryStatistics().forEach(out::println);
        }
        else {
            out.println("  (one process: exchanges are in memory and send nothing over the network)");
        }
    }
}
