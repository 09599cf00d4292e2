package io.signo.server.cluster;

import java.io.Serializable;

/**
 * One exchange's counters on one node for one query: bytes on the wire and pages each way, the
 * uncompressed bytes sent (for the compression ratio), time senders were blocked by a full socket
 * or waited for credit, and the most bytes the receiving side buffered.
 */
public record ExchangeCounters(int exchange, long bytesSent, long pagesSent, long bytesReceived, long pagesReceived,
        long rawBytesSent, long blockedOnWriteNanos, long waitingForCreditNanos, long peakBufferedBytes)
        implements Serializable {}
