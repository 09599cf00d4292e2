package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.signo.net.codec.BulkFrame;
import io.signo.net.codec.FrameType;
import io.signo.net.transport.PeerConnection;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The sending end of one channel (one sink to one partition). Holds the messages its sink batched
 * but could not send yet, and sends them as credit arrives: a message goes out only if it fits in
 * the granted window (or nothing at all is outstanding, so an oversized message cannot deadlock)
 * and, for a remote consumer, the connection is writable. Its sink blocks while a message waits
 * here, so at most a message or two are ever queued.
 *
 * <p>Thread safe: the sink's driver enqueues; event loops (credit, writability) and local consumers
 * (credit) drive sending. Frames are sent under the lock so sequence numbers reach the socket in order.
 */
final class OutboundChannel
{
    private static final long SAMPLE_NANOS = 20_000_000;

    private final ExchangeId exchangeId;
    private final String sender;
    private final int partition;
    private final PeerConnection connection;
    private final NetworkExchangeSource localSource;
    private final ExchangeStats stats;
    /** The compression choice of the destination process, which learns from this channel's credit; null for a local consumer. */
    private final LinkCompression compression;

    private final Object lock = new Object();
    private final ArrayDeque<OutboundMessage> queue = new ArrayDeque<>();
    private long queuedBytes;
    private boolean endQueued;
    private boolean endSent;
    private boolean creditReceived;
    private boolean closedByConsumer;
    private RuntimeException failure;
    private long messageCount;
    private long grantedBytes;
    private long sentBytes;
    private long consumedBytes;
    private long creditWaitStart;
    private long creditWaitTotalNanos;
    private long reportedConsumedBytes;
    private long sampleStart;
    private long idleAtSampleStart;
    private long waitAtSampleStart;
    private long writeWaitStart;
    private boolean waitingForWritability;
    private CompletableFuture<Void> progress = new CompletableFuture<>();
    /** Completes once nothing more will leave: the end of stream was sent, the consumer closed, or the channel failed. */
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private OutboundChannel(ExchangeId exchangeId, String sender, int partition, PeerConnection connection, NetworkExchangeSource localSource, ExchangeStats stats,
            LinkCompression compression)
    {
        this.compression = compression;
        this.exchangeId = requireNonNull(exchangeId, "exchangeId is null");
        this.sender = requireNonNull(sender, "sender is null");
        this.partition = partition;
        this.connection = connection;
        this.localSource = localSource;
        this.stats = requireNonNull(stats, "stats is null");
    }

    /**
     * A channel to a consumer in another process, which may send {@code firstWindowBytes} before the
     * consumer's first credit arrives: every consumer grants exactly that much when the channel opens
     * ({@link NetworkExchangeSource#remoteChannelOpened}), so a short query's pages leave with the
     * channel's announcement instead of a round trip after it.
     */
    static OutboundChannel remote(ExchangeId exchangeId, String sender, int partition, PeerConnection connection, ExchangeStats stats, LinkCompression compression,
            long firstWindowBytes)
    {
        if (firstWindowBytes <= 0) {
            throw new IllegalArgumentException("firstWindowBytes must be positive: " + firstWindowBytes);
        }
        OutboundChannel channel = new OutboundChannel(exchangeId, sender, partition, requireNonNull(connection, "connection is null"), null, stats,
                requireNonNull(compression, "compression is null"));
        synchronized (channel.lock) {
            channel.creditReceived = true;
            channel.grantedBytes = firstWindowBytes;
        }
        return channel;
    }

    static OutboundChannel local(ExchangeId exchangeId, String sender, int partition, NetworkExchangeSource source, ExchangeStats stats)
    {
        return new OutboundChannel(exchangeId, sender, partition, null, requireNonNull(source, "source is null"), stats, null);
    }

    boolean isLocal()
    {
        return localSource != null;
    }

    String peer()
    {
        return connection == null ? null : connection.peer();
    }

