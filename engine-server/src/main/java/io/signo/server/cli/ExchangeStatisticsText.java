package io.signo.server.cli;

import io.signo.server.cluster.ExchangeCounters;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The {@code --stats} lines: one per exchange of the last query, its counters summed over the nodes. */
final class ExchangeStatisticsText
{
    private ExchangeStatisticsText() {}

    static List<String> render(List<ExchangeCounters> counters)
    {
        Map<Integer, long[]> byExchange = new TreeMap<>();
        for (ExchangeCounters counter : counters) {
            long[] sums = byExchange.computeIfAbsent(counter.exchange(), ignored -> new long[13]);
            sums[0] += counter.pagesSent();
            sums[1] += counter.bytesSent();
            sums[2] += counter.rawBytesSent();
            sums[3] += counter.pagesReceived();
            sums[4] += counter.bytesReceived();
            sums[5] += counter.blockedOnWriteNanos();
            sums[6] += counter.waitingForCreditNanos();
            sums[7] = Math.max(sums[7], counter.peakBufferedBytes());
            sums[8] += counter.messagesSent();
            sums[9] += counter.compressedMessagesSent();
            sums[10] += counter.consumerIdleNanos();
            sums[11] += counter.creditWaitWhileIdleNanos();
            sums[12] = Math.max(sums[12], counter.largestWindowBytes());
        }
        List<String> lines = new ArrayList<>();
        long totalBytes = 0;
        long totalRaw = 0;
        for (Map.Entry<Integer, long[]> entry : byExchange.entrySet()) {
            long[] sums = entry.getValue();
            totalBytes += sums[1];
            totalRaw += sums[2];
            lines.add(String.format(Locale.ROOT,
                    "  exchange %d: sent %d pages %s in %d messages, %d compressed (in memory %.2fx the wire size), received %d pages %s, blocked on write %d ms, "
                            + "waiting for credit %d ms, consumers idle %d ms (%d ms of it while their sender waited for credit), largest window %s, peak buffered %s",
                    entry.getKey(), sums[0], bytes(sums[1]), sums[8], sums[9], ratio(sums[2], sums[1]), sums[3], bytes(sums[4]), sums[5] / 1_000_000, sums[6] / 1_000_000,
                    sums[10] / 1_000_000, sums[11] / 1_000_000, bytes(sums[12]), bytes(sums[7])));
        }
        lines.add(String.format(Locale.ROOT, "  total: %s on the wire, %s before compression", bytes(totalBytes), bytes(totalRaw)));
        return lines;
    }

    private static double ratio(long raw, long wire)
    {
        return wire == 0 ? 1.0 : raw / (double) wire;
    }

    private static String bytes(long bytes)
    {
        if (bytes < 10_000) {
            return bytes + " B";
        }
        if (bytes < 10_000_000) {
            return (bytes / 1024) + " KiB";
        }
        return (bytes >> 20) + " MiB";
    }
}
