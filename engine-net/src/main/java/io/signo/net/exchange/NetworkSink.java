package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.core.exchange.PageAccumulator;
import io.signo.core.exchange.PagePartitioner;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.SegmentRegionOutput;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The producer end for one driver. Routes rows to destination partitions and batches them per
 * destination into messages, which it hands to the partition's {@link OutboundChannel}:
 *
 * <ul>
 * <li>A hash exchange computes the partition of every row of a page once, a vector at a time, and
 * scatters the page column by column into one {@link PageAccumulator} per destination; an
 * accumulator is sent as a page once it holds {@link #MAX_PAGE_ROWS} rows or a message's worth of
 * bytes. A page whose rows all go to one destination goes on whole.</li>
 * <li>Pages under {@link #COALESCE_BELOW_BYTES} are coalesced the same way, so that a stream of tiny
 * pages becomes a few pages of useful size; larger pages go on as they are.</li>
 * <li>For a destination in another process the pages are written straight into the message's direct
 * buffers ({@link MessageBuilder}), compressed or not as the destination's {@link LinkCompression}
 * decides; a message is sent once it holds half the destination's credit window (at least
 * {@link ExchangeConfig#MIN_MESSAGE_BYTES}, at most the configured target). For a destination in this
 * process the pages themselves are handed over.</li>
 * </ul>
 *
 * Blocked while any channel still holds a message it could not send (no credit, or an unwritable
 * connection), and after each batch barrier until every consumer caught up. What it holds for sending
 * (accumulated rows, messages being built, messages not yet handed on or written to the socket) is
 * counted in the query's memory pool ({@link SendMemory}); past the query's limit the producer fails
 * with the memory-limit error. Driver thread only.
 */
final class NetworkSink
        implements ExchangeSink
{
    /** Pages smaller than this are coalesced with others for the same destination. */
    static final long COALESCE_BELOW_BYTES = 16 << 10;
    /** A page made of accumulated rows has at most this many, as a table scan's pages. */
    static final int MAX_PAGE_ROWS = 8192;
    private static final long MAX_ACCUMULATED_BYTES = 1 << 20;
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final NetworkExchange exchange;
    private final ExchangeKind kind;
    private final OutboundChannel[] channels;
    /** Per channel, the compression choice of its destination process; null for a channel in this process. */
    private final LinkCompression[] compression;
    private final ExchangeConfig config;
    private final String sender;
    private final int headerBytes;
    private final SendMemory memory;

    // driver thread only; one destination per channel, or one for all for a broadcast
    private final PageAccumulator[] accumulators;
    private final List<List<Page>> localPages = new ArrayList<>();
    private final long[] localBytes;
    private final MessageBuilder[] builders;
    private final long[] messageTargets;
    private final PagePartitioner partitioner;
    private int roundRobinNext;
    /** A broadcast sends each page once to every node, to one of its partitions in turn, so the node's drivers together see it once. */
    private final int[][] partitionsByNode;
    private final int[] broadcastNext;
    private final boolean broadcastToLocal;
    private final boolean broadcastToRemote;
    private long bytesSinceBarrier;
    private boolean finished;

    NetworkSink(NetworkExchange exchange, String sender, OutboundChannel[] channels, LinkCompression[] compression, int[] hashChannels, int tableBuckets, ExchangeConfig config,
            SendMemory memory)
    {
        this.memory = requireNonNull(memory, "memory is null");
        this.exchange = requireNonNull(exchange, "exchange is null");
        this.kind = exchange.kind();
        this.sender = requireNonNull(sender, "sender is null");
        this.channels = requireNonNull(channels, "channels is null");
        this.compression = requireNonNull(compression, "compression is null");
        this.config = requireNonNull(config, "config is null");
        this.headerBytes = ExchangeMessage.Data.headerBytes(exchange.id(), sender);
        int destinationCount = kind == ExchangeKind.BROADCAST ? 1 : channels.length;
        this.accumulators = new PageAccumulator[destinationCount];
        this.builders = new MessageBuilder[destinationCount];
        this.localBytes = new long[destinationCount];
        this.messageTargets = new long[destinationCount];
        for (int i = 0; i < destinationCount; i++) {
            localPages.add(new ArrayList<>());
        }
        this.partitionsByNode = exchange.partitionsByNode();
        this.broadcastNext = new int[partitionsByNode.length];
        this.partitioner = kind == ExchangeKind.HASH ? new PagePartitioner(hashChannels, channels.length, tableBuckets, partitionsByNode.length) : null;
        boolean anyLocal = false;
        boolean anyRemote = false;
        for (OutboundChannel channel : channels) {
            anyLocal |= channel.isLocal();
            anyRemote |= !channel.isLocal();
        }
        this.broadcastToLocal = anyLocal;
        this.broadcastToRemote = anyRemote;
    }

    OutboundChannel channel(int partition)
    {
        return channels[partition];
    }

    String sender()
    {
        return sender;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        if (exchange.failure() != null) {
            return DONE;
        }
        for (OutboundChannel channel : channels) {
            CompletableFuture<?> drained = channel.awaitQueueDrained();
            if (!drained.isDone()) {
                return drained;
            }
        }
        if (config.batchBarrierBytes() > 0 && bytesSinceBarrier >= config.batchBarrierBytes()) {
            for (OutboundChannel channel : channels) {
                CompletableFuture<?> consumed = channel.awaitAllConsumed();
                if (!consumed.isDone()) {
                    return consumed;
                }
            }
            bytesSinceBarrier = 0;
        }
        return DONE;
    }

    @Override
    public void add(Page page)
    {
        if (exchange.failure() != null) {
            close();
            exchange.checkFailed();
        }
        if (finished) {
            throw new IllegalStateException("sink " + sender + " already finished");
        }
        if (page.positionCount() == 0) {
            return;
        }
        switch (kind) {
            case GATHER, BROADCAST -> addToDestination(0, page);
            case ROUND_ROBIN -> {
                int target = roundRobinNext;
                roundRobinNext = (roundRobinNext + 1) % channels.length;
                addToDestination(target, page);
            }
            case HASH -> {
                if (channels.length == 1) {
                    addToDestination(0, page);
                }
                else {
                    scatter(page);
                }
            }
        }
        accountBuilding();
    }

    /** Counts what the accumulators and the messages being built hold now in the query's pool. */
    private void accountBuilding()
    {
        long bytes = 0;
        for (int destination = 0; destination < builders.length; destination++) {
            PageAccumulator accumulator = accumulators[destination];
            if (accumulator != null) {
                bytes += accumulator.bytes();
            }
            MessageBuilder builder = builders[destination];
            if (builder != null && builder.isStarted()) {
                bytes += builder.bodyBytes();
            }
            bytes += localBytes[destination];
        }
        memory.building(bytes);
    }

    /** The bytes this sink holds for sending now, as counted in the query's pool. */
    long heldBytes()
    {
        return memory.heldBytes();
    }

    private void addToDestination(int destination, Page page)
    {
        if (isClosed(destination)) {
            return;
        }
        if (page.retainedBytes() < COALESCE_BELOW_BYTES) {
            PageAccumulator accumulator = accumulator(destination);
            accumulator.appendAll(page);
            if (isFull(destination, accumulator)) {
                flushAccumulator(destination);
            }
            return;
        }
        // the accumulated rows first, so that a destination gets a producer's rows in order
        flushAccumulator(destination);
        emit(destination, page, true, null);
    }

    /**
     * Groups the rows of a page by partition (computed once per row, vector at a time, and sorted by
     * partition) and appends them to the destinations' accumulators column by column.
     */
    private void scatter(Page page)
    {
        int positionCount = page.positionCount();
        PagePartitioner partitioner = this.partitioner;
        partitioner.group(page);
        int destinationCount = channels.length;
        for (int partition = 0; partition < destinationCount; partition++) {
            if (partitioner.partitionSize(partition) == positionCount) {
                addToDestination(partition, page);
                return;
            }
        }
        for (int partition = 0; partition < destinationCount; partition++) {
            if (partitioner.partitionSize(partition) > 0) {
                accumulator(partition).prepare(page);
            }
        }
        int[] positions = partitioner.positions();
        int columnCount = page.columnCount();
        for (int column = 0; column < columnCount; column++) {
            ColumnVector vector = page.column(column);
            for (int partition = 0; partition < destinationCount; partition++) {
                int count = partitioner.partitionSize(partition);
                if (count > 0) {
                    accumulators[partition].appendColumn(column, vector, positions, partitioner.partitionStart(partition), count);
                }
            }
        }
        for (int partition = 0; partition < destinationCount; partition++) {
            int count = partitioner.partitionSize(partition);
            if (count > 0) {
                PageAccumulator accumulator = accumulators[partition];
                accumulator.commit(count);
                if (isClosed(partition)) {
                    accumulator.reset();
                }
                else if (isFull(partition, accumulator)) {
                    flushAccumulator(partition);
                }
            }
        }
    }

    private PageAccumulator accumulator(int destination)
    {
        PageAccumulator accumulator = accumulators[destination];
        if (accumulator == null) {
            accumulator = new PageAccumulator();
            accumulators[destination] = accumulator;
        }
        return accumulator;
    }

    private boolean isFull(int destination, PageAccumulator accumulator)
    {
        return accumulator.positionCount() >= MAX_PAGE_ROWS || accumulator.bytes() >= Math.min(MAX_ACCUMULATED_BYTES, messageTarget(destination));
    }

    private boolean isClosed(int destination)
    {
        return kind != ExchangeKind.BROADCAST && channels[destination].isClosed();
    }

    /** Sends the accumulated rows of a destination on as one page. */
    private void flushAccumulator(int destination)
    {
        PageAccumulator accumulator = accumulators[destination];
        if (accumulator == null || accumulator.positionCount() == 0) {
            return;
        }
        boolean toLocal = kind == ExchangeKind.BROADCAST ? broadcastToLocal : channels[destination].isLocal();
        if (toLocal) {
            // a consumer in this process keeps the page: it gets memory of its own, one allocation
            emit(destination, SegmentRegionOutput.copyOf(accumulator.view(), PageAllocator.transientPages()), true, null);
        }
        else if (!startedBuilder(destination).isCompressing()) {
            // the message references the accumulator's buffers (no copy); they come back once it is written
            PageAccumulator.Detached detached = accumulator.detach();
            emit(destination, detached.page(), true, detached.release());
            return;
        }
        else {
            emit(destination, accumulator.view(), false, null);
        }
        accumulator.reset();
    }

    /** The destination's message builder, its message started (compressed or not, as the link decides now) if it was not. */
    private MessageBuilder startedBuilder(int destination)
    {
        MessageBuilder builder = builders[destination];
        if (builder == null) {
            builder = new MessageBuilder();
            builders[destination] = builder;
        }
        if (!builder.isStarted()) {
            builder.start(shouldCompress(destination));
        }
        return builder;
    }

    /**
     * Adds a page to the destination's next message and sends the message once it is big enough.
     * With {@code whenDone} (a remote destination only), the message references the page's memory
     * until it was written, then runs it.
     */
    private void emit(int destination, Page page, boolean mayReference, Runnable whenDone)
    {
        boolean toLocal = kind == ExchangeKind.BROADCAST ? broadcastToLocal : channels[destination].isLocal();
        boolean toRemote = kind == ExchangeKind.BROADCAST ? broadcastToRemote : !channels[destination].isLocal();
        long target = messageTargets[destination];
        if (target == 0) {
            target = messageTarget(destination);
        }
        long batched = 0;
        if (toLocal) {
            localPages.get(destination).add(page);
            localBytes[destination] += page.retainedBytes();
            batched = localBytes[destination];
        }
        if (toRemote) {
            MessageBuilder builder = startedBuilder(destination);
            if (whenDone != null) {
                builder.addPage(page, whenDone);
            }
            else {
                builder.addPage(page, mayReference);
            }
            batched = Math.max(batched, builder.bodyBytes());
        }
        if (batched >= target) {
            flush(destination);
        }
    }

    /** The size at which a destination's message is sent: half its credit window, within [{@link ExchangeConfig#MIN_MESSAGE_BYTES}, target]. */
    private long messageTarget(int destination)
    {
        long target = config.targetMessageBytes();
        if (kind != ExchangeKind.BROADCAST && !channels[destination].isLocal()) {
            long window = channels[destination].windowBytes();
            if (window > 0) {
                target = Math.min(target, Math.max(ExchangeConfig.MIN_MESSAGE_BYTES, window / 2));
            }
        }
        messageTargets[destination] = target;
        return target;
    }

    private boolean shouldCompress(int destination)
    {
        return switch (config.compression()) {
            case NONE -> false;
            case LZ4 -> true;
            case ADAPTIVE -> {
                long now = System.nanoTime();
                if (kind != ExchangeKind.BROADCAST) {
                    yield wantsCompression(destination, now);
                }
                // one encoding for every node: compressed if any link wants it
                boolean any = false;
                for (int partition = 0; partition < channels.length && !any; partition++) {
                    any = compression[partition] != null && wantsCompression(partition, now);
                }
                yield any;
            }
        };
    }

    private boolean wantsCompression(int partition, long now)
    {
        return compression[partition].shouldCompress(now);
    }

    private LinkCompression compressionOf(int destination)
    {
        if (kind != ExchangeKind.BROADCAST) {
            return compression[destination];
        }
        for (LinkCompression link : compression) {
            if (link != null) {
                return link;
            }
        }
        return null;
    }

    private void flush(int destination)
    {
        List<Page> pages = localPages.get(destination);
        Page[] pageArray = pages.isEmpty() ? null : pages.toArray(new Page[0]);
        long rawBytes = localBytes[destination];
        pages.clear();
        localBytes[destination] = 0;
        messageTargets[destination] = 0;
        MessageBuilder builder = builders[destination];
        MessageBuilder.Body body = builder != null && builder.isStarted() ? builder.seal(compressionOf(destination)) : null;
        if (kind == ExchangeKind.BROADCAST) {
            OutboundChannel[] targets = new OutboundChannel[partitionsByNode.length];
            int localTargets = 0;
            int remoteTargets = 0;
            for (int node = 0; node < partitionsByNode.length; node++) {
                OutboundChannel channel = nextOpenChannel(node);
                targets[node] = channel;
                if (channel != null && channel.isLocal() && pageArray != null) {
                    localTargets++;
                }
                else if (channel != null && !channel.isLocal() && body != null) {
                    remoteTargets++;
                }
            }
            // one reservation for the pages and the body, given back once every node's copy is done
            long heldBytes = (localTargets == 0 ? 0 : rawBytes) + (remoteTargets == 0 ? 0 : body.buffer().readableBytes());
            SendMemory.Hold hold = localTargets + remoteTargets == 0 ? null : hold(heldBytes, localTargets + remoteTargets, body);
            if (hold == null && body != null) {
                runWhenDone(body);
            }
            for (OutboundChannel channel : targets) {
                if (channel == null) {
                    continue;
                }
                if (channel.isLocal()) {
                    if (pageArray != null) {
                        channel.enqueue(OutboundMessage.local(pageArray, rawBytes, hold));
                    }
                }
                else if (body != null) {
                    ByteBuf buffer = body.buffer().retainedDuplicate();
                    channel.enqueue(OutboundMessage.remote(body, buffer, headerBytes + buffer.readableBytes(), hold));
                }
            }
            if (body != null) {
                bytesSinceBarrier += body.buffer().readableBytes();
                body.buffer().release();
            }
            else {
                bytesSinceBarrier += rawBytes;
            }
            return;
        }
        OutboundChannel channel = channels[destination];
        if (pageArray != null) {
            channel.enqueue(OutboundMessage.local(pageArray, rawBytes, hold(rawBytes, 1, body)));
            bytesSinceBarrier += rawBytes;
        }
        if (body != null) {
            long wireBytes = headerBytes + body.buffer().readableBytes();
            channel.enqueue(OutboundMessage.remote(body, body.buffer(), wireBytes, hold(body.buffer().readableBytes(), 1, body)));
            bytesSinceBarrier += wireBytes;
        }
    }

    /**
     * Reserves a sealed message in the query's pool, after giving back what it took while it was
     * built; a refused reservation frees the message's body (not sent) and fails the producer.
     */
    private SendMemory.Hold hold(long bytes, int parts, MessageBuilder.Body body)
    {
        accountBuilding();
        try {
            return memory.hold(bytes, parts, body == null ? List.of() : body.whenDone());
        }
        catch (RuntimeException e) {
            if (body != null && body.buffer().refCnt() > 0) {
                body.buffer().release();
                runWhenDone(body);
            }
            throw e;
        }
    }

    private static void runWhenDone(MessageBuilder.Body body)
    {
        for (Runnable done : body.whenDone()) {
            done.run();
        }
    }

    private OutboundChannel nextOpenChannel(int node)
    {
        int[] partitions = partitionsByNode[node];
        for (int attempt = 0; attempt < partitions.length; attempt++) {
            OutboundChannel channel = channels[partitions[broadcastNext[node]]];
            broadcastNext[node] = (broadcastNext[node] + 1) % partitions.length;
            if (!channel.isClosed()) {
                return channel;
            }
        }
        return null;
    }

    @Override
    public void finish()
    {
        if (finished) {
            return;
        }
        finished = true;
        if (exchange.failure() != null) {
            close();
            return;
        }
        for (int destination = 0; destination < builders.length; destination++) {
            flushAccumulator(destination);
            flush(destination);
        }
        for (OutboundChannel channel : channels) {
            channel.enqueueEnd();
        }
    }

    /** Frees the buffers of messages not sent (the query failed or stopped early). */
    @Override
    public void close()
    {
        for (MessageBuilder builder : builders) {
            if (builder != null && builder.isStarted()) {
                builder.release();
            }
        }
        for (List<Page> pages : localPages) {
            pages.clear();
        }
        Arrays.fill(localBytes, 0);
        for (PageAccumulator accumulator : accumulators) {
            if (accumulator != null) {
                accumulator.reset();
            }
        }
        memory.close();
    }

    @Override
    public boolean isDone()
    {
        for (OutboundChannel channel : channels) {
            if (!channel.isClosed()) {
                return false;
            }
        }
        return true;
    }
}
