package io.signo.bench;

import io.signo.server.cluster.ExchangeCounters;

import java.util.List;

/** The exchange counters of one query, summed over its exchanges (and, as the coordinator reports them, over the nodes). */
record ExchangeTotals(long wireBytesSent, long pagesSent, long wireBytesReceived, long pagesReceived, long rawBytesSent,
        long blockedOnWriteNanos, long waitingForCreditNanos, long peakBufferedBytes, long messagesSent, long compressedMessagesSent,
        long consumerIdleNanos, long creditWaitWhileIdleNanos)
{
    static final ExchangeTotals NONE = new ExchangeTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    static ExchangeTotals of(List<ExchangeCounters> exchanges)
    {
        ExchangeTotals totals = NONE;
        for (ExchangeCounters counters : exchanges) {
            totals = totals.plus(new ExchangeTotals(counters.bytesSent(), counters.pagesSent(), counters.bytesReceived(), counters.pagesReceived(),
                    counters.rawBytesSent(), counters.blockedOnWriteNanos(), counters.waitingForCreditNanos(), counters.peakBufferedBytes(),
                    counters.messagesSent(), counters.compressedMessagesSent(), counters.consumerIdleNanos(), counters.creditWaitWhileIdleNanos()));
        }
        return totals;
    }

    ExchangeTotals plus(ExchangeTotals other)
    {
        return new ExchangeTotals(wireBytesSent + other.wireBytesSent, pagesSent + other.pagesSent, wireBytesReceived + other.wireBytesReceived,
                pagesReceived + other.pagesReceived, rawBytesSent + other.rawBytesSent, blockedOnWriteNanos + other.blockedOnWriteNanos,
                waitingForCreditNanos + other.waitingForCreditNanos, peakBufferedBytes + other.peakBufferedBytes, messagesSent + other.messagesSent,
                compressedMessagesSent + other.compressedMessagesSent, consumerIdleNanos + other.consumerIdleNanos, creditWaitWhileIdleNanos + other.creditWaitWhileIdleNanos);
    }

    /** Raw bytes per wire byte; 1 when nothing crossed the network. */
    double compressionRatio()
    {
        return wireBytesSent == 0 ? 1 : (double) rawBytesSent / wireBytesSent;
    }
}
