package io.signo.net.exchange;

import io.signo.core.exchange.Exchange;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.core.exchange.ExchangeSource;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.PeerDeadException;
import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static java.util.Objects.requireNonNull;

/**
 * This process's part of one exchange that spans processes. Partitions are spread over nodes
 * ({@code partitionOwners[p]} is the {@code host:port} hosting partition p); this process hosts the
 * sources of its own partitions and {@code localProducerCount} sinks. A source is finished once all
 * {@code totalProducerCount} producers of every node sent it their end of stream. Pages for a
 * partition of this process never touch the network.
 *
 * <p>Flow control is per channel (one sink to one partition): a consumer grants a window of bytes
 * and returns credit as its driver takes pages; a sink whose destination has no credit (or whose
 * connection is above its high water mark) is blocked. See {@link OutboundChannel}.
 */
public final class NetworkExchange
        implements Exchange, AutoCloseable
{
    private final ExchangeRouter router;
    private final NodeTransport transport;
    private final ExchangeId id;
    private final ExchangeKind kind;
    private final List<String> partitionOwners;
    /** The partitions of each owning node, in node order of first appearance; shared by the sinks, read only. */
    private final int[][] partitionsByNode;
    private final int[] hashChannels;
    /** Above 0: hash rows to the node holding their partition of a stored table of that many (see {@link io.signo.core.exchange.PagePartitioner}). */
    private final int tableBuckets;
    private final int localProducerCount;
    private final ExchangeConfig config;
    private final ExchangeStats stats = new ExchangeStats();
    private final NetworkExchangeSource[] sources;
    private final Map<String, NetworkSink> sinks = new ConcurrentHashMap<>();
    private final List<NetworkSink> sinkList = new CopyOnWriteArrayList<>();
    /** What {@link #whenSinksDone} returned before every sink existed; completed by a failure. */
    private final List<CompletableFuture<Void>> awaitingFailure = new CopyOnWriteArrayList<>();
    private volatile RuntimeException failure;

    public NetworkExchange(
            ExchangeRouter router,
            ExchangeId id,
            ExchangeKind kind,
            List<String> partitionOwners,
            int[] hashChannels,
            int localProducerCount,
            int totalProducerCount,
            ExchangeConfig config)
    {
        this(router, id, kind, partitionOwners, hashChannels, 0, localProducerCount, totalProducerCount, config, new ReceiveBudget(config.queryBufferBytes()));
    }

    /**
     * @param tableBuckets above 0: a hash exchange sends each row to the node holding its partition of
     *        a stored table of that many partitions (see {@link io.signo.core.exchange.PagePartitioner})
     * @param budget what the consumers of the query in this process may grant beyond their first windows, shared by the query's exchanges
     */
    public NetworkExchange(
            ExchangeRouter router,
            ExchangeId id,
            ExchangeKind kind,
            List<String> partitionOwners,
            int[] hashChannels,
            int tableBuckets,
            int localProducerCount,
            int totalProducerCount,
            ExchangeConfig config,
            ReceiveBudget budget)
    {
        this.router = requireNonNull(router, "router is null");
        this.transport = router.transport();
        this.id = requireNonNull(id, "id is null");
        this.kind = requireNonNull(kind, "kind is null");
        this.partitionOwners = List.copyOf(requireNonNull(partitionOwners, "partitionOwners is null"));
        this.partitionsByNode = partitionsByNode(this.partitionOwners);
        this.config = requireNonNull(config, "config is null");
        if (partitionOwners.isEmpty()) {
            throw new IllegalArgumentException("an exchange needs at least one partition");
        }
        if (kind == ExchangeKind.GATHER && partitionOwners.size() != 1) {
            throw new IllegalArgumentException("a gather exchange has one partition, not " + partitionOwners.size());
        }
        if (kind == ExchangeKind.HASH && (hashChannels == null || hashChannels.length == 0)) {
            throw new IllegalArgumentException("a hash exchange needs key channels");
        }
        if (localProducerCount < 0 || totalProducerCount < localProducerCount) {
            throw new IllegalArgumentException("bad producer counts: " + localProducerCount + " local of " + totalProducerCount);
        }
        this.hashChannels = hashChannels == null ? new int[0] : hashChannels.clone();
        this.tableBuckets = tableBuckets;
        this.localProducerCount = localProducerCount;
        this.sources = new NetworkExchangeSource[partitionOwners.size()];
        String local = transport.localAddress();
        for (int partition = 0; partition < sources.length; partition++) {
            if (partitionOwners.get(partition).equals(local)) {
                sources[partition] = new NetworkExchangeSource(id, partition, totalProducerCount, config, requireNonNull(budget, "budget is null"), transport, stats);
            }
        }
        router.register(this);
    }

    public ExchangeId id()
    {
        return id;
    }

    @Override
    public ExchangeKind kind()
    {
        return kind;
    }

    @Override
    public int partitionCount()
    {
        return sources.length;
    }

    public List<String> partitionOwners()
    {
        return partitionOwners;
    }

    int[][] partitionsByNode()
    {
        return partitionsByNode;
    }

    /** The partitions of each owning node, in node order of first appearance. */
    private static int[][] partitionsByNode(List<String> owners)
    {
        Map<String, Integer> nodeOf = new HashMap<>();
        int[] node = new int[owners.size()];
        int[] sizes = new int[owners.size()];
        for (int partition = 0; partition < owners.size(); partition++) {
            Integer index = nodeOf.putIfAbsent(owners.get(partition), nodeOf.size());
            node[partition] = index == null ? nodeOf.size() - 1 : index;
            sizes[node[partition]]++;
        }
        int[][] groups = new int[nodeOf.size()][];
        for (int index = 0; index < groups.length; index++) {
            groups[index] = new int[sizes[index]];
        }
        int[] filled = new int[groups.length];
        for (int partition = 0; partition < owners.size(); partition++) {
            groups[node[partition]][filled[node[partition]]++] = partition;
        }
        return groups;
    }

    public ExchangeStats stats()
    {
        return stats;
    }

    /** Creates the sink of the next local producer, counting nothing; exactly {@code localProducerCount} may be created. */
    @Override
    public ExchangeSink createSink()
    {
        return createSink(null);
    }

    /**
     * Creates the sink of the next local producer; what it holds for sending is counted in
     * {@code queryPool} (nothing is counted when it is null). Exactly {@code localProducerCount} may be created.
     */
    @Override
    public ExchangeSink createSink(MemoryPool queryPool)
    {
        NetworkSink sink;
        synchronized (sinkList) {
            if (sinkList.size() == localProducerCount) {
                throw new IllegalStateException("exchange " + id + " already has its " + localProducerCount + " local producers");
            }
            String sender = transport.localAddress() + "#" + sinkList.size();
            OutboundChannel[] channels = new OutboundChannel[sources.length];
            for (int partition = 0; partition < channels.length; partition++) {
                channels[partition] = sources[partition] != null
                        ? OutboundChannel.local(id, sender, partition, sources[partition], stats)
                        : OutboundChannel.remote(id, sender, partition, transport.connection(partitionOwners.get(partition)), stats, router.compression(partitionOwners.get(partition)),
                                config.channelWindowBytes());
            }
            LinkCompression[] compression = new LinkCompression[channels.length];
            for (int partition = 0; partition < channels.length; partition++) {
                if (!channels[partition].isLocal()) {
                    compression[partition] = router.compression(partitionOwners.get(partition));
                }
            }
            sink = new NetworkSink(this, sender, channels, compression, hashChannels, tableBuckets, config, queryPool == null ? SendMemory.NONE : new SendMemory(queryPool, sender + " of exchange " + id));
            sinks.put(sender, sink);
            sinkList.add(sink);
        }
        RuntimeException cause = failure;
        for (int partition = 0; partition < sources.length; partition++) {
            if (cause != null) {
                sink.channel(partition).fail(cause);
            }
            else {
                sink.channel(partition).open();
            }
        }
        return sink;
    }

    /**
     * Completes once nothing more will leave this process's sinks: every local producer's sink was
     * created and each of its channels sent its end of stream (after its last message), was closed by
     * its consumer, or failed; at once when the exchange failed. The producers' drivers may end before
     * that, their last messages still waiting for credit, so the exchange must take frames until then.
     */
    public CompletableFuture<Void> whenSinksDone()
    {
        List<CompletableFuture<Void>> channels = new ArrayList<>();
        synchronized (sinkList) {
            if (failure != null) {
                return CompletableFuture.completedFuture(null);
            }
            if (sinkList.size() < localProducerCount) {
                // a producer that was never created will never end: only a failure ends this exchange
                CompletableFuture<Void> failed = new CompletableFuture<>();
                awaitingFailure.add(failed);
                return failed;
            }
            for (NetworkSink sink : sinkList) {
                for (int partition = 0; partition < sources.length; partition++) {
                    channels.add(sink.channel(partition).whenDone());
                }
            }
        }
        return CompletableFuture.allOf(channels.toArray(CompletableFuture[]::new));
    }

    /** The source of a partition this process hosts. */
    @Override
    public ExchangeSource source(int partition)
    {
        NetworkExchangeSource source = sources[partition];
        if (source == null) {
            throw new IllegalArgumentException("partition " + partition + " of exchange " + id + " is hosted by " + partitionOwners.get(partition) + ", not " + transport.localAddress());
        }
        return source;
    }

    /**
     * Fails the exchange in this process: its sources throw an {@link ExchangeFailedException} to
     * their consumers, its sinks to their producers, blocked drivers wake up. The first cause wins.
     */
    public void fail(Throwable cause)
    {
        requireNonNull(cause, "cause is null");
        synchronized (sinkList) {
            if (failure != null) {
                return;
            }
            failure = cause instanceof RuntimeException runtime ? runtime : new RuntimeException(cause.getMessage(), cause);
        }
        for (CompletableFuture<Void> waiting : awaitingFailure) {
            waiting.complete(null);
        }
        for (NetworkExchangeSource source : sources) {
            if (source != null) {
                source.fail(failure);
            }
        }
        for (NetworkSink sink : sinkList) {
            for (int partition = 0; partition < sources.length; partition++) {
                sink.channel(partition).fail(failure);
            }
        }
    }

    RuntimeException failure()
    {
        return failure;
    }

    void checkFailed()
    {
        RuntimeException cause = failure;
        if (cause != null) {
            throw new ExchangeFailedException(id, cause);
        }
    }

    /** Stops routing frames to this exchange (late producers are told the consumers are gone) and gives its windows' growth back to the query. */
    @Override
    public void close()
    {
        router.unregister(id);
        for (NetworkExchangeSource source : sources) {
            if (source != null) {
                source.releaseWindows();
            }
        }
    }

    /** Event loop (or the registering thread, for frames that came early). */
    void messageReceived(String peer, ExchangeMessage message)
    {
        switch (message) {
            case ExchangeMessage.Open open -> localSource(open.partition()).remoteChannelOpened(peer, open.sender());
            case ExchangeMessage.Data data -> localSource(data.partition()).dataReceived(peer, data);
            case ExchangeMessage.End end -> localSource(end.partition()).endReceived(end.sender());
            case ExchangeMessage.Credit credit -> sink(credit.sender()).channel(credit.partition()).creditGranted(credit.grantedBytes(), credit.consumedBytes(), credit.consumerIdleNanos());
            case ExchangeMessage.Closed closed -> sink(closed.sender()).channel(closed.partition()).consumerClosed();
        }
    }

    private NetworkExchangeSource localSource(int partition)
    {
        if (partition < 0 || partition >= sources.length || sources[partition] == null) {
            throw new IllegalStateException("exchange " + id + " on " + transport.localAddress() + " does not host partition " + partition);
        }
        return sources[partition];
    }

    private NetworkSink sink(String sender)
    {
        NetworkSink sink = sinks.get(sender);
        if (sink == null) {
            throw new IllegalStateException("exchange " + id + " has no sink " + sender);
        }
        return sink;
    }

    void peerDied(String peer)
    {
        if (involves(peer)) {
            fail(new PeerDeadException(peer, "exchange " + id + " lost it"));
        }
    }

    private boolean involves(String peer)
    {
        if (partitionOwners.contains(peer)) {
            return true;
        }
        for (NetworkExchangeSource source : sources) {
            if (source != null && source.hasSenderOn(peer)) {
                return true;
            }
        }
        return false;
    }
}
