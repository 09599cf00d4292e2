package io.signo.net.exchange;

import io.airlift.compress.v3.MalformedInputException;
import io.airlift.compress.v3.lz4.Lz4Decompressor;
import io.signo.core.exchange.ExchangeSource;
import io.signo.net.codec.ReceiveMemory;
import io.signo.net.transport.NodeTransport;
import io.signo.storage.page.Page;
import io.signo.storage.serde.AlignedPageReader;
import io.signo.storage.serde.CorruptPageException;
import org.jctools.queues.MpscUnboundedArrayQueue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * The consumer end of one partition hosted by this process. Event loops (remote senders) and local
 * sinks put messages on a JCTools MPSC queue; the one consumer driver takes them, decodes the pages
 * on its own thread (views of the memory the message arrived in; LZ4 bodies are decompressed into
 * memory of their own first), and returns the consumed bytes as credit to their sender. The queue
 * cannot grow without bound: each sender has at most its window of bytes outstanding.
 *
 * <p>Windows adapt when the config allows ({@link ExchangeConfig#maxChannelWindowBytes()}): a
 * channel's window is at least twice the bandwidth-delay product (the rate this consumer drains while
 * busy, times the round trip to the sender), and doubles whenever a message arrives while the consumer
 * was idle from a sender that had waited for credit: time lost to a window too small. Growth beyond
 * the first window is reserved from the query's {@link ReceiveBudget}, so the bytes buffered for a
 * query stay bounded.
 */
final class NetworkExchangeSource
        implements ExchangeSource
{
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final ExchangeId exchangeId;
    private final int partition;
    private final int producerCount;
    private final long windowBytes;
    private final long maxWindowBytes;
    private final ReceiveBudget budget;
    private final NodeTransport transport;
    private final ExchangeStats stats;

    private final MpscUnboundedArrayQueue<InboundMessage> queue = new MpscUnboundedArrayQueue<>(16);
    private final Map<String, InboundChannel> channels = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private CompletableFuture<Void> waiter;
    private int endedCount;
    private volatile boolean closed;
    private volatile RuntimeException failure;
    /** When the consumer started waiting for pages (System.nanoTime), 0 while it is not waiting. */
    private volatile long idleSince;
    private final AtomicLong idleNanos = new AtomicLong();

    // consumer thread only
    private Page[] current;
    private int currentIndex;
    private Lz4Decompressor decompressor;
    private long drainSampleStart;
    private long drainSampleBytes;
    private long drainSampleIdleAtStart;
    private double drainBytesPerSecond;

    private record InboundMessage(InboundChannel channel, Page[] pages, ExchangeMessage.Data data, long bytes) {}

    /** The round trip assumed to a peer that no heartbeat measured yet. */
    private static final long DEFAULT_ROUND_TRIP_NANOS = 500_000;
    /** A compressed body that declares more than this is corrupt (no sender batches that much). */
    private static final int MAX_UNCOMPRESSED_BYTES = 256 << 20;
    /** The consumer's drain rate is measured over periods of at least this long. */
    private static final long DRAIN_SAMPLE_NANOS = 10_000_000;

    /** What the consumer knows of one sender: where to send credit, and the last sequence number seen. */
    private static final class InboundChannel
    {
        final String sender;
        final String peer;
        final OutboundChannel localSender;
        long lastSequence;
        long consumedBytes;
        boolean ended;
        /** The window granted now; above the first one by what is reserved from the budget. */
        long windowBytes;
        long reservedBytes;
        /** A message came from a sender that had waited for credit while the consumer was idle: the window should grow. */
        volatile boolean starved;

        InboundChannel(String sender, String peer, OutboundChannel localSender)
        {
            this.sender = sender;
            this.peer = peer;
            this.localSender = localSender;
        }
    }

    NetworkExchangeSource(ExchangeId exchangeId, int partition, int producerCount, ExchangeConfig config, ReceiveBudget budget, NodeTransport transport, ExchangeStats stats)
    {
        this.exchangeId = requireNonNull(exchangeId, "exchangeId is null");
        this.partition = partition;
        this.producerCount = producerCount;
        this.windowBytes = config.channelWindowBytes();
        this.maxWindowBytes = config.maxChannelWindowBytes();
        this.budget = requireNonNull(budget, "budget is null");
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

    /**
     * Event loop: a remote sink announced its channel. Its first window is granted without a frame:
     * the sender counts it granted from the start ({@link OutboundChannel#remote}; both ends of an
     * exchange have the query's config), so the next credit it hears of is for more.
     */
    void remoteChannelOpened(String peer, String sender)
    {
        boolean isClosed;
        synchronized (lock) {
            channels.putIfAbsent(sender, newChannel(sender, peer, null));
            isClosed = closed;
        }
        if (isClosed) {
            transport.send(peer, new ExchangeMessage.Closed(exchangeId, partition, sender).toFrame());
        }
    }

    /** A sink of this process opened its channel. */
    void localChannelOpened(String sender, OutboundChannel outbound)
    {
        boolean isClosed;
        synchronized (lock) {
            channels.putIfAbsent(sender, newChannel(sender, null, outbound));
            isClosed = closed;
        }
        if (isClosed) {
            outbound.consumerClosed();
        }
        else {
            outbound.creditGranted(windowBytes, 0, idleNanos.get());
        }
    }

    private InboundChannel newChannel(String sender, String peer, OutboundChannel localSender)
    {
        InboundChannel channel = new InboundChannel(sender, peer, localSender);
        channel.windowBytes = windowBytes;
        return channel;
    }

    /** Event loop: pages from a remote sink, in the native memory the frame arrived in. */
    void dataReceived(String peer, ExchangeMessage.Data data)
    {
        InboundChannel channel = channels.computeIfAbsent(data.sender(), sender -> newChannel(sender, peer, null));
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
        senderWaited(channel, data.creditWaitNanos());
        offer(new InboundMessage(channel, null, data, data.wireBytes()));
    }

    /** A local sink hands pages over in memory, from its sending thread. */
    void localDataReceived(String sender, long sequence, Page[] pages, long bytes, long creditWaitNanos)
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
        senderWaited(channel, creditWaitNanos);
        offer(new InboundMessage(channel, pages, null, bytes));
    }

    /** Counts the time the consumer sat idle while this message's sender waited for credit, and lets its window grow. */
    private void senderWaited(InboundChannel channel, long creditWaitNanos)
    {
        long idleStart = idleSince;
        if (idleStart == 0 || creditWaitNanos <= 0) {
            return;
        }
        stats.creditWaitWhileIdleNanos.addAndGet(Math.min(creditWaitNanos, System.nanoTime() - idleStart));
        channel.starved = true;
    }

    private void offer(InboundMessage message)
    {
        stats.buffered(message.bytes());
        budget.buffered(message.bytes());
        queue.offer(message);
        wake();
    }

    void endReceived(String sender)
    {
        synchronized (lock) {
            InboundChannel channel = channels.computeIfAbsent(sender, ignored -> newChannel(sender, null, null));
            if (!channel.ended) {
                channel.ended = true;
                endedCount++;
            }
            // the sender sent everything: its window's growth goes back to the query
            budget.release(channel.reservedBytes);
            channel.reservedBytes = 0;
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
            long idleStart = idleSince;
            if (idleStart != 0) {
                idleSince = 0;
                long idle = System.nanoTime() - idleStart;
                idleNanos.addAndGet(idle);
                stats.consumerIdleNanos.addAndGet(idle);
            }
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
        budget.unbuffered(message.bytes());
        Page[] pages = message.pages() != null ? message.pages() : decode(message.data());
        drained(message.bytes());
        grantCredit(message.channel(), message.bytes());
        current = pages;
        currentIndex = 1;
        return pages[0];
    }

    private Page[] decode(ExchangeMessage.Data data)
    {
        Page[] pages = new Page[data.pageCount()];
        try {
            MemorySegment body = data.body();
            // ExchangeMessage.Data.parse checked the sizes: an uncompressed body is as long as its header says
            if (data.compressed()) {
                body = decompress(body, data.uncompressedBytes());
            }
            AlignedPageReader reader = new AlignedPageReader(body);
            for (int i = 0; i < pages.length; i++) {
                pages[i] = reader.next();
            }
            if (reader.hasNext()) {
                throw new CorruptPageException("bytes left after " + pages.length + " pages: " + (body.byteSize() - reader.position()));
            }
        }
        catch (RuntimeException e) {
            IllegalStateException corrupt = new IllegalStateException("corrupt page from " + data.sender() + " for partition " + partition + ": " + e.getMessage(), e);
            fail(corrupt);
            throw new ExchangeFailedException(exchangeId, corrupt);
        }
        stats.rawBytesReceived.addAndGet(data.rawBytes());
        stats.pagesReceived.addAndGet(pages.length);
        return pages;
    }

    /** The body's pages in native memory of their own; the declared size is checked before anything is allocated. */
    private MemorySegment decompress(MemorySegment compressed, int uncompressedBytes)
    {
        if (uncompressedBytes > MAX_UNCOMPRESSED_BYTES) {
            throw new CorruptPageException("compressed body declares " + uncompressedBytes + " bytes, above the limit of " + MAX_UNCOMPRESSED_BYTES);
        }
        if (decompressor == null) {
            decompressor = Lz4Decompressor.create();
        }
        MemorySegment raw = ReceiveMemory.allocate(uncompressedBytes);
        int length;
        try {
            length = decompressor.decompress(compressed, raw);
        }
        catch (MalformedInputException | IndexOutOfBoundsException e) {
            throw new CorruptPageException("LZ4 body does not decompress: " + e.getMessage(), e);
        }
        if (length != uncompressedBytes) {
            throw new CorruptPageException("LZ4 body decompressed to " + length + " bytes, header declares " + uncompressedBytes);
        }
        return raw;
    }

    /** Measures how fast the consumer takes bytes while it is busy (its idle time taken out). */
    private void drained(long bytes)
    {
        long now = System.nanoTime();
        long idleNow = idleNanos.get();
        if (drainSampleStart == 0) {
            drainSampleStart = now;
            drainSampleIdleAtStart = idleNow;
        }
        drainSampleBytes += bytes;
        long elapsed = now - drainSampleStart;
        if (elapsed >= DRAIN_SAMPLE_NANOS) {
            long busy = Math.max(elapsed - (idleNow - drainSampleIdleAtStart), elapsed / 16);
            double rate = drainSampleBytes * 1e9 / busy;
            drainBytesPerSecond = drainBytesPerSecond == 0 ? rate : 0.75 * drainBytesPerSecond + 0.25 * rate;
            drainSampleStart = now;
            drainSampleBytes = 0;
            drainSampleIdleAtStart = idleNow;
        }
    }

    /** Grows the channel's window toward twice the bandwidth-delay product, and doubles it after the channel starved the consumer. */
    private void adaptWindow(InboundChannel channel)
    {
        long target = channel.windowBytes;
        if (channel.starved) {
            channel.starved = false;
            target = 2 * target;
        }
        if (drainBytesPerSecond > 0) {
            long roundTrip = channel.peer == null ? 0 : transport.roundTripNanos(channel.peer, DEFAULT_ROUND_TRIP_NANOS);
            target = Math.max(target, (long) (2 * drainBytesPerSecond * roundTrip / 1e9));
        }
        target = Math.min(target, maxWindowBytes);
        long more = target - channel.windowBytes;
        if (more <= 0) {
            return;
        }
        synchronized (lock) {
            if (channel.ended || closed || !budget.tryReserve(more)) {
                return;
            }
            channel.reservedBytes += more;
        }
        channel.windowBytes = target;
        stats.windowGrowths.incrementAndGet();
        stats.largestWindowBytes.accumulateAndGet(target, Math::max);
    }

    private void grantCredit(InboundChannel channel, long bytes)
    {
        channel.consumedBytes += bytes;
        if (closed) {
            return;
        }
        if (maxWindowBytes > windowBytes && !channel.ended) {
            adaptWindow(channel);
        }
        long consumed = channel.consumedBytes;
        long granted = consumed + channel.windowBytes;
        if (channel.localSender != null) {
            channel.localSender.creditGranted(granted, consumed, idleNanos.get());
            return;
        }
        boolean ended;
        synchronized (lock) {
            ended = channel.ended;
        }
        // a sender's end of stream follows its last message: once it came, credit would wake the
        // sender's event loop for nothing (a short query's one message and its end arrive together)
        if (!ended) {
            transport.send(channel.peer, new ExchangeMessage.Credit(exchangeId, partition, channel.sender, granted, consumed, idleNanos.get()).toFrame());
        }
    }

    /** Gives back what the channels reserved beyond their first window; they need no more credit. */
    void releaseWindows()
    {
        synchronized (lock) {
            for (InboundChannel channel : channels.values()) {
                budget.release(channel.reservedBytes);
                channel.reservedBytes = 0;
            }
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
                idleSince = System.nanoTime();
            }
            future = waiter;
        }
        // a message offered between the check and publishing the waiter must not be missed
        if (readyWithoutWaiting()) {
            wake();
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
            budget.unbuffered(message.bytes());
        }
        releaseWindows();
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