    /** Announces the channel to its consumer, which answers with the first credit (a remote channel assumed it already). */
    void open()
    {
        if (localSource != null) {
            localSource.localChannelOpened(sender, this);
        }
        else {
            connection.send(new ExchangeMessage.Open(exchangeId, partition, sender).toFrame());
        }
    }

    void enqueue(OutboundMessage message)
    {
        synchronized (lock) {
            if (closedByConsumer || failure != null) {
                message.release();
                return;
            }
            queue.add(message);
            queuedBytes += message.bytes();
            stats.senderQueuedMessages.incrementAndGet();
        }
        trySend();
    }

    void enqueueEnd()
    {
        synchronized (lock) {
            endQueued = true;
        }
        trySend();
    }

    boolean isClosed()
    {
        synchronized (lock) {
            return closedByConsumer;
        }
    }

    /** Done while nothing waits to be sent; otherwise completes when something changes. */
    CompletableFuture<?> awaitQueueDrained()
    {
        synchronized (lock) {
            if (queue.isEmpty() || closedByConsumer || failure != null) {
                return CompletableFuture.completedFuture(null);
            }
            return pendingProgress();
        }
    }

    /** Done once the consumer consumed everything sent (the batch barrier); otherwise completes when something changes. */
    CompletableFuture<?> awaitAllConsumed()
    {
        synchronized (lock) {
            if ((queue.isEmpty() && sentBytes == consumedBytes) || closedByConsumer || failure != null) {
                return CompletableFuture.completedFuture(null);
            }
            return pendingProgress();
        }
    }

    private CompletableFuture<Void> pendingProgress()
    {
        if (progress.isDone()) {
            progress = new CompletableFuture<>();
        }
        return progress;
    }

    /**
     * The consumer allows {@code granted} bytes sent in total, consumed {@code consumed} and sat idle
     * {@code consumerIdleNanos} in total; all only grow.
     */
    void creditGranted(long granted, long consumed, long consumerIdleNanos)
    {
        synchronized (lock) {
            creditReceived = true;
            grantedBytes = Math.max(grantedBytes, granted);
            consumedBytes = Math.max(consumedBytes, consumed);
            long now = System.nanoTime();
            if (compression != null && consumed > reportedConsumedBytes) {
                compression.delivered(consumed - reportedConsumedBytes, now);
                reportedConsumedBytes = consumed;
            }
            long waited = creditWaitTotalNanos + (creditWaitStart != 0 ? now - creditWaitStart : 0);
            if (sampleStart == 0) {
                sampleStart = now;
                idleAtSampleStart = consumerIdleNanos;
                waitAtSampleStart = waited;
            }
            else if (now - sampleStart >= SAMPLE_NANOS) {
                double elapsed = now - sampleStart;
                double idleFraction = Math.clamp((consumerIdleNanos - idleAtSampleStart) / elapsed, 0, 1);
                double waitFraction = Math.clamp((waited - waitAtSampleStart) / elapsed, 0, 1);
                if (compression != null) {
                    compression.channelSample(waitFraction, idleFraction, now);
                }
                sampleStart = now;
                idleAtSampleStart = consumerIdleNanos;
                waitAtSampleStart = waited;
            }
        }
        trySend();
        signalProgress();
    }

    void consumerClosed()
    {
        synchronized (lock) {
            closedByConsumer = true;
            dropQueue();
        }
        signalProgress();
        done.complete(null);
    }

    /**
     * Completes once nothing more will leave this channel: its end of stream was sent (after every
     * message), its consumer closed, or it failed. A producer's driver may end before that, its last
     * messages still waiting here for credit.
     */
    CompletableFuture<Void> whenDone()
    {
        return done;
    }

    void fail(RuntimeException cause)
    {
        synchronized (lock) {
            if (failure != null) {
                return;
            }
            failure = cause;
            dropQueue();
        }
        signalProgress();
        done.complete(null);
    }

