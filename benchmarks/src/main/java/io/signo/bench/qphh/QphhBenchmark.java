package io.signo.bench.qphh;

import io.signo.bench.BenchSessions;
import io.signo.bench.queries.DuckDbProcess;
import io.signo.bench.queries.MachineDescription;
import io.signo.bench.queries.PeakMemory;
import io.signo.bench.queries.QuerySuite;
import io.signo.reference.ResultComparison;
import io.signo.server.cluster.ExchangeSettings;
import io.signo.server.query.ClusterQueryRunner;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.tpch.TpchRefreshData;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * {@code signo bench qphh}: the TPC-H performance test with its metric, QphH@Size, on a Signo
 * database (in this process, or on worker processes with {@code --workers}) and on DuckDB (in a child
 * process, on its own database file, loaded with the same rows), with the same query streams,
 * parameters and refresh data. Before the timed run it brings the database back to the loaded state
 * (removing what earlier runs' refresh functions left), runs warm-up rounds of the 22 queries on both
 * engines and compares their answers; after it, it compares the two engines' orders and lineitem.
 */
public final class QphhBenchmark
{
    /** The command's options. */
    public record Options(double scaleFactor, int streams, Path database, int workers, int threads, boolean compareDuckDb, Path report, Path csv, long seed, int warmupRounds)
    {
        static Options parse(String[] args)
        {
            double scaleFactor = 1;
            Integer streams = null;
            Path database = null;
            int workers = 0;
            int threads = 2;
            boolean compare = true;
            Path report = null;
            Path csv = null;
            long seed = 1;
            int warmup = 1;
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                String value = args[++i];
                try {
                    switch (name) {
                        case "--sf" -> scaleFactor = Double.parseDouble(value);
                        case "--streams" -> streams = Integer.parseInt(value);
                        case "--db" -> database = Path.of(value);
                        case "--workers" -> workers = Integer.parseInt(value);
                        case "--threads" -> threads = Integer.parseInt(value);
                        case "--compare" -> compare = switch (value) {
                            case "duckdb" -> true;
                            case "none" -> false;
                            default -> throw new IllegalArgumentException("--compare takes duckdb or none, not " + value);
                        };
                        case "--report" -> report = Path.of(value);
                        case "--csv" -> csv = Path.of(value);
                        case "--seed" -> seed = Long.parseLong(value);
                        case "--warmup" -> warmup = Integer.parseInt(value);
                        default -> throw new IllegalArgumentException("unknown option " + name);
                    }
                }
                catch (NumberFormatException e) {
                    throw new IllegalArgumentException(name + " takes a number, not " + value);
                }
            }
            if (database == null) {
                throw new IllegalArgumentException("--db DIR is required: the refresh functions change the database");
            }
            if (!(scaleFactor > 0)) {
                throw new IllegalArgumentException("--sf must be positive");
            }
            if (threads < 1 || workers < 0 || warmup < 0) {
                throw new IllegalArgumentException("--threads must be at least 1, --workers and --warmup at least 0");
            }
            return new Options(scaleFactor, streams == null ? QphhWorkload.minimumStreams(scaleFactor) : streams, database, workers, threads, compare, report, csv, seed, warmup);
        }
    }

    private final Options options;
    private final String commandLine;

    public QphhBenchmark(Options options, String commandLine)
    {
        this.options = requireNonNull(options, "options is null");
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
    }

    /** Parses {@code args} and runs; false when a query or refresh failed or the engines disagree. */
    public static boolean run(String[] args, String commandLine)
            throws Exception
    {
        return new QphhBenchmark(Options.parse(args), commandLine).run();
    }

    public boolean run()
            throws Exception
    {
        QphhWorkload workload = new QphhWorkload(options.scaleFactor(), options.streams(), options.seed());
        MachineDescription machine = MachineDescription.current();
        log("machine: %s, %d cores, %.1f GiB; TPC-H SF %s, %d query streams, %d threads%s, seed %d", machine.cpuModel(), machine.cores(), machine.memoryBytes() / GIB,
                scale(), options.streams(), options.threads(), options.workers() > 0 ? " over " + options.workers() + " workers" : "", options.seed());
        List<String> notes = new ArrayList<>();
        QphhResult signo;
        List<List<Object>> signoState;
        try (SignoSide side = SignoSide.open(options)) {
            long loadNanos = loadAndReset(side);
            notes.add(String.format(Locale.ROOT, "Signo: tables loaded in %.1f s (0 when loaded before), database %s", loadNanos / 1e9, options.database()));
            DuckDbProcess duckDb = null;
            QphhResult duckDbResult = null;
            List<List<Object>> duckDbState = null;
            try {
                if (options.compareDuckDb()) {
                    duckDb = DuckDbProcess.start(childHeap());
                    DuckDbProcess.LoadFigures load = duckDb.load(QuerySuite.TPCH, options.scaleFactor(), options.threads(), true);
                    notes.add(String.format(Locale.ROOT, "DuckDB %s (process %d): appended the same rows in %.1f s, database file %.1f MiB", load.duckDbVersion(), duckDb.pid(),
                            load.loadNanos() / 1e9, load.fileBytes() / MIB));
                    log("%s", notes.getLast());
                }
                int disagreements = warmUp(side, duckDb, notes);
                if (options.warmupRounds() > 0) {
                    warmUpRefreshFunctions(side, workload, notes);
                }
                log("Signo: the timed run");
                signo = new QphhRun(workload, side.target(), line -> log("Signo %s", line)).run();
                signoState = side.rows(STATE_QUERY);
                if (duckDb != null) {
                    log("DuckDB: the timed run");
                    duckDbResult = duckDb.qphh(options.scaleFactor(), options.streams(), options.seed(), options.warmupRounds());
                    duckDbState = duckDb.rows(STATE_QUERY);
                    if (ResultComparison.differenceOfAnswers(STATE_QUERY, List.of("a", "b", "c", "d", "e", "f"), duckDbState, signoState).isPresent()) {
                        disagreements++;
                        notes.add("the final state differs: Signo " + signoState + ", DuckDB " + duckDbState);
                    }
                    else {
                        notes.add("after the run both engines hold the same orders and lineitem (row counts, sums of keys and prices): " + signoState.getFirst());
                    }
                }
                else {
                    notes.add("after the run: orders and lineitem " + signoState.getFirst());
                }
                QphhReport report = new QphhReport(commandLine, machine, options, signo, duckDbResult, notes);
                System.out.println();
                System.out.print(report.markdown());
                if (options.csv() != null) {
                    Files.writeString(options.csv(), report.csv());
                    log("wrote %s", options.csv());
                }
                if (options.report() != null) {
                    Files.writeString(options.report(), report.markdown());
                    Path chart = QphhReport.chartPath(options.report());
                    report.writeChart(chart);
                    log("wrote %s and %s", options.report(), chart);
                }
                return disagreements == 0 && signo.failures().isEmpty() && (duckDbResult == null || duckDbResult.failures().isEmpty());
            }
            finally {
                if (duckDb != null) {
                    duckDb.close();
                }
            }
        }
    }

    /** Counts and sums of orders and lineitem that any difference in the refresh functions' effect changes. */
    static final String STATE_QUERY = "SELECT (SELECT count(*) FROM orders) AS a, (SELECT sum(o_orderkey) FROM orders) AS b, (SELECT sum(o_totalprice) FROM orders) AS c, "
            + "(SELECT count(*) FROM lineitem) AS d, (SELECT sum(l_orderkey) FROM lineitem) AS e, (SELECT sum(l_extendedprice) FROM lineitem) AS f";

    /** Loads the tables the database lacks, then removes what earlier runs' refresh functions left: the run starts from the loaded state. */
    private long loadAndReset(SignoSide side)
            throws Exception
    {
        long loadNanos = 0;
        for (String table : GeneratedTpchTables.tableNames()) {
            if (side.catalogHas(table)) {
                continue;
            }
            long start = System.nanoTime();
            side.execute(GeneratedTpchTables.loadStatement(table, options.scaleFactor()));
            loadNanos += System.nanoTime() - start;
            log("Signo: loaded %s in %.1f s", table, (System.nanoTime() - start) / 1e9);
        }
        long[] firstDeleted = TpchRefreshData.deletedOrderKeys(options.scaleFactor(), 1);
        long lowest = Arrays.stream(firstDeleted).max().orElseThrow();
        String schema = "tpch." + GeneratedTpchTables.schemaName(options.scaleFactor());
        long refreshed = count(side, "SELECT count(*) FROM orders WHERE o_orderkey % 32 >= 8");
        long low = count(side, "SELECT count(*) FROM orders WHERE o_orderkey <= " + lowest);
        if (refreshed != 0 || low != firstDeleted.length) {
            log("Signo: removing the %d orders earlier refresh functions inserted and restoring the %d they deleted", refreshed, firstDeleted.length - low);
            // the generator's segments know their order-key ranges: the INSERTs generate the few that hold keys up to the lowest
            side.target().refresh(0, List.of(
                    "DELETE FROM lineitem WHERE l_orderkey % 32 >= 8 OR l_orderkey <= " + lowest,
                    "DELETE FROM orders WHERE o_orderkey % 32 >= 8 OR o_orderkey <= " + lowest,
                    "INSERT INTO lineitem SELECT * FROM " + schema + ".lineitem WHERE l_orderkey <= " + lowest,
                    "INSERT INTO orders SELECT * FROM " + schema + ".orders WHERE o_orderkey <= " + lowest));
        }
        return loadNanos;
    }

    private static long count(SignoSide side, String sql)
    {
        return ((Number) side.rows(sql).getFirst().getFirst()).longValue();
    }

    /** Warm-up rounds of the 22 queries with the validation parameters on both engines; the first round's answers are compared. */
    private int warmUp(SignoSide side, DuckDbProcess duckDb, List<String> notes)
            throws IOException
    {
        int disagreements = 0;
        for (int round = 0; round < options.warmupRounds(); round++) {
            log("warm-up round %d of %d", round + 1, options.warmupRounds());
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                String sql = TpchQueries.query(query);
                QueryResult result = side.result(sql);
                if (round == 0 && duckDb != null) {
                    Optional<String> difference = ResultComparison.differenceOfAnswers(sql, result.columnNames(), duckDb.rows(sql), ResultRows.toRows(result));
                    if (difference.isPresent()) {
                        disagreements++;
                        notes.add("q" + query + ": Signo's answer differs from DuckDB's: " + difference.get());
                        log("%s", notes.getLast());
                    }
                }
            }
        }
        if (options.warmupRounds() > 0 && duckDb != null) {
            notes.add(disagreements == 0 ? "before the run, the 22 queries (validation parameters) answer as DuckDB does" : disagreements + " of the 22 queries answer otherwise than DuckDB");
        }
        return disagreements;
    }

    /**
     * Runs Signo's write path once before the timed run, as the warm-up rounds run its queries, so that
     * the power test's RF1 is not the first INSERT the JIT compiler sees (its first run in a process
     * took 5.6 s of CPU at SF 1 against 0.3 s once compiled): RF1 of pair 1 into empty copies of orders
     * and lineitem (same layout), which are then dropped, and RF2 of pair 2 on orders and lineitem,
     * whose keys (those pair 1's RF1 inserts) are not there yet, so it deletes nothing and commits
     * nothing. The database is left as it was.
     */
    private void warmUpRefreshFunctions(SignoSide side, QphhWorkload workload, List<String> notes)
            throws Exception
    {
        log("Signo: warming up the write path (RF1 into copies of orders and lineitem, RF2 of keys not there yet)");
        long start = System.nanoTime();
        Path updates = Files.createTempDirectory("signo-qphh-warmup-");
        try {
            List<Path> files = workload.refreshData(1).writeUpdateFiles(updates);
            for (String table : List.of("orders", "lineitem")) {
                side.execute("DROP TABLE IF EXISTS " + WARMUP_PREFIX + table);
                side.execute(GeneratedTpchTables.loadStatement(table, options.scaleFactor())
                        .replaceFirst("^CREATE TABLE " + table, "CREATE TABLE " + WARMUP_PREFIX + table)
                        .replaceFirst(" AS SELECT .*$", " AS SELECT * FROM " + table + " WHERE FALSE"));
            }
            side.target().refresh(0, SignoQphhTarget.refreshFunction1(files.get(0), files.get(1), WARMUP_PREFIX + "orders", WARMUP_PREFIX + "lineitem"));
            if (workload.refreshPairs() > 1) {
                side.target().refresh(0, workload.refreshData(2).refreshFunction2());
            }
        }
        finally {
            for (String table : List.of("orders", "lineitem")) {
                side.execute("DROP TABLE IF EXISTS " + WARMUP_PREFIX + table);
            }
            try (var files = Files.list(updates)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(updates);
        }
        notes.add(String.format(Locale.ROOT, "Signo: the write path warmed up before the timed run in %.1f s (RF1 into copies of orders and lineitem, dropped after; "
                + "RF2 of keys not yet inserted, which deletes nothing)", (System.nanoTime() - start) / 1e9));
    }

    private static final String WARMUP_PREFIX = "qphh_warmup_";

    /** Signo's side: an engine over the database in this process, or a cluster of worker processes over it. */
    private record SignoSide(SignoEngine engine, ClusterQueryRunner cluster, QphhTarget target)
            implements AutoCloseable
    {
        static SignoSide open(Options options)
        {
            if (options.workers() > 0) {
                String heap = System.getenv().getOrDefault("SIGNO_WORKER_HEAP", Math.max(512, MachineDescription.current().memoryBytes() / 4 / options.workers() / (1 << 20)) + "m");
                ClusterQueryRunner cluster = ClusterQueryRunner.startWithDatabase(options.workers(), List.of(), heap, options.database(), null,
                        Math.max(1, options.threads() / options.workers()), ExchangeSettings.DEFAULT, "127.0.0.1", "127.0.0.1");
                return new SignoSide(null, cluster, SignoQphhTarget.onCluster(cluster.coordinator()));
            }
            SignoEngine engine = new SignoEngine(Database.open(options.database()), options.threads());
            return new SignoSide(engine, null, SignoQphhTarget.inProcess(engine));
        }

        boolean catalogHas(String table)
        {
            return (cluster != null ? cluster.catalog() : engine.catalog()).table(table) != null;
        }

        /**
         * Runs a statement outside the timed tests (the load, the reset, the warm-up, the checks). The
         * first statements a fresh JVM plans run interpreted while classes load; on a loaded machine
         * that can pass the planner's 60 s deadline, so a statement stopped there is tried again, up to
         * {@value #PLANNING_ATTEMPTS} times, with what the stopped attempt loaded and compiled. The
         * timed tests never retry.
         */
        QueryResult result(String sql)
        {
            for (int attempt = 1;; attempt++) {
                try {
                    return cluster != null ? cluster.coordinator().execute(BenchSessions.planningEveryStatement("bench"), sql, new QueryControl(), _ -> {}) : engine.execute(sql);
                }
                catch (SignoException e) {
                    if (e.errorCode() != ErrorCode.PLANNING_TIMEOUT || attempt == PLANNING_ATTEMPTS) {
                        throw e;
                    }
                    log("Signo: planning stopped at its deadline before the timed run (a cold JVM on a loaded machine); trying again: %s", abbreviated(sql));
                }
            }
        }

        private static final int PLANNING_ATTEMPTS = 3;

        private static String abbreviated(String sql)
        {
            String line = sql.replaceAll("\\s+", " ").strip();
            return line.length() <= 80 ? line : line.substring(0, 77) + "...";
        }

        void execute(String sql)
        {
            result(sql);
        }

        List<List<Object>> rows(String sql)
        {
            return ResultRows.toRows(result(sql));
        }

        @Override
        public void close()
        {
            if (cluster != null) {
                cluster.close();
            }
            else {
                engine.close();
            }
        }
    }

    private static String childHeap()
    {
        String configured = System.getenv("SIGNO_BENCH_DUCKDB_HEAP");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        return Math.clamp(MachineDescription.current().memoryBytes() / 8 / (1 << 20), 1024, 8192) + "m";
    }

    private String scale()
    {
        return QphhReport.formatScale(options.scaleFactor());
    }

    static void log(String format, Object... arguments)
    {
        System.err.println("bench: " + String.format(format, arguments));
    }

    static final double MIB = 1 << 20;
    static final double GIB = 1 << 30;

    /** Peak resident bytes of this process since the last reset, for the report. */
    static long peakResidentBytes()
    {
        return PeakMemory.peakResidentBytes();
    }
}
