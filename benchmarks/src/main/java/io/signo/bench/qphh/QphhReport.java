package io.signo.bench.qphh;

import io.signo.bench.ProcessCpuTime;
import io.signo.bench.queries.MachineDescription;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** The side-by-side report of a {@link QphhBenchmark}: markdown, CSV ({@code metric,signo,duckdb}) and a PNG chart of the per-query times. */
final class QphhReport
{
    private static final Color SIGNO = new Color(0x2f, 0x6f, 0xb3);
    private static final Color DUCKDB = new Color(0xe0, 0xa0, 0x20);

    private final String commandLine;
    private final MachineDescription machine;
    private final QphhBenchmark.Options options;
    private final QphhResult signo;
    private final QphhResult duckDb;
    private final List<String> notes;

    /** @param duckDb DuckDB's run, or null without --compare duckdb */
    QphhReport(String commandLine, MachineDescription machine, QphhBenchmark.Options options, QphhResult signo, QphhResult duckDb, List<String> notes)
    {
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
        this.machine = requireNonNull(machine, "machine is null");
        this.options = requireNonNull(options, "options is null");
        this.signo = requireNonNull(signo, "signo is null");
        this.duckDb = duckDb;
        this.notes = List.copyOf(notes);
    }

    static Path chartPath(Path report)
    {
        String name = report.getFileName().toString();
        String base = name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
        return report.resolveSibling(base + ".png");
    }

    static String formatScale(double scaleFactor)
    {
        return new BigDecimal(Double.toString(scaleFactor)).stripTrailingZeros().toPlainString();
    }

