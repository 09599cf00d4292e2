package io.signo.bench.tpch;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/** The CSV and Markdown forms of a TPC-H comparison's results. */
final class TpchReport
{
    /** Load times and memory of both engines; the DuckDB figures are null when it was not run. */
    record LoadFigures(long signoLoadNanos, long dataBytes, long signoDiskBytes, long signoOpenNanos, long signoPeakBytes, DuckDbProcess.LoadFigures duckDbLoad,
            DuckDbProcess.MemoryFigures duckDbMemory)
    {
        boolean stored()
        {
            return signoDiskBytes >= 0;
        }
    }

    private final String commandLine;
    private final MachineDescription machine;
    private final TpchBenchmarkOptions options;
    private final List<QueryTimings> timings;
    private final Map<Integer, String> mismatches;
    private final LoadFigures load;

    TpchReport(String commandLine, MachineDescription machine, TpchBenchmarkOptions options, List<QueryTimings> timings, Map<Integer, String> mismatches, LoadFigures load)
    {
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
        this.machine = requireNonNull(machine, "machine is null");
        this.options = requireNonNull(options, "options is null");
        this.timings = List.copyOf(timings);
        this.mismatches = Map.copyOf(mismatches);
        this.load = requireNonNull(load, "load is null");
    }

    /** {@code query,signo_ms,duckdb_ms,ratio}, one row per query; DuckDB's columns empty when it was not run. */
    String csv()
    {
        StringBuilder csv = new StringBuilder("query,signo_ms,duckdb_ms,ratio\n");
        for (QueryTimings timing : timings) {
            csv.append(timing.name()).append(',').append(number(timing.signoMillis(), 3)).append(',');
            if (options.compareDuckDb()) {
                csv.append(number(timing.duckDbMillis(), 3)).append(',').append(number(timing.ratio(), 3));
            }
            else {
                csv.append(',');
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    String markdown()
    {
        boolean duckDb = options.compareDuckDb();
        StringBuilder md = new StringBuilder();
        md.append("# TPC-H SF ").append(formatScale(options.scaleFactor())).append(", ").append(options.threads())
                .append(options.threads() == 1 ? " thread" : " threads").append(duckDb ? ": Signo against DuckDB" : ": Signo").append("\n\n");
        md.append("Command: `bin/signo bench ").append(commandLine).append("`  \n");
        md.append("Run at ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append("; medians of ").append(options.runs())
                .append(" runs after one warm-up round, each query run on Signo then on DuckDB in turn.\n\n");
        md.append("Machine: ").append(machine.cpuModel()).append(", ").append(machine.cores()).append(" cores, ")
                .append(number(machine.memoryBytes() / TpchBenchmark.GIB, 1)).append(" GiB memory; ")
                .append(machine.operatingSystem()).append("; ").append(machine.javaVersion()).append("; DuckDB ")
                .append(load.duckDbLoad() == null ? "not run" : load.duckDbLoad().duckDbVersion()).append(" (JDBC) with `SET threads = ").append(options.threads()).append("`.\n\n");

        md.append("Signo's time is end to end (planning + execution, results collected in memory); DuckDB's is "
                + "`executeQuery` through reading every value of the JDBC result.\n\n");
        md.append(duckDb
                ? "| query | Signo ms | plan ms | execute ms | DuckDB ms | ratio |\n|---|---:|---:|---:|---:|---:|\n"
                : "| query | Signo ms | plan ms | execute ms |\n|---|---:|---:|---:|\n");
        double signoTotal = 0;
        double planningTotal = 0;
        double executionTotal = 0;
        double duckDbTotal = 0;
        double logRatioSum = 0;
        QueryTimings worst = null;
        for (QueryTimings timing : timings) {
            signoTotal += timing.signoMillis();
            planningTotal += timing.planningMillis();
            executionTotal += timing.executionMillis();
            md.append("| ").append(timing.name()).append(mismatches.containsKey(timing.query()) ? " (answer differs)" : "")
                    .append(" | ").append(number(timing.signoMillis(), 1))
                    .append(" | ").append(number(timing.planningMillis(), 1))
                    .append(" | ").append(number(timing.executionMillis(), 1));
            if (duckDb) {
                duckDbTotal += timing.duckDbMillis();
                logRatioSum += Math.log(timing.ratio());
                if (worst == null || timing.ratio() > worst.ratio()) {
                    worst = timing;
                }
                md.append(" | ").append(number(timing.duckDbMillis(), 1)).append(" | ").append(number(timing.ratio(), 2));
            }
            md.append(" |\n");
        }
        md.append("| **total** | ").append(number(signoTotal, 1)).append(" | ").append(number(planningTotal, 1)).append(" | ").append(number(executionTotal, 1));
        if (duckDb) {
            md.append(" | ").append(number(duckDbTotal, 1)).append(" | ").append(number(signoTotal / duckDbTotal, 2));
        }
        md.append(" |\n\n");
        if (duckDb) {
            double geometricMean = Math.exp(logRatioSum / timings.size());
            md.append("**Geometric mean of the ratios (Signo / DuckDB): ").append(number(geometricMean, 2)).append("**");
            md.append("; worst ").append(worst.name()).append(" at ").append(number(worst.ratio(), 2)).append(".\n\n");
            if (mismatches.isEmpty()) {
                md.append("Answers: all ").append(timings.size()).append(" queries agree with DuckDB.\n\n");
            }
            else {
                md.append("Answers: ").append(mismatches.size()).append(" queries DIFFER from DuckDB:\n\n");
                mismatches.forEach((query, text) -> md.append(String.format("- q%02d: ", query)).append(text.replace('\n', ' ')).append('\n'));
                md.append('\n');
            }
        }

        md.append("## Load and memory\n\n");
        md.append("| | Signo | DuckDB |\n|---|---:|---:|\n");
        DuckDbProcess.LoadFigures duckDbLoad = load.duckDbLoad();
        DuckDbProcess.MemoryFigures duckDbMemory = load.duckDbMemory();
        if (load.stored()) {
            md.append("| load time s | ").append(load.signoLoadNanos() == 0 ? "- (loaded before this run)" : number(load.signoLoadNanos() / 1e9, 1) + " (CREATE TABLE AS from the generator catalog: generation, encoding, writing)")
                    .append(" | ").append(duckDbLoad == null ? "-" : number(duckDbLoad.loadNanos() / 1e9, 1) + " (appender, from pages generated beforehand in " + number(duckDbLoad.generateNanos() / 1e9, 1) + " s)").append(" |\n");
            md.append("| database on disk MiB | ").append(mebibytes(load.signoDiskBytes())).append(" | ")
                    .append(duckDbLoad == null ? "-" : mebibytes(duckDbLoad.fileBytes()) + " (after CHECKPOINT)").append(" |\n");
            md.append("| opening the database ms | ").append(number(load.signoOpenNanos() / 1e6, 0)).append(" | - |\n");
        }
        else {
            md.append("| load time s | ").append(number(load.signoLoadNanos() / 1e9, 1)).append(" (generation into Signo's pages) | ")
                    .append(duckDbLoad == null ? "-" : number(duckDbLoad.loadNanos() / 1e9, 1) + " (appender, from Signo's pages)").append(" |\n");
        }
        md.append("| peak RSS MiB | ").append(mebibytes(load.signoPeakBytes())).append(" (whole run, data generation included) | ")
                .append(duckDbMemory == null ? "-" : mebibytes(duckDbMemory.peakResidentBytes()) + (duckDbLoad.peakReset() ? " (after the load)" : " (whole process, the load included)")).append(" |\n");
        if (duckDbLoad != null) {
            md.append("| peak RSS during load MiB | - | ").append(mebibytes(duckDbLoad.peakDuringLoadBytes())).append(" (the child also held the generated pages) |\n");
            md.append("| RSS at the end MiB | ").append(mebibytes(PeakMemory.residentBytes())).append(" | ").append(mebibytes(duckDbMemory.residentBytes())).append(" |\n");
            md.append("| JVM baseline RSS MiB | - | ").append(mebibytes(duckDbLoad.baselineResidentBytes())).append(" (child at start) |\n");
            md.append("| DuckDB buffer manager MiB | - | ").append(mebibytes(duckDbMemory.duckDbBufferBytes())).append(" (`duckdb_memory()` at the end) |\n");
        }
        if (!load.stored()) {
            md.append("\nRaw size of the generated tables (Signo's in-memory pages): ").append(mebibytes(load.dataBytes())).append(" MiB. ");
        }
        else {
            md.append("\nSigno reads its tables from the database directory (memory-mapped segment files); DuckDB from its database file. ");
        }
        md.append("DuckDB runs in a child JVM process that generates the same data with the same deterministic generator, "
                + "appends it, frees the generated pages, runs a GC and resets its peak (`/proc/self/clear_refs`), "
                + "so its peak RSS is DuckDB's plus a small JVM; each peak is VmHWM from `/proc/<pid>/status`.\n");
        return md.toString();
    }

    static String formatScale(double scaleFactor)
    {
        return scaleFactor == Math.rint(scaleFactor) ? Long.toString((long) scaleFactor) : Double.toString(scaleFactor);
    }

    private static String mebibytes(long bytes)
    {
        return bytes < 0 ? "n/a" : number(bytes / TpchBenchmark.MIB, 0);
    }

    private static String number(double value, int decimals)
    {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
