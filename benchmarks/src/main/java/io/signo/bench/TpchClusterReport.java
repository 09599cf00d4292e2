package io.signo.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

import static java.util.Objects.requireNonNull;

/** The TPC-H cluster benchmark's results as a Markdown table and a CSV file. */
final class TpchClusterReport
{
    static final String MARKDOWN_FILE = "tpch-cluster.md";
    static final String CSV_FILE = "tpch-cluster.csv";

    private static final double MEBIBYTE = 1 << 20;

    private final double scaleFactor;
    private final int runs;
    private final List<QueryTimings> queries;

    TpchClusterReport(double scaleFactor, int runs, List<QueryTimings> queries)
    {
        this.scaleFactor = scaleFactor;
        this.runs = runs;
        this.queries = List.copyOf(requireNonNull(queries, "queries is null"));
    }

    void write(Path directory)
            throws IOException
    {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(MARKDOWN_FILE), markdown(), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(CSV_FILE), csv(), StandardCharsets.UTF_8);
    }

    String markdown()
    {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "TPC-H SF %s, median of %d runs after a warm-up; 1x2 = one process with 2 threads, "
                + "2x1 = 2 worker processes with 1 thread each (plus the coordinator); ratio = 2x1 / 1x2. "
                + "Exchange counters: the last 2x1 run, summed over the query's exchanges.%n%n", scaleFactor, runs));
        text.append("| query | 1x2 ms | 2x1 ms | ratio | pages sent | pages received | MiB sent (wire) | MiB received (wire) | MiB raw | compression | messages (compressed) "
                + "| blocked on write ms | waiting for credit ms | consumers idle ms | credit wait while idle ms | peak buffered MiB |\n");
        text.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        ExchangeTotals all = ExchangeTotals.NONE;
        double localTotal = 0;
        double clusterTotal = 0;
        double logLocal = 0;
        double logCluster = 0;
        for (QueryTimings query : queries) {
            ExchangeTotals exchanges = query.exchanges();
            all = all.plus(exchanges);
            localTotal += query.localMedian();
            clusterTotal += query.clusterMedian();
            logLocal += Math.log(query.localMedian());
            logCluster += Math.log(query.clusterMedian());
            text.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.2f | %s |%n", query.name(), query.localMedian(), query.clusterMedian(), query.ratio(), exchangeCells(exchanges)));
        }
        text.append(String.format(Locale.ROOT, "| **total** | %.0f | %.0f | %.2f | %s |%n", localTotal, clusterTotal, clusterTotal / localTotal, exchangeCells(all)));
        double geometricLocal = Math.exp(logLocal / queries.size());
        double geometricCluster = Math.exp(logCluster / queries.size());
        text.append(String.format(Locale.ROOT, "| **geometric mean** | %.1f | %.1f | %.2f | | | | | | | | | | | | |%n", geometricLocal, geometricCluster, geometricCluster / geometricLocal));
        for (QueryTimings query : queries) {
            if (query.error() != null) {
                text.append(String.format(Locale.ROOT, "%n%s: %s", query.name(), query.error()));
            }
        }
        return text.toString();
    }

    private static String exchangeCells(ExchangeTotals exchanges)
    {
        return String.format(Locale.ROOT, "%d | %d | %.1f | %.1f | %.1f | %.2f | %d (%d) | %.0f | %.0f | %.0f | %.0f | %.1f",
                exchanges.pagesSent(), exchanges.pagesReceived(), exchanges.wireBytesSent() / MEBIBYTE, exchanges.wireBytesReceived() / MEBIBYTE,
                exchanges.rawBytesSent() / MEBIBYTE, exchanges.compressionRatio(), exchanges.messagesSent(), exchanges.compressedMessagesSent(),
                exchanges.blockedOnWriteNanos() / 1e6, exchanges.waitingForCreditNanos() / 1e6, exchanges.consumerIdleNanos() / 1e6,
                exchanges.creditWaitWhileIdleNanos() / 1e6, exchanges.peakBufferedBytes() / MEBIBYTE);
    }

    String csv()
    {
        StringBuilder text = new StringBuilder("query,local_median_ms,cluster_median_ms,ratio,local_runs_ms,cluster_runs_ms,"
                + "pages_sent,pages_received,wire_bytes_sent,wire_bytes_received,raw_bytes_sent,messages_sent,compressed_messages_sent,blocked_on_write_ms,waiting_for_credit_ms,"
                + "consumer_idle_ms,credit_wait_while_idle_ms,peak_buffered_bytes,error\n");
        for (QueryTimings query : queries) {
            ExchangeTotals exchanges = query.exchanges();
            text.append(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.3f,%s,%s,%d,%d,%d,%d,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%d,%s%n",
                    query.name(), query.localMedian(), query.clusterMedian(), query.ratio(), runList(query.localMillis()), runList(query.clusterMillis()),
                    exchanges.pagesSent(), exchanges.pagesReceived(), exchanges.wireBytesSent(), exchanges.wireBytesReceived(), exchanges.rawBytesSent(),
                    exchanges.messagesSent(), exchanges.compressedMessagesSent(), exchanges.blockedOnWriteNanos() / 1e6, exchanges.waitingForCreditNanos() / 1e6,
                    exchanges.consumerIdleNanos() / 1e6, exchanges.creditWaitWhileIdleNanos() / 1e6, exchanges.peakBufferedBytes(),
                    query.error() == null ? "" : '"' + query.error().replace('"', '\'') + '"'));
        }
        return text.toString();
    }

    /** Run times separated by semicolons, so they stay one CSV field. */
    private static String runList(double[] millis)
    {
        StringJoiner joiner = new StringJoiner(";");
        for (double value : millis) {
            joiner.add(String.format(Locale.ROOT, "%.1f", value));
        }
        return joiner.toString();
    }
}
