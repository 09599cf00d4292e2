package io.signo.bench.tpch;

import io.signo.reference.ResultComparison;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Signo against DuckDB on the 22 TPC-H queries: generates the data once (or, with --db, loads it
 * into a Signo database and DuckDB a database file), loads the same rows into DuckDB (in a child
 * process, so each engine's peak memory is its own), checks that both answer alike, then times each
 * query alternately on both, a warm-up round first.
 */
public final class TpchBenchmark
{
    private final TpchBenchmarkOptions options;
    private final String commandLine;

    public TpchBenchmark(TpchBenchmarkOptions options, String commandLine)
    {
        this.options = requireNonNull(options, "options is null");
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
    }

    /** Runs the comparison and writes the requested files; false if some answer differed from DuckDB's. */
    public boolean run()
            throws IOException
    {
        MachineDescription machine = MachineDescription.current();
        log("machine: %s, %d cores, %.1f GiB; TPC-H SF %s, %d threads, %d runs", machine.cpuModel(), machine.cores(), machine.memoryBytes() / GIB, formatScale(), options.threads(), options.runs());

        try (SignoTables tables = options.database() != null ? storedTables() : generatedTables()) {
            SignoEngine engine = tables.engine();
            DuckDbProcess duckDb = null;
            DuckDbProcess.LoadFigures duckDbLoad = null;
            try {
                if (options.compareDuckDb()) {
                    duckDb = DuckDbProcess.start(childHeap());
                    duckDbLoad = duckDb.load(options.scaleFactor(), options.threads(), options.database() != null);
                    log("DuckDB (process %d): appended the same rows in %.1f s (after generating them in %.1f s)%s", duckDb.pid(), duckDbLoad.loadNanos() / 1e9, duckDbLoad.generateNanos() / 1e9,
                            duckDbLoad.fileBytes() > 0 ? String.format(Locale.ROOT, ", database file %.1f MiB", duckDbLoad.fileBytes() / MIB) : "");
                }

                Map<Integer, String> mismatches = options.compareDuckDb() ? checkAnswers(engine, duckDb) : Map.of();

                log("warm-up round");
                for (int query : options.queries()) {
                    runOnce(engine, duckDb, TpchQueries.query(query), null);
                }
                List<QueryTimings> timings = new ArrayList<>();
                for (int query : options.queries()) {
                    timings.add(new QueryTimings(query, options.runs()));
                }
                for (int run = 1; run <= options.runs(); run++) {
                    log("run %d of %d", run, options.runs());
                    for (QueryTimings timing : timings) {
                        runOnce(engine, duckDb, TpchQueries.query(timing.query()), timing);
                    }
                }

                long signoPeakBytes = PeakMemory.peakResidentBytes();
                DuckDbProcess.MemoryFigures duckDbMemory = duckDb == null ? null : duckDb.memory();
                TpchReport report = new TpchReport(commandLine, machine, options, timings, mismatches,
                        new TpchReport.LoadFigures(tables.loadNanos(), tables.dataBytes(), tables.diskBytes(), tables.openNanos(), signoPeakBytes, duckDbLoad, duckDbMemory));
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
                return mismatches.isEmpty();
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
    private record SignoTables(SignoEngine engine, TpchDataSet generated, long loadNanos, long dataBytes, long diskBytes, long openNanos)
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
        TpchDataSet dataSet = TpchData.generateDataSet(options.scaleFactor(), options.threads(), MemoryPool.unbounded("tpch-data"));
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

    private Map<Integer, String> checkAnswers(SignoEngine engine, DuckDbProcess duckDb)
            throws IOException
    {
        Map<Integer, String> mismatches = new LinkedHashMap<>();
        for (int query : options.queries()) {
            String sql = TpchQueries.query(query);
            boolean ordered = sql.toLowerCase(Locale.ROOT).contains("order by");
            Optional<String> difference;
            try {
                difference = ResultComparison.difference(duckDb.rows(sql), ResultRows.toRows(engine.execute(sql)), ordered);
            }
            catch (RuntimeException e) {
                difference = Optional.of("Signo failed: " + e);
            }
            difference.ifPresent(text -> {
                mismatches.put(query, text);
                log("q%02d: Signo's answer differs from DuckDB's: %s", query, text);
            });
        }
        log("answers checked: %d of %d queries agree with DuckDB", options.queries().size() - mismatches.size(), options.queries().size());
        return mismatches;
    }

    private static void runOnce(SignoEngine engine, DuckDbProcess duckDb, String sql, QueryTimings timings)
            throws IOException
    {
        long planStart = System.nanoTime();
        PlannedQuery planned = engine.plan(sql);
        long executeStart = System.nanoTime();
        engine.execute(planned);
        long executeEnd = System.nanoTime();
        long duckDbNanos = duckDb == null ? 0 : duckDb.timeNanos(sql);
        if (timings != null) {
            timings.add(executeStart - planStart, executeEnd - executeStart, duckDb == null ? -1 : duckDbNanos);
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
        return TpchReport.formatScale(options.scaleFactor());
    }

    private static void log(String format, Object... arguments)
    {
        System.err.println("bench: " + String.format(format, arguments));
    }

    static final double MIB = 1 << 20;
    static final double GIB = 1 << 30;
}
