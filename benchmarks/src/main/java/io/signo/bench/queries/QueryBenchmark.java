package io.signo.bench.queries;

import io.signo.bench.BenchSessions;
import io.signo.reference.ResultComparison;
import io.signo.server.cli.ProgressLine;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.error.SignoException;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.GeneratedTpchTables;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * Signo against DuckDB on a suite's queries (the 22 of TPC-H, the 103 statements of TPC-DS):
 * generates the data once (or, for TPC-H with --db, loads it into a Signo database and DuckDB a
 * database file), loads the same rows into DuckDB (in a child process, so each engine's peak memory
 * is its own), checks every answer (rows with equal ORDER BY keys may come in any order), then times
 * each query both engines answered alternately on both, a warm-up round first. A query Signo fails,
 * or runs longer than the time limit, is reported with its error and not timed.
 */
public final class QueryBenchmark
{
    private final QueryBenchmarkOptions options;
    private final String commandLine;
    private final Session session = BenchSessions.planningEveryStatement("bench");
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("bench-timeout").factory());

    /** The progress line of the running benchmark, on a terminal only: erased before each log line. */
    private static volatile ProgressLine progress;
    private final AtomicInteger stepsDone = new AtomicInteger();
    private volatile String currentStep;

    public QueryBenchmark(QueryBenchmarkOptions options, String commandLine)
    {
        this.options = requireNonNull(options, "options is null");
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
    }

    /** Runs the comparison and writes the requested files; false if some answer differed from DuckDB's or some query failed. */
    public boolean run()
            throws IOException
    {
        try {
            return compare();
        }
        finally {
            timer.shutdownNow();
        }
    }

    private boolean compare()
            throws IOException
    {
        MachineDescription machine = MachineDescription.current();
        log("machine: %s, %d cores, %.1f GiB; %s SF %s, %d threads, %d runs", machine.cpuModel(), machine.cores(), machine.memoryBytes() / GIB, options.suite().title(), formatScale(),
                options.threads(), options.runs());

        try (SignoTables tables = options.database() != null ? storedTables() : generatedTables()) {
            SignoEngine engine = tables.engine();
            DuckDbProcess duckDb = null;
            DuckDbProcess.LoadFigures duckDbLoad = null;
            try {
                if (options.compareDuckDb()) {
                    duckDb = DuckDbProcess.start(childHeap());
                    duckDbLoad = duckDb.load(options.suite(), options.scaleFactor(), options.threads(), options.database() != null);
                    log("DuckDB (process %d): appended the same rows in %.1f s (after generating them in %.1f s)%s", duckDb.pid(), duckDbLoad.loadNanos() / 1e9, duckDbLoad.generateNanos() / 1e9,
                            duckDbLoad.fileBytes() > 0 ? String.format(Locale.ROOT, ", database file %.1f MiB", duckDbLoad.fileBytes() / MIB) : "");
                }

                List<QueryTimings> timings = new ArrayList<>();
                for (String query : options.queries()) {
                    timings.add(new QueryTimings(query, options.runs()));
                }
                int rounds = (options.compareDuckDb() ? 1 : 0) + 1 + options.runs();
                try (ProgressLine line = ProgressLine.start(ProgressLine.standardErrorOnTerminal(),
                        nanos -> ProgressLine.bar(nanos, stepsDone.get(), rounds * timings.size(), currentStep))) {
                    progress = line;
                    if (options.compareDuckDb()) {
                        checkAnswers(engine, duckDb, timings);
                    }

                    log("warm-up round");
                    for (QueryTimings timing : timings) {
                        step("warm-up " + timing.name());
                        runOnce(engine, duckDb, timing, false);
                    }
                    for (int run = 1; run <= options.runs(); run++) {
                        log("run %d of %d", run, options.runs());
                        for (QueryTimings timing : timings) {
                            step("run " + run + " of " + options.runs() + ": " + timing.name());
                            runOnce(engine, duckDb, timing, true);
                        }
                    }
                }
                finally {
                    progress = null;
                }

                long signoPeakBytes = PeakMemory.peakResidentBytes();
                DuckDbProcess.MemoryFigures duckDbMemory = duckDb == null ? null : duckDb.memory();
                QueryBenchmarkReport report = new QueryBenchmarkReport(commandLine, machine, options, timings,
                        new QueryBenchmarkReport.LoadFigures(tables.loadNanos(), tables.dataBytes(), tables.diskBytes(), tables.openNanos(), signoPeakBytes, duckDbLoad, duckDbMemory));
                System.out.println();
                System.out.print(report.markdown());
                if (options.csv() != null) {
                    Files.writeString(options.csv(), report.csv());
                    log("wrote %s", options.csv());
                }
                if (options.report() != null) {
                    Files.writeString(options.report(), report.markdown());
                    log("wrote %s", options.report());
                }
                return timings.stream().allMatch(timing -> timing.answered() && timing.difference() == null);
            }
            finally {
                if (duckDb != null) {
                    duckDb.close();
                }
            }
        }
    }

    /**
     * Signo's side of the run: an engine over its tables, what making them cost (generation, or the load
     * into a database), their bytes in memory or on disk (-1 when not stored), and for a database how long
     * opening it took.
     */
    private record SignoTables(SignoEngine engine, GeneratedDataSet generated, long loadNanos, long dataBytes, long diskBytes, long openNanos)
            implements AutoCloseable
    {
        /** Closes the engine, then frees the generated tables it read (a database is closed by its engine). */
        @Override
        public void close()
        {
            try (engine) {
                // the engine first: nothing may read the generated pages once they are freed
            }
            finally {
                if (generated != null) {
                    generated.close();
                }
            }
        }
    }

    private SignoTables generatedTables()
    {
        long generateStart = System.nanoTime();
        GeneratedDataSet dataSet = options.suite().generate(options.scaleFactor(), options.threads(), partition -> true, options.threads(),
                MemoryPool.unbounded(options.suite().commandName() + "-data"));
        long loadNanos = System.nanoTime() - generateStart;
        log("Signo: generated %.1f MiB of tables in %.1f s", dataSet.allocatedBytes() / MIB, loadNanos / 1e9);
        return new SignoTables(new SignoEngine(dataSet.catalog(), options.threads()), dataSet, loadNanos, dataSet.allocatedBytes(), -1, 0);
    }

    /** Opens the database of --db, loading the TPC-H tables it lacks from the generator catalog (one CREATE TABLE AS each). */
    private SignoTables storedTables()
            throws IOException
    {
        long openStart = System.nanoTime();
        BlockCache cache = options.cacheBytes() == null ? Database.defaultCache() : new BlockCache(options.cacheBytes(), MemoryPool.unbounded("block-cache"));
        SignoEngine engine = new SignoEngine(Database.open(options.database(), cache), options.threads());
        log("Signo: a cache of %.0f MiB for decoded chunks", cache.capacityBytes() / MIB);
        long openNanos = System.nanoTime() - openStart;
        long loadNanos = 0;
        for (String table : GeneratedTpchTables.tableNames()) {
            if (engine.catalog().table(table) != null) {
                continue;
            }
            long start = System.nanoTime();
            engine.execute(GeneratedTpchTables.loadStatement(table, options.scaleFactor()));
            long nanos = System.nanoTime() - start;
            loadNanos += nanos;
            log("Signo: loaded %s into %s in %.1f s", table, options.database(), nanos / 1e9);
        }
        long diskBytes;
        try (var files = Files.walk(options.database())) {
            diskBytes = files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
        log("Signo: database %s holds %.1f MiB on disk%s", options.database(), diskBytes / MIB, loadNanos == 0 ? " (loaded before; opened in " + openNanos / 1_000_000 + " ms)" : "");
        return new SignoTables(engine, null, loadNanos, -1, diskBytes, openNanos);
    }

    /** Runs every query once on both engines and compares the answers; a query either engine fails is marked failed. */
    private void checkAnswers(SignoEngine engine, DuckDbProcess duckDb, List<QueryTimings> timings)
    {
        int agree = 0;
        for (QueryTimings timing : timings) {
            step("checking " + timing.name());
            String sql = options.suite().query(timing.name());
            List<List<Object>> expected;
            try {
                expected = duckDb.rows(sql);
            }
            catch (IOException e) {
                timing.failed("DuckDB failed: " + e.getMessage());
                log("%s: %s", timing.name(), timing.failure());
                continue;
            }
            QueryResult result;
            try {
                result = execute(engine, sql).result();
            }
            catch (RuntimeException e) {
                timing.failed("Signo failed: " + describe(e));
                log("%s: %s", timing.name(), timing.failure());
                continue;
            }
            Optional<String> difference = ResultComparison.differenceOfAnswers(sql, result.columnNames(), expected, ResultRows.toRows(result));
            if (difference.isPresent()) {
                timing.answerDiffers(difference.get());
                log("%s: Signo's answer differs from DuckDB's: %s", timing.name(), difference.get());
            }
            else {
                agree++;
            }
        }
        log("answers checked: %d of %d queries agree with DuckDB", agree, timings.size());
    }

    /** Runs a query both engines answered once on each, recording the times when {@code timed}; a failure of Signo's marks it failed. */
    private void runOnce(SignoEngine engine, DuckDbProcess duckDb, QueryTimings timing, boolean timed)
            throws IOException
    {
        if (!timing.answered()) {
            return;
        }
        String sql = options.suite().query(timing.name());
        SignoRun signo;
        try {
            signo = execute(engine, sql);
        }
        catch (RuntimeException e) {
            timing.failed("Signo failed: " + describe(e));
            log("%s: %s", timing.name(), timing.failure());
            return;
        }
        long duckDbNanos = duckDb == null ? -1 : duckDb.timeNanos(sql);
        if (timed) {
            timing.add(signo.planningNanos(), signo.executionNanos(), duckDbNanos);
        }
    }

    /** A failure as the user sees it: its error code and message. */
    private static String describe(RuntimeException failure)
    {
        return failure instanceof SignoException signo ? signo.errorCode() + ": " + signo.getMessage() : failure.toString();
    }

    /** One run of a query on Signo: its result, and how long planning and execution took. */
    private record SignoRun(QueryResult result, long planningNanos, long executionNanos) {}

    /** Plans and runs {@code sql}, cancelling it when it runs longer than the time limit (then it throws QUERY_CANCELLED). */
    private SignoRun execute(SignoEngine engine, String sql)
    {
        QueryControl control = new QueryControl();
        ScheduledFuture<?> cancel = timer.schedule(() -> control.cancel("ran longer than the benchmark's limit of " + options.timeoutSeconds() + " s"), options.timeoutSeconds(),
                TimeUnit.SECONDS);
        try {
            long planStart = System.nanoTime();
            PlannedQuery planned = engine.plan(session, sql, control);
            long executeStart = System.nanoTime();
            QueryResult result = engine.start(planned, session, control).collect();
            long executeEnd = System.nanoTime();
            return new SignoRun(result, executeStart - planStart, executeEnd - executeStart);
        }
        finally {
            cancel.cancel(false);
        }
    }

    /** The DuckDB process's heap only holds the generator's garbage (the pages are native): an eighth of the machine, 1 to 8 GiB. */
    private static String childHeap()
    {
        String configured = System.getenv("SIGNO_BENCH_DUCKDB_HEAP");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        long total = MachineDescription.current().memoryBytes();
        return Math.clamp(total / 8 / (1 << 20), 1024, 8192) + "m";
    }

    private String formatScale()
    {
        return QueryBenchmarkReport.formatScale(options.scaleFactor());
    }

    /** Counts the step before this one as done and names the one starting, for the progress line. */
    private void step(String name)
    {
        if (currentStep != null) {
            stepsDone.incrementAndGet();
        }
        currentStep = name;
    }

    private static void log(String format, Object... arguments)
    {
        ProgressLine line = progress;
        if (line != null) {
            line.erase();
        }
        System.err.println("bench: " + String.format(format, arguments));
    }

    static final double MIB = 1 << 20;
    static final double GIB = 1 << 30;
}
