package io.signo.bench;

import io.signo.net.exchange.ExchangeStats;

import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** What one exchange throughput trial measured: the producer's counters and the consumer's. */
record TrialResult(ThroughputTrial trial, double seconds, ExchangeStats.Snapshot producer, long pagesReceived, long wireBytesReceived, long peakBufferedBytes,
        long consumerIdleNanos, long creditWaitWhileIdleNanos, long largestWindowBytes, long senderThreadCpuNanos, long producerProcessCpuNanos)
{
    static final String MARKDOWN_HEADER = """
            | compression | target message | windows | seconds | raw GB/s | wire GB/s | compression ratio | pages sent | messages sent | compressed messages | GB raw | GB wire | blocked on write ms | waiting for credit ms | consumers idle ms | credit wait while idle ms | largest window MiB | pages received | peak buffered MiB | sending thread CPU s | raw GB per sending-thread CPU s | producer process CPU s |
            |---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
            """;
    static final String CSV_HEADER = "compression,target_message_bytes,windows,seconds,raw_bytes_per_second,wire_bytes_per_second,compression_ratio,pages_sent,messages_sent,"
            + "compressed_messages,raw_bytes_sent,wire_bytes_sent,blocked_on_write_ms,waiting_for_credit_ms,consumer_idle_ms,credit_wait_while_idle_ms,largest_window_bytes,"
            + "pages_received,wire_bytes_received,peak_buffered_bytes,sending_thread_cpu_ns,producer_process_cpu_ns\n";

    TrialResult
    {
        requireNonNull(trial, "trial is null");
        requireNonNull(producer, "producer is null");
    }

    String markdownRow()
    {
        return String.format(Locale.ROOT, "| %s | %d KiB | %s | %.1f | %.3f | %.3f | %.2f | %d | %d | %d | %.2f | %.2f | %.0f | %.0f | %.0f | %.0f | %.1f | %d | %.1f | %.2f | %.3f | %.2f |%n",
                trial.compression(), trial.targetMessageBytes() >> 10, windows(), seconds, producer.rawBytesSent() / seconds / 1e9, producer.wireBytesSent() / seconds / 1e9,
                producer.compressionRatio(), producer.pagesSent(), producer.messagesSent(), producer.compressedMessagesSent(), producer.rawBytesSent() / 1e9,
                producer.wireBytesSent() / 1e9, producer.writeBlockedNanos() / 1e6, producer.creditWaitNanos() / 1e6, consumerIdleNanos / 1e6, creditWaitWhileIdleNanos / 1e6,
                largestWindowBytes / (double) (1 << 20), pagesReceived, peakBufferedBytes / (double) (1 << 20), senderThreadCpuNanos / 1e9,
                producer.rawBytesSent() / (double) senderThreadCpuNanos, producerProcessCpuNanos / 1e9);
    }

    private String windows()
    {
        return trial.adaptiveWindows() ? "adaptive" : "fixed";
    }

    String csvRow()
    {
        return String.format(Locale.ROOT, "%s,%d,%s,%.3f,%.0f,%.0f,%.3f,%d,%d,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%d,%d,%d,%d,%d,%d%n",
                trial.compression(), trial.targetMessageBytes(), windows(), seconds, producer.rawBytesSent() / seconds, producer.wireBytesSent() / seconds,
                producer.compressionRatio(), producer.pagesSent(), producer.messagesSent(), producer.compressedMessagesSent(), producer.rawBytesSent(), producer.wireBytesSent(),
                producer.writeBlockedNanos() / 1e6, producer.creditWaitNanos() / 1e6, consumerIdleNanos / 1e6, creditWaitWhileIdleNanos / 1e6, largestWindowBytes,
                pagesReceived, wireBytesReceived, peakBufferedBytes, senderThreadCpuNanos, producerProcessCpuNanos);
    }
}
