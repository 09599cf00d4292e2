package io.signo.server.cluster;

/**
 * One exchange's counters on one node for one query: bytes on the wire and pages each way, the
 * uncompressed bytes sent (for the compression ratio), messages sent and how many of them were
 * compressed, time senders were blocked by a full socket or waited for credit, the most bytes the
 * receiving side buffered, time its consumers sat idle waiting for pages, the part of that idle time
 * during which the sender of the next message was waiting for credit (time lost to a small window),
 * and the largest window a receiver granted one channel.
 */
public record ExchangeCounters(int exchange, long bytesSent, long pagesSent, long bytesReceived, long pagesReceived,
        long rawBytesSent, long blockedOnWriteNanos, long waitingForCreditNanos, long peakBufferedBytes,
        long messagesSent, long compressedMessagesSent, long consumerIdleNanos, long creditWaitWhileIdleNanos, long largestWindowBytes) {}
