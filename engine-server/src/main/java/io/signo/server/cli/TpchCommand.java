package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

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
            throws IOException
    {
        OptionChecks.checkScaleFactor(spec, "--sf", scaleFactor);
        OptionChecks.checkThreads(spec, threads);
        cluster.check(spec);
        PrintWriter out = spec.commandLine().getOut();
        try {
            Files.createDirectories(outputDirectory);
        }
        catch (FileAlreadyExistsException e) {
            throw new CommandFailedException("output path exists and is not a directory: " + outputDirectory, e);
        }
        catch (IOException e) {
            throw new CommandFailedException("cannot create output directory " + outputDirectory + ": " + e.getMessage(), e);
        }

        int failures = 0;
        long totalMillis = 0;
        try (QueryEngine engine = start(out)) {
            for (int number = 1; number <= QUERY_COUNT; number++) {
                String name = String.format(Locale.ROOT, "q%02d", number);
                long queryStart = System.nanoTime();
                try {
                    String sql = StatementText.normalize(environment.tpchQuery(number));
                    QueryResult result = engine.execute(sql);
                    long millis = millisSince(queryStart);
                    totalMillis += millis;
                    writeCsv(result, outputDirectory.resolve(name + ".csv"));
                    out.println(String.format(Locale.ROOT, "%-5s %6d ms  %d rows", name, millis, result.rowCount()));
                    if (cluster.stats) {
                        printStatistics(engine, out);
                    }
                }
                catch (RuntimeException | IOException e) {
                    // one failing query must not hide the answers of the others
                    long millis = millisSince(queryStart);
                    totalMillis += millis;
                    failures++;
                    out.println(String.format(Locale.ROOT, "%-5s %6d ms  failed: %s", name, millis, SignoCommand.oneLine(SignoCommand.errorMessage(e))));
                }
                out.flush();
            }
        }
        out.println(String.format(Locale.ROOT, "%-5s %6d ms  %d queries, %d failed", "total", totalMillis, QUERY_COUNT, failures));
        out.flush();
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
        if (cluster.clustered()) {
            ClusterSession session = environment.startCluster(scaleFactor, threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings());
            out.println("generated TPC-H sf " + scaleFactor + " in " + session.generationMillis() + " ms ("
                    + session.rowCount() + " rows on " + session.workers().size() + " workers: " + String.join(", ", session.workers()) + ")");
            out.flush();
            return session;
        }
        Catalog catalog = environment.generateTpch(scaleFactor, threads);
        out.println("generated TPC-H sf " + scaleFactor + " in " + millisSince(generationStart) + " ms ("
                + rowCount(catalog) + " rows in " + catalog.tables().size() + " tables, " + threads + " threads)");
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
        for (String table : io.signo.storage.tpch.GeneratedTpchTables.tableNames()) {
            if (present.contains(table)) {
                continue;
            }
            long tableStart = System.nanoTime();
            QueryResult result = engine.execute(io.signo.storage.tpch.GeneratedTpchTables.loadStatement(table, scaleFactor));
            long tableRows = result.pages().getFirst().column(0).getLong(0);
            rows += tableRows;
            loaded++;
            out.println(String.format(Locale.ROOT, "loaded %-8s %10d rows in %6d ms", table, tableRows, millisSince(tableStart)));
            out.flush();
        }
        if (loaded == 0) {
            out.println("using the TPC-H tables stored in " + database);
        }
        else {
            out.println("loaded TPC-H sf " + scaleFactor + " into " + database + " in " + millisSince(loadStart) + " ms (" + rows + " rows in " + loaded + " tables)");
        }
        out.flush();
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

    private static void writeCsv(QueryResult result, Path file)
            throws IOException
    {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new CsvResultWriter(writer).write(result);
        }
    }

    private static long rowCount(Catalog catalog)
    {
        long rows = 0;
        for (Table table : catalog.tables()) {
            for (Partition partition : table.partitions()) {
                for (Segment segment : partition.segments()) {
                    rows += segment.rowCount();
                }
            }
        }
        return rows;
    }

    private static long millisSince(long startNanos)
    {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
