package io.signo.net.exchange;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters of one exchange in one process, updated by drivers and event loops, read by the REST API
 * and metrics through {@link #snapshot()}. Wire bytes are what crossed the socket; raw bytes the
 * pages' retained size before encoding (their ratio is the compression ratio).
 *
 * <p>Flow control shows in three: {@code creditWaitNanos}, the time senders waited for credit;
 * {@code consumerIdleNanos}, the time consumers waited for pages while some producer was still
 * running; and {@code creditWaitWhileIdleNanos}, the part of the consumers' idle time during which
 * the sender of the message that ended it was waiting for credit, that is, time lost because a window
 * was too small (the adaptive windows grow when it happens: {@code windowGrowths}, up to
 * {@code largestWindowBytes}).
 */
public final class ExchangeStats
{
    final AtomicLong pagesSent = new AtomicLong();
    final AtomicLong messagesSent = new AtomicLong();
    final AtomicLong rawBytesSent = new AtomicLong();
    final AtomicLong wireBytesSent = new AtomicLong();
    final AtomicLong localPagesSent = new AtomicLong();
    final AtomicLong pagesReceived = new AtomicLong();
    final AtomicLong messagesReceived = new AtomicLong();
    final AtomicLong rawBytesReceived = new AtomicLong();
    final AtomicLong wireBytesReceived = new AtomicLong();
    final AtomicLong duplicateMessagesDropped = new AtomicLong();
    final AtomicLong writeBlockedNanos = new AtomicLong();
    final AtomicLong creditWaitNanos = new AtomicLong();
    final AtomicLong bufferedBytes = new AtomicLong();
    final AtomicLong peakBufferedBytes = new AtomicLong();
    final AtomicLong bufferedMessages = new AtomicLong();
    final AtomicLong senderQueuedMessages = new AtomicLong();
    final AtomicLong compressedMessagesSent = new AtomicLong();
    final AtomicLong consumerIdleNanos = new AtomicLong();
    final AtomicLong creditWaitWhileIdleNanos = new AtomicLong();
    final AtomicLong windowGrowths = new AtomicLong();
    final AtomicLong largestWindowBytes = new AtomicLong();

    public record Snapshot(
            long pagesSent,
            long messagesSent,
            long rawBytesSent,
            long wireBytesSent,
            long localPagesSent,
            long pagesReceived,
            long messagesReceived,
            long rawBytesReceived,
            long wireBytesReceived,
            long duplicateMessagesDropped,
            long writeBlockedNanos,
            long creditWaitNanos,
            long bufferedBytes,
            long peakBufferedBytes,
            long bufferedMessages,
            long senderQueuedMessages,
            long compressedMessagesSent,
            long consumerIdleNanos,
            long creditWaitWhileIdleNanos,
            long windowGrowths,
            long largestWindowBytes)
    {
        /** Raw bytes per wire byte sent over the network; 1 when nothing was sent. */
        public double compressionRatio()
        {
            return wireBytesSent == 0 ? 1 : (double) rawBytesSent / wireBytesSent;
        }
    }

    public Snapshot snapshot()
    {
        return new Snapshot(
                pagesSent.get(),
                messagesSent.get(),
                rawBytesSent.get(),
                wireBytesSent.get(),
                localPagesSent.get(),
                pagesReceived.get(),
                messagesReceived.get(),
                rawBytesReceived.get(),
                wireBytesReceived.get(),
                duplicateMessagesDropped.get(),
                writeBlockedNanos.get(),
                creditWaitNanos.get(),
                bufferedBytes.get(),
                peakBufferedBytes.get(),
                bufferedMessages.get(),
                senderQueuedMessages.get(),
                compressedMessagesSent.get(),
                consumerIdleNanos.get(),
                creditWaitWhileIdleNanos.get(),
                windowGrowths.get(),
                largestWindowBytes.get());
    }

    void buffered(long bytes)
    {
        long now = bufferedBytes.addAndGet(bytes);
        bufferedMessages.incrementAndGet();
        peakBufferedBytes.accumulateAndGet(now, Math::max);
    }

    void unbuffered(long bytes)
    {
        bufferedBytes.addAndGet(-bytes);
        bufferedMessages.decrementAndGet();
    }
}
