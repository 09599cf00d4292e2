package io.signo.bench.queries;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** The CSV and Markdown forms of a {@link QueryBenchmark}'s results. */
final class QueryBenchmarkReport
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
    private final QueryBenchmarkOptions options;
    private final List<QueryTimings> timings;
    private final LoadFigures load;

    QueryBenchmarkReport(String commandLine, MachineDescription machine, QueryBenchmarkOptions options, List<QueryTimings> timings, LoadFigures load)
    {
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
        this.machine = requireNonNull(machine, "machine is null");
        this.options = requireNonNull(options, "options is null");
        this.timings = List.copyOf(timings);
        this.load = requireNonNull(load, "load is null");
    }

    /**
     * {@code query,signo_ms,duckdb_ms,ratio,answer,error}, one row per query: the medians and their
     * ratio (empty for a query an engine failed, DuckDB's columns empty when it was not run), then
     * {@code matches}, {@code differs}, {@code failed} or {@code unchecked} (without DuckDB), and the
     * failure's message.
     */
    String csv()
    {
        StringBuilder csv = new StringBuilder("query,signo_ms,duckdb_ms,ratio,answer,error\n");
        for (QueryTimings timing : timings) {
            csv.append(timing.name()).append(',');
            if (timing.answered()) {
                csv.append(number(timing.signoMillis(), 3)).append(',');
                if (options.compareDuckDb()) {
                    csv.append(number(timing.duckDbMillis(), 3)).append(',').append(number(timing.ratio(), 3));
                }
                else {
                    csv.append(',');
                }
            }
            else {
                csv.append(",,");
            }
            csv.append(',').append(answer(timing)).append(',');
            if (!timing.answered()) {
                csv.append('"').append(firstLine(timing.failure()).replace("\"", "\"\"")).append('"');
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    private String answer(QueryTimings timing)
    {
        if (!timing.answered()) {
            return "failed";
        }
        if (!options.compareDuckDb()) {
            return "unchecked";
        }
        return timing.difference() == null ? "matches" : "differs";
    }

    String markdown()
    {
        boolean duckDb = options.compareDuckDb();
        StringBuilder md = new StringBuilder();
        md.append("# ").append(options.suite().title()).append(" SF ").append(formatScale(options.scaleFactor())).append(", ").append(options.threads())
                .append(options.threads() == 1 ? " thread" : " threads").append(duckDb ? ": Signo against DuckDB" : ": Signo").append("\n\n");
        md.append("Command: `bin/signo bench ").append(commandLine).append("`  \n");
        md.append("Run at ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append("; medians of ").append(options.runs())
                .append(" runs after one warm-up round, each query run on Signo then on DuckDB in turn");
        md.append(duckDb ? "; every answer checked against DuckDB's first (rows with equal ORDER BY keys may come in any order).\n\n" : ".\n\n");
        md.append("Machine: ").append(machine.cpuModel()).append(", ").append(machine.cores()).append(" cores, ")
                .append(number(machine.memoryBytes() / QueryBenchmark.GIB, 1)).append(" GiB memory; ")
                .append(machine.operatingSystem()).append("; ").append(machine.javaVersion()).append("; DuckDB ")
                .append(load.duckDbLoad() == null ? "not run" : load.duckDbLoad().duckDbVersion()).append(" (JDBC) with `SET threads = ").append(options.threads()).append("`.\n\n");

        md.append("Signo's time is end to end (planning + execution, results collected in memory); DuckDB's is "
                + "`executeQuery` through reading every value of the JDBC result.\n\n");
        md.append(duckDb
                ? "| query | Signo ms | plan ms | execute ms | DuckDB ms | ratio | answer |\n|---|---:|---:|---:|---:|---:|---|\n"
                : "| query | Signo ms | plan ms | execute ms |\n|---|---:|---:|---:|\n");
        double signoTotal = 0;
        double planningTotal = 0;
        double executionTotal = 0;
        double duckDbTotal = 0;
        double logRatioSum = 0;
        int answered = 0;
        QueryTimings worst = null;
        for (QueryTimings timing : timings) {
            md.append("| ").append(timing.name());
            if (!timing.answered()) {
                md.append(duckDb ? " | - | - | - | - | - | failed |\n" : " | - | - | - |\n");
                continue;
            }
            answered++;
            signoTotal += timing.signoMillis();
            planningTotal += timing.planningMillis();
            executionTotal += timing.executionMillis();
            md.append(" | ").append(number(timing.signoMillis(), 1))
                    .append(" | ").append(number(timing.planningMillis(), 1))
                    .append(" | ").append(number(timing.executionMillis(), 1));
            if (duckDb) {
                duckDbTotal += timing.duckDbMillis();
                logRatioSum += Math.log(timing.ratio());
                if (worst == null || timing.ratio() > worst.ratio()) {
                    worst = timing;
                }
                md.append(" | ").append(number(timing.duckDbMillis(), 1)).append(" | ").append(number(timing.ratio(), 2)).append(" | ").append(answer(timing));
            }
            md.append(" |\n");
        }
        md.append("| **total** (").append(answered).append(" queries) | ").append(number(signoTotal, 1)).append(" | ").append(number(planningTotal, 1)).append(" | ")
                .append(number(executionTotal, 1));
        if (duckDb) {
            md.append(" | ").append(number(duckDbTotal, 1)).append(" | ").append(answered == 0 ? "-" : number(signoTotal / duckDbTotal, 2)).append(" |");
        }
        md.append(" |\n\n");
        List<QueryTimings> failed = timings.stream().filter(timing -> !timing.answered()).toList();
        List<QueryTimings> differing = timings.stream().filter(timing -> timing.answered() && timing.difference() != null).toList();
        if (duckDb && answered > 0) {
            double geometricMean = Math.exp(logRatioSum / answered);
            md.append("**Geometric mean of the ratios (Signo / DuckDB): ").append(number(geometricMean, 2)).append("**, over ")
                    .append(answered == timings.size() ? "all " + answered : "the " + answered + " of " + timings.size()).append(" queries both engines answered")
                    .append(differing.isEmpty() ? "" : " (" + differing.size() + " of them with an answer that differs from DuckDB's)")
                    .append("; worst ").append(worst.name()).append(" at ").append(number(worst.ratio(), 2)).append(".\n\n");
            md.append("Slowest against DuckDB: ");
            List<QueryTimings> slowest = timings.stream().filter(QueryTimings::answered).sorted((left, right) -> Double.compare(right.ratio(), left.ratio())).limit(5).toList();
            for (int i = 0; i < slowest.size(); i++) {
                md.append(i == 0 ? "" : ", ").append(slowest.get(i).name()).append(" ").append(number(slowest.get(i).ratio(), 2)).append("x");
            }
            md.append(".\n\n");
        }
        if (duckDb) {
            if (failed.isEmpty() && differing.isEmpty()) {
                md.append("Answers: all ").append(timings.size()).append(" queries agree with DuckDB.\n\n");
            }
            else {
                md.append("Answers: ").append(timings.size() - failed.size() - differing.size()).append(" of ").append(timings.size()).append(" queries agree with DuckDB.\n\n");
            }
            if (!differing.isEmpty()) {
                md.append(differing.size()).append(differing.size() == 1 ? " query DIFFERS" : " queries DIFFER").append(" from DuckDB (timed, in the mean):\n\n");
                differing.forEach(timing -> md.append("- ").append(timing.name()).append(": ").append(timing.difference().replace('\n', ' ')).append('\n'));
                md.append('\n');
            }
        }
        if (!failed.isEmpty()) {
            md.append(failed.size()).append(failed.size() == 1 ? " query" : " queries").append(" failed (not timed, not in the mean):\n\n");
            failed.forEach(timing -> md.append("- ").append(timing.name()).append(": ").append(firstLine(timing.failure())).append('\n'));
            md.append('\n');
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

    /** A failure's first line: its code and message, without the statement's text that some messages go on with. */
    private static String firstLine(String text)
    {
        int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).strip();
    }

    static String formatScale(double scaleFactor)
    {
        return scaleFactor == Math.rint(scaleFactor) ? Long.toString((long) scaleFactor) : Double.toString(scaleFactor);
    }

    private static String mebibytes(long bytes)
    {
        return bytes < 0 ? "n/a" : number(bytes / QueryBenchmark.MIB, 0);
    }

    private static String number(double value, int decimals)
    {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
