package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeSource;
import io.signo.net.codec.PageCodec;
import io.signo.net.transport.NodeTransport;
import io.signo.storage.page.Page;
import org.jctools.queues.MpscUnboundedArrayQueue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * The consumer end of one partition hosted by this process. Event loops (remote senders) and local
 * sinks put messages on a JCTools MPSC queue; the one consumer driver takes them, decodes the pages
 * on its own thread, and returns the consumed bytes as credit to their sender. The queue cannot grow
 * without bound: each sender has at most its window of bytes outstanding.
 */
final class NetworkExchangeSource
        implements ExchangeSource
{
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final ExchangeId exchangeId;
    private final int partition;
    private final int producerCount;
    private final long windowBytes;
    private final PageCodec codec;
    private final NodeTransport transport;
    private final ExchangeStats stats;

    private final MpscUnboundedArrayQueue<InboundMessage> queue = new MpscUnboundedArrayQueue<>(16);
    private final Map<String, InboundChannel> channels = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private CompletableFuture<Void> waiter;
    private int endedCount;
    private volatile boolean closed;
    private volatile RuntimeException failure;

    // consumer thread only
    private Page[] current;
    private int currentIndex;

    private record InboundMessage(InboundChannel channel, Page[] pages, ExchangeMessage.Data data, long bytes) {}

    /** What the consumer knows of one sender: where to send credit, and the last sequence number seen. */
    private static final class InboundChannel
    {
        final String sender;
        final String peer;
        final OutboundChannel localSender;
        long lastSequence;
        long consumedBytes;
        boolean ended;

        InboundChannel(String sender, String peer, OutboundChannel localSender)
        {
            this.sender = sender;
            this.peer = peer;
            this.localSender = localSender;
        }
    }

    NetworkExchangeSource(ExchangeId exchangeId, int partition, int producerCount, long windowBytes, PageCodec codec, NodeTransport transport, ExchangeStats stats)
    {
        this.exchangeId = requireNonNull(exchangeId, "exchangeId is null");
        this.partition = partition;
        this.producerCount = producerCount;
        this.windowBytes = windowBytes;
        this.codec = requireNonNull(codec, "codec is null");
        this.transport = requireNonNull(transport, "transport is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    boolean hasSenderOn(String peer)
    {
        for (InboundChannel channel : channels.values()) {
            if (peer.equals(channel.peer)) {
                return true;
            }
        }
        return false;
    }

    /** Event loop: a remote sink announced its channel. */
    void remoteChannelOpened(String peer, String sender)
    {
        boolean isClosed;
        synchronized (lock) {
            channels.putIfAbsent(sender, new InboundChannel(sender, peer, null));
            isClosed = closed;
        }
        if (isClosed) {
            transport.send(peer, new ExchangeMessage.Closed(exchangeId, partition, sender).toFrame());
        }
        else {
            transport.send(peer, new ExchangeMessage.Credit(exchangeId, partition, sender, windowBytes, 0).toFrame());
        }
    }

    /** A sink of this process opened its channel. */
    void localChannelOpened(String sender, OutboundChannel outbound)
    {
        boolean isClosed;
        synchronized (lock) {
            channels.putIfAbsent(sender, new InboundChannel(sender, null, outbound));
            isClosed = closed;
        }
        if (isClosed) {
            outbound.consumerClosed();
        }
        else {
            outbound.creditGranted(windowBytes, 0);
        }
    }

    /** Event loop: encoded pages from a remote sink. */
    void dataReceived(String peer, ExchangeMessage.Data data)
    {
        InboundChannel channel = channels.computeIfAbsent(data.sender(), sender -> new InboundChannel(sender, peer, null));
        if (closed || failure != null) {
            return;
        }
        if (data.sequence() <= channel.lastSequence) {
            stats.duplicateMessagesDropped.incrementAndGet();
            return;
        }
        channel.lastSequence = data.sequence();
        stats.messagesReceived.incrementAndGet();
        stats.wireBytesReceived.addAndGet(data.wireBytes());
        offer(new InboundMessage(channel, null, data, data.wireBytes()));
    }

    /** A local sink hands pages over in memory, from its sending thread. */
    void localDataReceived(String sender, long sequence, Page[] pages, long bytes)
    {
        InboundChannel channel = channels.get(sender);
        if (channel == null || closed || failure != null) {
            return;
        }
        if (sequence <= channel.lastSequence) {
            stats.duplicateMessagesDropped.incrementAndGet();
            return;
        }
        channel.lastSequence = sequence;
        offer(new InboundMessage(channel, pages, null, bytes));
    }

    private void offer(InboundMessage message)
    {
        stats.buffered(message.bytes());
        queue.offer(message);
        wake();
    }

    void endReceived(String sender)
    {
        synchronized (lock) {
            InboundChannel channel = channels.computeIfAbsent(sender, ignored -> new InboundChannel(sender, null, null));
            if (!channel.ended) {
                channel.ended = true;
                endedCount++;
            }
        }
        wake();
    }

    void fail(RuntimeException cause)
    {
        if (failure == null) {
            failure = cause;
        }
        wake();
    }

    private void wake()
    {
        CompletableFuture<Void> toComplete;
        synchronized (lock) {
            toComplete = waiter;
            waiter = null;
        }
        if (toComplete != null) {
            toComplete.complete(null);
        }
    }

    @Override
    public Page poll()
    {
        checkFailed();
        if (current != null && currentIndex < current.length) {
            // the array may be shared with other local partitions (broadcast): never modify it
            return current[currentIndex++];
        }
        current = null;
        if (closed) {
            return null;
        }
        InboundMessage message = queue.poll();
        if (message == null) {
            return null;
        }
        stats.unbuffered(message.bytes());
        Page[] pages = message.pages() != null ? message.pages() : decode(message.data());
        grantCredit(message.channel(), message.bytes());
        current = pages;
        currentIndex = 1;
        return pages[0];
    }

    private Page[] decode(ExchangeMessage.Data data)
    {
        Page[] pages = new Page[data.pageCount()];
        ByteBuffer buffer = ByteBuffer.wrap(data.pages(), data.pagesOffset(), data.pagesLength());
        try {
            for (int i = 0; i < pages.length; i++) {
                int length = buffer.getInt();
                if (length < 0 || length > buffer.remaining()) {
                    throw new IllegalStateException("page length " + length + " exceeds the " + buffer.remaining() + " bytes left");
                }
                pages[i] = codec.decode(data.pages(), buffer.position(), length);
                buffer.position(buffer.position() + length);
                stats.rawBytesReceived.addAndGet(pages[i].retainedBytes());
            }
        }
        catch (RuntimeException e) {
            IllegalStateException corrupt = new IllegalStateException("corrupt page from " + data.sender() + " for partition " + partition + ": " + e.getMessage(), e);
            fail(corrupt);
            throw new ExchangeFailedException(exchangeId, corrupt);
        }
        stats.pagesReceived.addAndGet(pages.length);
        return pages;
    }

    private void grantCredit(InboundChannel channel, long bytes)
    {
        channel.consumedBytes += bytes;
        if (closed) {
            return;
        }
        long consumed = channel.consumedBytes;
        if (channel.localSender != null) {
            channel.localSender.creditGranted(consumed + windowBytes, consumed);
        }
        else {
            transport.send(channel.peer, new ExchangeMessage.Credit(exchangeId, partition, channel.sender, consumed + windowBytes, consumed).toFrame());
        }
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        if (readyWithoutWaiting()) {
            return DONE;
        }
        CompletableFuture<Void> future;
        synchronized (lock) {
            if (waiter == null) {
                waiter = new CompletableFuture<>();
            }
            future = waiter;
        }
        // a message offered between the check and publishing the waiter must not be missed
        if (readyWithoutWaiting()) {
            future.complete(null);
        }
        return future;
    }

    private boolean readyWithoutWaiting()
    {
        if (failure != null || closed || !queue.isEmpty() || (current != null && currentIndex < current.length)) {
            return true;
        }
        synchronized (lock) {
            return endedCount == producerCount;
        }
    }

    @Override
    public boolean isFinished()
    {
        checkFailed();
        if (closed) {
            return true;
        }
        if (current != null && currentIndex < current.length) {
            return false;
        }
        synchronized (lock) {
            if (endedCount != producerCount) {
                return false;
            }
        }
        return queue.isEmpty();
    }

    private void checkFailed()
    {
        RuntimeException cause = failure;
        if (cause != null) {
            throw new ExchangeFailedException(exchangeId, cause);
        }
    }

    /** Tells every sender, local or remote, to stop; senders that open later are told at once. */
    @Override
    public void close()
    {
        List<InboundChannel> toNotify;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toNotify = new ArrayList<>(channels.values());
        }
        current = null;
        InboundMessage message;
        while ((message = queue.poll()) != null) {
            stats.unbuffered(message.bytes());
        }
        for (InboundChannel channel : toNotify) {
            if (channel.localSender != null) {
                channel.localSender.consumerClosed();
            }
            else if (channel.peer != null) {
                transport.send(channel.peer, new ExchangeMessage.Closed(exchangeId, partition, channel.sender).toFrame());
            }
        }
        wake();
    }
}
