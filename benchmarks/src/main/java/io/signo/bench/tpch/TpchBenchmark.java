package io.signo.bench.tpch;

import io.signo.reference.ResultComparison;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.storage.memory.MemoryPool;
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
 * Signo against DuckDB on the 22 TPC-H queries: generates the data once, loads the same rows into
 * DuckDB (in a child process, so each engine's peak memory is its own), checks that both answer
 * alike, then times each query alternately on both, a warm-up round first.
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

        long generateStart = System.nanoTime();
        try (TpchDataSet dataSet = TpchData.generateDataSet(options.scaleFactor(), options.threads(), MemoryPool.unbounded("tpch-data"))) {
            long signoLoadNanos = System.nanoTime() - generateStart;
            long dataBytes = dataSet.allocatedBytes();
            log("Signo: generated %.1f MiB of tables in %.1f s", dataBytes / MIB, signoLoadNanos / 1e9);

            DuckDbProcess duckDb = null;
            DuckDbProcess.LoadFigures duckDbLoad = null;
            try (SignoEngine engine = new SignoEngine(dataSet.catalog(), options.threads())) {
                if (options.compareDuckDb()) {
                    duckDb = DuckDbProcess.start(childHeap());
                    duckDbLoad = duckDb.load(options.scaleFactor(), options.threads());
                    log("DuckDB (process %d): appended the same rows in %.1f s (after generating them in %.1f s)", duckDb.pid(), duckDbLoad.loadNanos() / 1e9, duckDbLoad.generateNanos() / 1e9);
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
                        new TpchReport.LoadFigures(signoLoadNanos, dataBytes, signoPeakBytes, duckDbLoad, duckDbMemory));
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
