package io.signo.core.exchange;

import io.signo.storage.page.Page;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An exchange inside one process: pages are handed over in memory, never copied except to split a
 * page by hash. Producers block (through their future) while more than {@code maxBufferedBytes}
 * are buffered, so no queue grows without bound.
 */
public final class LocalExchange
        implements Exchange
{
    private final ExchangeKind kind;
    private final int producerCount;
    private final long maxBufferedBytes;
    private final int[] hashChannels;
    private final Partition[] partitions;

    private final Object lock = new Object();
    private int sinksCreated;
    private int sinksFinished;
    private long bufferedBytes;
    private int roundRobinNext;
    private int consumersClosed;
    private CompletableFuture<Void> notFull = CompletableFuture.completedFuture(null);

    private final int partitionsPerNode;
    private final int tableBuckets;
    private final int[] broadcastNext;

    public LocalExchange(ExchangeKind kind, int partitionCount, int producerCount, int[] hashChannels, long maxBufferedBytes)
    {
        this(kind, partitionCount, partitionCount, producerCount, hashChannels, maxBufferedBytes);
    }

    /**
     * @param partitionsPerNode partitions are grouped by node, this many each (the node's drivers); a
     *        broadcast sends every page once to every node, to one of its partitions in turn, so
     *        that a node's drivers together see each row once
     */
    public LocalExchange(ExchangeKind kind, int partitionCount, int partitionsPerNode, int producerCount, int[] hashChannels, long maxBufferedBytes)
    {
        this(kind, partitionCount, partitionsPerNode, producerCount, hashChannels, 0, maxBufferedBytes);
    }

    /**
     * @param tableBuckets above 0: a hash exchange sends each row to the node holding its partition of
     *        a stored table of that many partitions (see {@link PagePartitioner})
     */
    public LocalExchange(ExchangeKind kind, int partitionCount, int partitionsPerNode, int producerCount, int[] hashChannels, int tableBuckets, long maxBufferedBytes)
    {
        if (partitionsPerNode < 1 || partitionCount % partitionsPerNode != 0) {
            throw new IllegalArgumentException(partitionCount + " partitions cannot be grouped by " + partitionsPerNode + " per node");
        }
        this.partitionsPerNode = partitionsPerNode;
        this.tableBuckets = tableBuckets;
        this.broadcastNext = new int[partitionCount / partitionsPerNode];
        if (kind == ExchangeKind.GATHER && partitionCount != 1) {
            throw new IllegalArgumentException("a gather exchange has one partition");
        }
        if (kind == ExchangeKind.HASH && (hashChannels == null || hashChannels.length == 0)) {
            throw new IllegalArgumentException("a hash exchange needs key channels");
        }
        this.kind = kind;
        this.producerCount = producerCount;
        this.maxBufferedBytes = maxBufferedBytes;
        this.hashChannels = hashChannels == null ? new int[0] : hashChannels.clone();
        this.partitions = new Partition[partitionCount];
        for (int i = 0; i < partitionCount; i++) {
            partitions[i] = new Partition();
        }
    }

    @Override
    public ExchangeKind kind()
    {
        return kind;
    }

    @Override
    public int partitionCount()
    {
        return partitions.length;
    }

    @Override
    public ExchangeSink createSink()
    {
        synchronized (lock) {
            if (sinksCreated == producerCount) {
                throw new IllegalStateException("exchange already has its " + producerCount + " producers");
            }
            sinksCreated++;
        }
        return kind == ExchangeKind.HASH ? new HashSink() : new DirectSink();
    }

    @Override
    public ExchangeSource source(int partition)
    {
        return partitions[partition];
    }

    private void enqueue(int partition, Page page)
    {
        List<CompletableFuture<Void>> toComplete;
        synchronized (lock) {
            Partition target = partitions[partition];
            if (target.closed) {
                return;
            }
            target.pages.add(page);
            bufferedBytes += page.retainedBytes();
            if (bufferedBytes > maxBufferedBytes && notFull.isDone() && consumersClosed < partitions.length) {
                notFull = new CompletableFuture<>();
            }
            toComplete = target.takeWaiter();
        }
        completeAll(toComplete);
    }

    private void producerFinished()
    {
        List<CompletableFuture<Void>> toComplete = new ArrayList<>();
        synchronized (lock) {
            sinksFinished++;
            if (sinksFinished == producerCount) {
                for (Partition partition : partitions) {
                    toComplete.addAll(partition.takeWaiter());
                }
            }
        }
        completeAll(toComplete);
    }

    private boolean allProducersFinished()
    {
        return sinksFinished == producerCount;
    }

    private static void completeAll(List<CompletableFuture<Void>> futures)
    {
        for (CompletableFuture<Void> future : futures) {
            future.complete(null);
        }
    }

    private boolean noConsumerLeft()
    {
        synchronized (lock) {
            return consumersClosed == partitions.length;
        }
    }

    private CompletableFuture<?> notFull()
    {
        synchronized (lock) {
            return notFull;
        }
    }

    private final class DirectSink
            implements ExchangeSink
    {
        @Override
        public CompletableFuture<?> isBlocked()
        {
            return notFull();
        }

        @Override
        public void add(Page page)
        {
            switch (kind) {
                case GATHER -> enqueue(0, page);
                case BROADCAST -> {
                    for (int node = 0; node < broadcastNext.length; node++) {
                        int target;
                        synchronized (lock) {
                            target = node * partitionsPerNode + broadcastNext[node];
                            broadcastNext[node] = (broadcastNext[node] + 1) % partitionsPerNode;
                        }
                        enqueue(target, page);
                    }
                }
                case ROUND_ROBIN -> {
                    int target;
                    synchronized (lock) {
                        target = roundRobinNext;
                        roundRobinNext = (roundRobinNext + 1) % partitions.length;
                    }
                    enqueue(target, page);
                }
                case HASH -> throw new IllegalStateException("hash pages go through HashSink");
            }
        }

        @Override
        public void finish()
        {
            producerFinished();
        }

        @Override
        public boolean isDone()
        {
            return noConsumerLeft();
        }
    }

    private final class HashSink
            implements ExchangeSink
    {
        private final PagePartitioner partitioner = new PagePartitioner(hashChannels, partitions.length, tableBuckets, partitions.length / partitionsPerNode);

        @Override
        public CompletableFuture<?> isBlocked()
        {
            return notFull();
        }

        @Override
        public void add(Page page)
        {
            if (partitions.length == 1) {
                enqueue(0, page);
                return;
            }
            partitioner.split(page, LocalExchange.this::enqueue);
        }

        @Override
        public void finish()
        {
            producerFinished();
        }

        @Override
        public boolean isDone()
        {
            return noConsumerLeft();
        }
    }

    private final class Partition
            implements ExchangeSource
    {
        private final ArrayDeque<Page> pages = new ArrayDeque<>();
        private CompletableFuture<Void> waiter;
        private boolean closed;

        /** Called with the lock held. */
        List<CompletableFuture<Void>> takeWaiter()
        {
            if (waiter == null) {
                return List.of();
            }
            CompletableFuture<Void> taken = waiter;
            waiter = null;
            return List.of(taken);
        }

        @Override
        public Page poll()
        {
            CompletableFuture<Void> unblocked = null;
            Page page;
            synchronized (lock) {
                page = pages.poll();
                if (page != null) {
                    bufferedBytes -= page.retainedBytes();
                    if (bufferedBytes <= maxBufferedBytes && !notFull.isDone()) {
                        unblocked = notFull;
                    }
                }
            }
            if (unblocked != null) {
                unblocked.complete(null);
            }
            return page;
        }

        @Override
        public CompletableFuture<?> isBlocked()
        {
            synchronized (lock) {
                if (!pages.isEmpty() || allProducersFinished()) {
                    return CompletableFuture.completedFuture(null);
                }
                if (waiter == null) {
                    waiter = new CompletableFuture<>();
                }
                return waiter;
            }
        }

        @Override
        public boolean isFinished()
        {
            synchronized (lock) {
                return closed || (pages.isEmpty() && allProducersFinished());
            }
        }

        @Override
        public void close()
        {
            CompletableFuture<Void> unblocked = null;
            synchronized (lock) {
                if (closed) {
                    return;
                }
                closed = true;
                consumersClosed++;
                for (Page page : pages) {
                    bufferedBytes -= page.retainedBytes();
                }
                pages.clear();
                boolean released = bufferedBytes <= maxBufferedBytes || consumersClosed == partitions.length;
                if (released && !notFull.isDone()) {
                    unblocked = notFull;
                }
            }
            if (unblocked != null) {
                unblocked.complete(null);
            }
        }
    }
}