    String markdown()
    {
        String scale = formatScale(options.scaleFactor());
        StringBuilder md = new StringBuilder();
        md.append("# TPC-H QphH@").append(scale).append("GB: ").append(options.streams()).append(" query streams, ").append(options.threads()).append(" threads")
                .append(options.workers() > 0 ? " over " + options.workers() + " worker processes" : ", one process").append("\n\n");
        md.append("`").append(commandLine).append("`\n\n");
        md.append(String.format(Locale.ROOT, "Machine: %s, %d cores, %.1f GiB, %s, Java %s. Seed %d; %d warm-up round(s) of the 22 queries on each engine before the timed run.%n%n",
                machine.cpuModel(), machine.cores(), machine.memoryBytes() / QphhBenchmark.GIB, machine.operatingSystem(), machine.javaVersion(), options.seed(),
                options.warmupRounds()));
        md.append("| metric | Signo | DuckDB | Signo / DuckDB |\n|---|---:|---:|---:|\n");
        metricRow(md, "Power@" + scale + "GB", signo.power(), duckDb == null ? Double.NaN : duckDb.power(), "%.1f");
        metricRow(md, "Throughput@" + scale + "GB", signo.throughput(), duckDb == null ? Double.NaN : duckDb.throughput(), "%.1f");
        metricRow(md, "**QphH@" + scale + "GB**", signo.qphh(), duckDb == null ? Double.NaN : duckDb.qphh(), "%.1f");
        metricRow(md, "power test (s)", signo.powerNanos() / 1e9, duckDb == null ? Double.NaN : duckDb.powerNanos() / 1e9, "%.2f");
        metricRow(md, "throughput test (s)", signo.throughputNanos() / 1e9, duckDb == null ? Double.NaN : duckDb.throughputNanos() / 1e9, "%.2f");
        metricRow(md, "peak RSS during the run (MiB)", signo.peakResidentBytes() / QphhBenchmark.MIB, duckDb == null ? Double.NaN : duckDb.peakResidentBytes() / QphhBenchmark.MIB,
                "%.0f");
        md.append("\nFor the metrics higher is better (clause 5.4: Power = 3600 * SF / geometric mean of the 22 query and 2 refresh times in seconds; Throughput = S * 22 * 3600 / Ts * SF;"
                + " QphH = sqrt(Power * Throughput)); for times and memory lower is better.");
        if (options.workers() > 0) {
            md.append(" Signo's peak RSS is the coordinator's; the workers' are not counted.");
        }
        md.append("\n\n## Power test (stream 0), ms\n\nWall time, and the CPU time the engine's process spent on the step (every thread's `schedstat`: drivers, planning, "
                + "JIT compiler, collector; DuckDB runs in a JVM of its own, through JDBC).\n\n"
                + "| step | Signo | DuckDB | Signo / DuckDB | Signo CPU | DuckDB CPU | Signo / DuckDB CPU |\n|---|---:|---:|---:|---:|---:|---:|\n");
        powerRow(md, "RF1", signo.powerRefreshNanos()[0], duckDb == null ? -1 : duckDb.powerRefreshNanos()[0], signo.cpu().powerRefreshNanos()[0],
                duckDb == null ? -1 : duckDb.cpu().powerRefreshNanos()[0]);
        for (int query : QphhWorkload.queryOrder(0)) {
            powerRow(md, String.format("q%02d", query), signo.powerQueryNanos()[query], duckDb == null ? -1 : duckDb.powerQueryNanos()[query], signo.cpu().powerQueryNanos()[query],
                    duckDb == null ? -1 : duckDb.cpu().powerQueryNanos()[query]);
        }
        powerRow(md, "RF2", signo.powerRefreshNanos()[1], duckDb == null ? -1 : duckDb.powerRefreshNanos()[1], signo.cpu().powerRefreshNanos()[1],
                duckDb == null ? -1 : duckDb.cpu().powerRefreshNanos()[1]);
        if (duckDb != null) {
            md.append(String.format(Locale.ROOT, "| geometric mean of the 24 ratios | | | %.2f | | | %.2f |%n", geometricMeanRatio(signo, duckDb, false),
                    geometricMeanRatio(signo, duckDb, true)));
        }
        md.append("\n## CPU time of each test by the kind of thread, s\n\nHotSpot's JIT compiler threads, its collector threads with the VM thread (safepoint "
                + "operations), and the rest (Signo's drivers and planning; DuckDB's own threads). Cores busy is CPU time over wall time (2 is both cores of a 2-thread run).\n\n"
                + "| test | engine | compiler | collector and VM thread | rest | total | wall | cores busy |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        threadKindRow(md, "power", "Signo", signo.cpu().powerTest(), signo.powerNanos());
        if (duckDb != null) {
            threadKindRow(md, "power", "DuckDB", duckDb.cpu().powerTest(), duckDb.powerNanos());
        }
        threadKindRow(md, "throughput", "Signo", signo.cpu().throughputTest(), signo.throughputNanos());
        if (duckDb != null) {
            threadKindRow(md, "throughput", "DuckDB", duckDb.cpu().throughputTest(), duckDb.throughputNanos());
        }
        md.append("\n## Throughput test: query streams, s\n\n| stream | Signo | DuckDB | Signo / DuckDB |\n|---|---:|---:|---:|\n");
        for (int stream = 1; stream <= options.streams(); stream++) {
            secondsRow(md, "stream " + stream, signo.streamNanos()[stream], duckDb == null ? -1 : duckDb.streamNanos()[stream]);
        }
        md.append("\n## Throughput test: refresh stream, ms\n\n| pair | function | Signo | DuckDB | Signo / DuckDB |\n|---|---|---:|---:|---:|\n");
        for (int pair = 0; pair < options.streams(); pair++) {
            for (int function = 0; function < 2; function++) {
                timeRow(md, (pair + 2) + " | RF" + (function + 1), signo.refreshNanos()[pair][function], duckDb == null ? -1 : duckDb.refreshNanos()[pair][function]);
            }
        }
        md.append("\n## Throughput test: each query's mean time over the streams (run concurrently), ms\n\n| query | Signo | DuckDB | Signo / DuckDB |\n|---|---:|---:|---:|\n");
        for (int query = 1; query <= 22; query++) {
            timeRow(md, String.format("q%02d", query), meanOverStreams(signo, query), duckDb == null ? -1 : meanOverStreams(duckDb, query));
        }
        md.append("\n## Checks\n\n");
        for (String note : notes) {
            md.append("- ").append(note).append('\n');
        }
        failures(md, "Signo", signo);
        if (duckDb != null) {
            failures(md, "DuckDB", duckDb);
        }
        if (options.report() != null) {
            md.append("\n![per-query times of the power test](").append(chartPath(options.report()).getFileName()).append(")\n");
        }
        return md.toString();
    }

    String csv()
    {
        StringBuilder csv = new StringBuilder("metric,signo,duckdb\n");
        csvRow(csv, "power", signo.power(), duckDb == null ? null : duckDb.power());
        csvRow(csv, "throughput", signo.throughput(), duckDb == null ? null : duckDb.throughput());
        csvRow(csv, "qphh", signo.qphh(), duckDb == null ? null : duckDb.qphh());
        csvRow(csv, "power_test_s", signo.powerNanos() / 1e9, duckDb == null ? null : duckDb.powerNanos() / 1e9);
        csvRow(csv, "throughput_test_s", signo.throughputNanos() / 1e9, duckDb == null ? null : duckDb.throughputNanos() / 1e9);
        csvRow(csv, "power_rf1_ms", signo.powerRefreshNanos()[0] / 1e6, duckDb == null ? null : duckDb.powerRefreshNanos()[0] / 1e6);
        for (int query = 1; query <= 22; query++) {
            csvRow(csv, String.format("power_q%02d_ms", query), signo.powerQueryNanos()[query] / 1e6, duckDb == null ? null : duckDb.powerQueryNanos()[query] / 1e6);
        }
        csvRow(csv, "power_rf2_ms", signo.powerRefreshNanos()[1] / 1e6, duckDb == null ? null : duckDb.powerRefreshNanos()[1] / 1e6);
        for (int stream = 1; stream <= options.streams(); stream++) {
            csvRow(csv, "stream_" + stream + "_s", signo.streamNanos()[stream] / 1e9, duckDb == null ? null : duckDb.streamNanos()[stream] / 1e9);
            for (int query = 1; query <= 22; query++) {
                csvRow(csv, String.format("stream_%d_q%02d_ms", stream, query), signo.streamQueryNanos()[stream][query] / 1e6,
                        duckDb == null ? null : duckDb.streamQueryNanos()[stream][query] / 1e6);
            }
        }
        for (int pair = 0; pair < options.streams(); pair++) {
            for (int function = 0; function < 2; function++) {
                csvRow(csv, "refresh_pair_" + (pair + 2) + "_rf" + (function + 1) + "_ms", signo.refreshNanos()[pair][function] / 1e6,
                        duckDb == null ? null : duckDb.refreshNanos()[pair][function] / 1e6);
            }
        }
        csvRow(csv, "power_rf1_cpu_ms", signo.cpu().powerRefreshNanos()[0] / 1e6, duckDb == null ? null : duckDb.cpu().powerRefreshNanos()[0] / 1e6);
        for (int query = 1; query <= 22; query++) {
            csvRow(csv, String.format("power_q%02d_cpu_ms", query), signo.cpu().powerQueryNanos()[query] / 1e6, duckDb == null ? null : duckDb.cpu().powerQueryNanos()[query] / 1e6);
        }
        csvRow(csv, "power_rf2_cpu_ms", signo.cpu().powerRefreshNanos()[1] / 1e6, duckDb == null ? null : duckDb.cpu().powerRefreshNanos()[1] / 1e6);
        threadKindCsvRows(csv, "power", signo.cpu().powerTest(), duckDb == null ? null : duckDb.cpu().powerTest());
        threadKindCsvRows(csv, "throughput", signo.cpu().throughputTest(), duckDb == null ? null : duckDb.cpu().throughputTest());
        csvRow(csv, "peak_rss_mib", signo.peakResidentBytes() / QphhBenchmark.MIB, duckDb == null ? null : duckDb.peakResidentBytes() / QphhBenchmark.MIB);
        return csv.toString();
    }

    /** Grouped bars of each query's power-test time and mean throughput-test time, Signo beside DuckDB. */
    void writeChart(Path file)
            throws IOException
    {
        int width = 1400;
        int height = 640;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            int panelHeight = 250;
            panel(g, "power test (stream 0): ms per query", 60, panelHeight, width, query -> signo.powerQueryNanos()[query] / 1e6,
                    duckDb == null ? null : query -> duckDb.powerQueryNanos()[query] / 1e6);
            panel(g, "throughput test (" + options.streams() + " streams at once): mean ms per query", 60 + panelHeight + 50, panelHeight, width,
                    query -> meanOverStreams(signo, query) / 1e6, duckDb == null ? null : query -> meanOverStreams(duckDb, query) / 1e6);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.setColor(SIGNO);
            g.fillRect(width - 250, 12, 14, 14);
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, "Signo (QphH %.0f)", signo.qphh()), width - 230, 24);
            if (duckDb != null) {
                g.setColor(DUCKDB);
                g.fillRect(width - 250, 32, 14, 14);
                g.setColor(Color.BLACK);
                g.drawString(String.format(Locale.ROOT, "DuckDB (QphH %.0f)", duckDb.qphh()), width - 230, 44);
            }
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString("TPC-H SF " + formatScale(options.scaleFactor()) + ", " + options.threads() + " threads" + (options.workers() > 0 ? ", " + options.workers() + " workers" : ""),
                    60, 20);
        }
        finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }

    private static void panel(Graphics2D g, String title, int top, int height, int width, java.util.function.IntToDoubleFunction signoMillis,
            java.util.function.IntToDoubleFunction duckDbMillis)
    {
        int left = 70;
        int right = width - 20;
        int bottom = top + height;
        double max = 1;
        for (int query = 1; query <= 22; query++) {
            max = Math.max(max, signoMillis.applyAsDouble(query));
            if (duckDbMillis != null) {
                max = Math.max(max, duckDbMillis.applyAsDouble(query));
            }
        }
        double step = niceStep(max / 5);
        double top0 = Math.ceil(max / step) * step;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.setStroke(new BasicStroke(1));
        for (double tick = 0; tick <= top0 + step / 2; tick += step) {
            int y = bottom - (int) Math.round(tick / top0 * height);
            g.setColor(new Color(0xdd, 0xdd, 0xdd));
            g.drawLine(left, y, right, y);
            g.setColor(Color.DARK_GRAY);
            g.drawString(String.format(Locale.ROOT, "%.0f", tick), 8, y + 4);
        }
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString(title, left, top - 8);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        double slot = (right - left) / 22.0;
        int barWidth = (int) (slot * (duckDbMillis == null ? 0.6 : 0.38));
        for (int query = 1; query <= 22; query++) {
            int x = left + (int) ((query - 1) * slot + slot * 0.1);
            bar(g, SIGNO, x, bottom, barWidth, signoMillis.applyAsDouble(query) / top0 * height);
            if (duckDbMillis != null) {
                bar(g, DUCKDB, x + barWidth + 1, bottom, barWidth, duckDbMillis.applyAsDouble(query) / top0 * height);
            }
            g.setColor(Color.BLACK);
            g.drawString(String.format("q%02d", query), x, bottom + 14);
        }
        g.drawLine(left, bottom, right, bottom);
    }

    private static void bar(Graphics2D g, Color color, int x, int bottom, int width, double height)
    {
        int h = Math.max(1, (int) Math.round(height));
        g.setColor(color);
        g.fillRect(x, bottom - h, width, h);
    }

    private static double niceStep(double raw)
    {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (factor * magnitude >= raw) {
                return factor * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static long meanOverStreams(QphhResult result, int query)
    {
        long sum = 0;
        for (int stream = 1; stream <= result.streams(); stream++) {
            sum += result.streamQueryNanos()[stream][query];
        }
        return sum / result.streams();
    }

    private static void metricRow(StringBuilder md, String name, double signo, double duckDb, String format)
    {
        md.append("| ").append(name).append(" | ").append(String.format(Locale.ROOT, format, signo)).append(" | ")
                .append(Double.isNaN(duckDb) ? "-" : String.format(Locale.ROOT, format, duckDb)).append(" | ")
                .append(Double.isNaN(duckDb) || duckDb == 0 ? "-" : String.format(Locale.ROOT, "%.2f", signo / duckDb)).append(" |\n");
    }

    private static void timeRow(StringBuilder md, String name, long signoNanos, long duckDbNanos)
    {
        md.append("| ").append(name).append(" | ").append(String.format(Locale.ROOT, "%.1f", signoNanos / 1e6)).append(" | ")
                .append(duckDbNanos < 0 ? "-" : String.format(Locale.ROOT, "%.1f", duckDbNanos / 1e6)).append(" | ")
                .append(duckDbNanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) signoNanos / duckDbNanos)).append(" |\n");
    }

    private static void powerRow(StringBuilder md, String name, long signoNanos, long duckDbNanos, long signoCpuNanos, long duckDbCpuNanos)
    {
        md.append("| ").append(name).append(" | ").append(String.format(Locale.ROOT, "%.1f", signoNanos / 1e6)).append(" | ")
                .append(duckDbNanos < 0 ? "-" : String.format(Locale.ROOT, "%.1f", duckDbNanos / 1e6)).append(" | ")
                .append(duckDbNanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) signoNanos / duckDbNanos)).append(" | ")
                .append(String.format(Locale.ROOT, "%.1f", signoCpuNanos / 1e6)).append(" | ")
                .append(duckDbCpuNanos < 0 ? "-" : String.format(Locale.ROOT, "%.1f", duckDbCpuNanos / 1e6)).append(" | ")
                .append(duckDbCpuNanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) signoCpuNanos / duckDbCpuNanos)).append(" |\n");
    }

    /** The geometric mean over the power test's 22 queries and 2 refresh functions of Signo's time over DuckDB's, wall or CPU. */
    private static double geometricMeanRatio(QphhResult signo, QphhResult duckDb, boolean cpu)
    {
        double logSum = 0;
        for (int query = 1; query <= 22; query++) {
            logSum += cpu
                    ? Math.log((double) signo.cpu().powerQueryNanos()[query] / duckDb.cpu().powerQueryNanos()[query])
                    : Math.log((double) signo.powerQueryNanos()[query] / duckDb.powerQueryNanos()[query]);
        }
        for (int function = 0; function < 2; function++) {
            logSum += cpu
                    ? Math.log((double) signo.cpu().powerRefreshNanos()[function] / duckDb.cpu().powerRefreshNanos()[function])
                    : Math.log((double) signo.powerRefreshNanos()[function] / duckDb.powerRefreshNanos()[function]);
        }
        return Math.exp(logSum / 24);
    }

    private static void threadKindRow(StringBuilder md, String test, String engine, ProcessCpuTime.ByThreadKind cpu, long wallNanos)
    {
        md.append(String.format(Locale.ROOT, "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n", test, engine, cpu.compilerNanos() / 1e9, cpu.collectorNanos() / 1e9,
                cpu.otherNanos() / 1e9, cpu.totalNanos() / 1e9, wallNanos / 1e9, (double) cpu.totalNanos() / wallNanos));
    }

    private static void threadKindCsvRows(StringBuilder csv, String test, ProcessCpuTime.ByThreadKind signo, ProcessCpuTime.ByThreadKind duckDb)
    {
        csvRow(csv, test + "_cpu_compiler_s", signo.compilerNanos() / 1e9, duckDb == null ? null : duckDb.compilerNanos() / 1e9);
        csvRow(csv, test + "_cpu_collector_s", signo.collectorNanos() / 1e9, duckDb == null ? null : duckDb.collectorNanos() / 1e9);
        csvRow(csv, test + "_cpu_rest_s", signo.otherNanos() / 1e9, duckDb == null ? null : duckDb.otherNanos() / 1e9);
        csvRow(csv, test + "_cpu_s", signo.totalNanos() / 1e9, duckDb == null ? null : duckDb.totalNanos() / 1e9);
    }

    private static void secondsRow(StringBuilder md, String name, long signoNanos, long duckDbNanos)
    {
        md.append("| ").append(name).append(" | ").append(String.format(Locale.ROOT, "%.2f", signoNanos / 1e9)).append(" | ")
                .append(duckDbNanos < 0 ? "-" : String.format(Locale.ROOT, "%.2f", duckDbNanos / 1e9)).append(" | ")
                .append(duckDbNanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) signoNanos / duckDbNanos)).append(" |\n");
    }

    private static void csvRow(StringBuilder csv, String metric, double signo, Double duckDb)
    {
        csv.append(metric).append(',').append(String.format(Locale.ROOT, "%.3f", signo)).append(',').append(duckDb == null ? "" : String.format(Locale.ROOT, "%.3f", duckDb))
                .append('\n');
    }

    private static void failures(StringBuilder md, String engine, QphhResult result)
    {
        for (String failure : result.failures()) {
            md.append("- ").append(engine).append(" failed: ").append(failure.replace('\n', ' ')).append('\n');
        }
    }
}