    /** The credit window the consumer grants this channel now: granted minus consumed bytes. */
    long windowBytes()
    {
        synchronized (lock) {
            return grantedBytes - consumedBytes;
        }
    }

    private void dropQueue()
    {
        stats.senderQueuedMessages.addAndGet(-queue.size());
        for (OutboundMessage message : queue) {
            message.release();
        }
        queue.clear();
        queuedBytes = 0;
    }

    private void signalProgress()
    {
        CompletableFuture<Void> toComplete;
        synchronized (lock) {
            toComplete = progress;
        }
        toComplete.complete(null);
    }

    private void writable()
    {
        synchronized (lock) {
            waitingForWritability = false;
        }
        trySend();
    }

    private void trySend()
    {
        boolean sent = false;
        boolean ended = false;
        synchronized (lock) {
            while (failure == null && !closedByConsumer) {
                OutboundMessage message = queue.peek();
                if (message == null) {
                    if (endQueued && !endSent) {
                        endSent = true;
                        transmitEnd();
                        ended = true;
                    }
                    break;
                }
                boolean fits = sentBytes + message.bytes() <= grantedBytes || sentBytes == consumedBytes;
                if (!creditReceived || !fits) {
                    if (creditWaitStart == 0) {
                        creditWaitStart = System.nanoTime();
                    }
                    break;
                }
                if (connection != null && !connection.isWritable()) {
                    if (writeWaitStart == 0) {
                        writeWaitStart = System.nanoTime();
                    }
                    if (!waitingForWritability) {
                        waitingForWritability = true;
                        connection.whenWritable().thenRun(this::writable);
                    }
                    break;
                }
                long now = System.nanoTime();
                long creditWait = 0;
                if (creditWaitStart != 0) {
                    creditWait = now - creditWaitStart;
                    creditWaitTotalNanos += creditWait;
                    stats.creditWaitNanos.addAndGet(creditWait);
                    creditWaitStart = 0;
                }
                if (writeWaitStart != 0) {
                    stats.writeBlockedNanos.addAndGet(now - writeWaitStart);
                    writeWaitStart = 0;
                }
                queue.poll();
                stats.senderQueuedMessages.decrementAndGet();
                queuedBytes -= message.bytes();
                sentBytes += message.bytes();
                messageCount++;
                transmit(message, creditWait);
                sent = true;
            }
        }
        if (sent) {
            signalProgress();
        }
        if (ended) {
            done.complete(null);
        }
    }

    private void transmit(OutboundMessage message, long creditWaitNanos)
    {
        if (localSource != null) {
            stats.localPagesSent.addAndGet(message.pageCount());
            localSource.localDataReceived(sender, messageCount, message.pages(), message.bytes(), creditWaitNanos);
            message.hold().done();
            return;
        }
        ByteBuf header = ExchangeMessage.Data.header(PooledByteBufAllocator.DEFAULT, exchangeId, partition, sender, messageCount, queuedBytes, message.rawBytes(),
                creditWaitNanos, message.pageCount(), message.compressed(), message.uncompressedBodyBytes());
        connection.send(new BulkFrame(FrameType.EXCHANGE_DATA, Unpooled.wrappedUnmodifiableBuffer(header, message.body())), message.hold()::done);
        stats.messagesSent.incrementAndGet();
        if (message.compressed()) {
            stats.compressedMessagesSent.incrementAndGet();
        }
        stats.pagesSent.addAndGet(message.pageCount());
        stats.wireBytesSent.addAndGet(message.bytes());
        stats.rawBytesSent.addAndGet(message.rawBytes());
    }

    private void transmitEnd()
    {
        if (localSource != null) {
            localSource.endReceived(sender);
        }
        else {
            connection.send(new ExchangeMessage.End(exchangeId, partition, sender, messageCount).toFrame());
        }
    }
}
