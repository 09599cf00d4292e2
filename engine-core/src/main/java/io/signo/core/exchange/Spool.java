package io.signo.core.exchange;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The result of a sub-plan that several parts of one query read, computed once on a node: a WITH
 * query used twice (TPC-H Q15), or the same join under a query and under its sub-query (Q11). Each
 * reader sees every page; the drivers of the pipeline a reader starts share it, each page going to
 * one of them.
 *
 * <p>Unlike an exchange, a spool never makes its producers wait: one reader may be the probe side
 * of a join whose build another reader feeds, so it takes nothing until the whole result is in. A
 * page is therefore kept, and counted against the query's memory, until every reader took it or
 * closed.
 */
public final class Spool
{
    private final int producerCount;
    private final Object lock = new Object();
    /** The pages in the order produced; an entry is null once every open reader is past it. */
    private final List<Page> pages = new ArrayList<>();
    private final List<Reader> readers = new ArrayList<>();
    /** Pages before this index were dropped. */
    private int dropped;
    private long bufferedBytes;
    private int sinksCreated;
    private int sinksFinished;
    private int readersClosed;
    private QueryMemoryContext memory;

    public Spool(int producerCount)
    {
        if (producerCount < 1) {
            throw new IllegalArgumentException("a spool needs a producer: " + producerCount);
        }
        this.producerCount = producerCount;
    }

    /**
     * Adds a reader of every page, for a pipeline of {@code driverCount} drivers; all readers are
     * added before any producer runs.
     */
    public ExchangeSource addReader(int driverCount)
    {
        if (driverCount < 1) {
            throw new IllegalArgumentException("a reader needs a driver: " + driverCount);
        }
        synchronized (lock) {
            if (sinksCreated > 0) {
                throw new IllegalStateException("readers are added before the spool is written");
            }
            Reader reader = new Reader(driverCount);
            readers.add(reader);
            return reader;
        }
    }

    /** The sink of one producer; the pages it adds are counted against {@code queryPool}. */
    public ExchangeSink createSink(MemoryPool queryPool)
    {
        synchronized (lock) {
            if (readers.isEmpty()) {
                throw new IllegalStateException("a spool without readers");
            }
            if (sinksCreated == producerCount) {
                throw new IllegalStateException("spool already has its " + producerCount + " producers");
            }
            if (memory == null) {
                memory = new QueryMemoryContext(queryPool);
            }
            sinksCreated++;
        }
        return new Sink();
    }

    private void add(Page page)
    {
        List<CompletableFuture<Void>> waiters = new ArrayList<>();
        synchronized (lock) {
            if (readersClosed == readers.size()) {
                return;
            }
            // reserve first: past the query's limit the query fails and the spool stays as it was
            memory.setBytes(bufferedBytes + page.retainedBytes());
            bufferedBytes += page.retainedBytes();
            pages.add(page);
            for (Reader reader : readers) {
                reader.takeWaiter(waiters);
            }
        }
        waiters.forEach(waiter -> waiter.complete(null));
    }

    private void producerFinished()
    {
        List<CompletableFuture<Void>> waiters = new ArrayList<>();
        synchronized (lock) {
            sinksFinished++;
            if (sinksFinished == producerCount) {
                for (Reader reader : readers) {
                    reader.takeWaiter(waiters);
                }
            }
        }
        waiters.forEach(waiter -> waiter.complete(null));
    }

    /** Called with the lock held: drops the pages every open reader has taken. */
    private void dropTakenPages()
    {
        int firstNeeded = pages.size();
        for (Reader reader : readers) {
            if (!reader.closed) {
                firstNeeded = Math.min(firstNeeded, reader.next);
            }
        }
        for (; dropped < firstNeeded; dropped++) {
            bufferedBytes -= pages.get(dropped).retainedBytes();
            pages.set(dropped, null);
        }
        memory.setBytes(bufferedBytes);
    }

    private final class Sink
            implements ExchangeSink
    {
        private boolean finished;

        @Override
        public CompletableFuture<?> isBlocked()
        {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void add(Page page)
        {
            Spool.this.add(page);
        }

        @Override
        public void finish()
        {
            if (!finished) {
                finished = true;
                producerFinished();
            }
        }

        @Override
        public boolean isDone()
        {
            synchronized (lock) {
                return readersClosed == readers.size();
            }
        }
    }

    /** One reader's position, shared by the drivers of its pipeline. */
    private final class Reader
            implements ExchangeSource
    {
        private int driversOpen;
        private int next;
        private boolean closed;
        private CompletableFuture<Void> waiter;

        Reader(int driverCount)
        {
            this.driversOpen = driverCount;
        }

        /** Called with the lock held. */
        void takeWaiter(List<CompletableFuture<Void>> waiters)
        {
            if (waiter != null) {
                waiters.add(waiter);
                waiter = null;
            }
        }

        @Override
        public Page poll()
        {
            synchronized (lock) {
                if (closed || next == pages.size()) {
                    return null;
                }
                Page page = pages.get(next++);
                if (next - 1 == dropped) {
                    dropTakenPages();
                }
                return page;
            }
        }

        @Override
        public CompletableFuture<?> isBlocked()
        {
            synchronized (lock) {
                if (closed || next < pages.size() || sinksFinished == producerCount) {
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
                return closed || (next == pages.size() && sinksFinished == producerCount);
            }
        }

        /** One driver is done with the reader; the last one closes it. */
        @Override
        public void close()
        {
            synchronized (lock) {
                if (closed || --driversOpen > 0) {
                    return;
                }
                closed = true;
                readersClosed++;
                if (memory != null) {
                    if (readersClosed == readers.size()) {
                        // nobody reads any more: what producers still add is dropped
                        for (int i = dropped; i < pages.size(); i++) {
                            pages.set(i, null);
                        }
                        dropped = pages.size();
                        bufferedBytes = 0;
                        memory.close();
                    }
                    else {
                        dropTakenPages();
                    }
                }
            }
        }
    }
}
