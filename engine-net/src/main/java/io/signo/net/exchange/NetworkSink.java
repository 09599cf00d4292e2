package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.core.exchange.PagePartitioner;
import io.signo.net.codec.PageCodec;
import io.signo.storage.page.Page;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The producer end for one driver. Routes rows to destination partitions, batches them per
 * destination up to the target message size, encodes batches for remote partitions (on the
 * driver's thread) and hands them to the partition's {@link OutboundChannel}. Blocked while any
 * channel still holds a message it could not send (no credit, or an unwritable connection), and
 * after each batch barrier until every consumer caught up.
 */
final class NetworkSink
        implements ExchangeSink
{
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final NetworkExchange exchange;
    private final ExchangeKind kind;
    private final OutboundChannel[] channels;
    private final PageCodec codec;
    private final ExchangeConfig config;
    private final String sender;

    // driver thread only
    private final List<List<Page>> batches = new ArrayList<>();
    private final long[] batchBytes;
    private final PagePartitioner partitioner;
    private int roundRobinNext;
    /** A broadcast sends each page once to every node, to one of its partitions in turn, so the node's drivers together see it once. */
    private final int[][] partitionsByNode;
    private final int[] broadcastNext;
    private long bytesSinceBarrier;
    private boolean finished;

    NetworkSink(NetworkExchange exchange, String sender, OutboundChannel[] channels, int[] hashChannels, int tableBuckets, PageCodec codec, ExchangeConfig config)
    {
        this.exchange = requireNonNull(exchange, "exchange is null");
        this.kind = exchange.kind();
        this.sender = requireNonNull(sender, "sender is null");
        this.channels = requireNonNull(channels, "channels is null");
        this.codec = requireNonNull(codec, "codec is null");
        this.config = requireNonNull(config, "config is null");
        // broadcast batches once for all partitions: the same pages go everywhere, encoded once
        int batchCount = kind == ExchangeKind.BROADCAST ? 1 : channels.length;
        for (int i = 0; i < batchCount; i++) {
            batches.add(new ArrayList<>());
        }
        this.batchBytes = new long[batchCount];
        this.partitionsByNode = partitionsByNode(exchange.partitionOwners());
        this.partitioner = kind == ExchangeKind.HASH ? new PagePartitioner(hashChannels, channels.length, tableBuckets, partitionsByNode.length) : null;
        this.broadcastNext = new int[partitionsByNode.length];
    }

    /** The partitions of each owning node, in node order of first appearance. */
    private static int[][] partitionsByNode(List<String> owners)
    {
        java.util.Map<String, List<Integer>> byNode = new java.util.LinkedHashMap<>();
        for (int partition = 0; partition < owners.size(); partition++) {
            byNode.computeIfAbsent(owners.get(partition), ignored -> new ArrayList<>()).add(partition);
        }
        int[][] groups = new int[byNode.size()][];
        int index = 0;
        for (List<Integer> partitions : byNode.values()) {
            groups[index++] = partitions.stream().mapToInt(Integer::intValue).toArray();
        }
        return groups;
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
        exchange.checkFailed();
        if (finished) {
            throw new IllegalStateException("sink " + sender + " already finished");
        }
        if (page.positionCount() == 0) {
            return;
        }
        switch (kind) {
            case GATHER -> append(0, page);
            case BROADCAST -> append(0, page);
            case ROUND_ROBIN -> {
                int target = roundRobinNext;
                roundRobinNext = (roundRobinNext + 1) % channels.length;
                append(target, page);
            }
            case HASH -> addPartitioned(page);
        }
    }

    private void addPartitioned(Page page)
    {
        if (channels.length == 1) {
            append(0, page);
            return;
        }
        partitioner.split(page, this::append);
    }

    private void append(int batch, Page page)
    {
        if (kind != ExchangeKind.BROADCAST && channels[batch].isClosed()) {
            return;
        }
        batches.get(batch).add(page);
        batchBytes[batch] += page.retainedBytes();
        if (batchBytes[batch] >= config.targetMessageBytes()) {
            flush(batch);
        }
    }

    private void flush(int batch)
    {
        List<Page> pages = batches.get(batch);
        if (pages.isEmpty()) {
            return;
        }
        Page[] pageArray = pages.toArray(new Page[0]);
        long rawBytes = batchBytes[batch];
        pages.clear();
        batchBytes[batch] = 0;
        if (kind == ExchangeKind.BROADCAST) {
            OutboundMessage encoded = null;
            for (int node = 0; node < partitionsByNode.length; node++) {
                OutboundChannel channel = nextOpenChannel(node);
                if (channel == null) {
                    continue;
                }
                if (channel.isLocal()) {
                    channel.enqueue(OutboundMessage.local(pageArray, rawBytes));
                    continue;
                }
                if (encoded == null) {
                    encoded = encode(pageArray, rawBytes);
                }
                channel.enqueue(encoded);
            }
            bytesSinceBarrier += rawBytes;
            return;
        }
        OutboundChannel channel = channels[batch];
        OutboundMessage message = channel.isLocal() ? OutboundMessage.local(pageArray, rawBytes) : encode(pageArray, rawBytes);
        channel.enqueue(message);
        bytesSinceBarrier += message.bytes();
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

    private OutboundMessage encode(Page[] pages, long rawBytes)
    {
        byte[][] encoded = new byte[pages.length][];
        int length = 0;
        for (int i = 0; i < pages.length; i++) {
            encoded[i] = codec.encode(pages[i]);
            length = Math.addExact(length, Integer.BYTES + encoded[i].length);
        }
        ByteBuffer buffer = ByteBuffer.allocate(length);
        for (byte[] page : encoded) {
            buffer.putInt(page.length).put(page);
        }
        int wireBytes = ExchangeMessage.Data.wireBytes(exchange.id(), sender, length);
        return OutboundMessage.encoded(buffer.array(), pages.length, wireBytes, rawBytes);
    }

    @Override
    public void finish()
    {
        if (finished) {
            return;
        }
        finished = true;
        if (exchange.failure() != null) {
            return;
        }
        for (int batch = 0; batch < batchBytes.length; batch++) {
            flush(batch);
        }
        for (OutboundChannel channel : channels) {
            channel.enqueueEnd();
        }
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
