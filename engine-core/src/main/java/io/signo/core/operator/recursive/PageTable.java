package io.signo.core.operator.recursive;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * Pages a recursive CTE holds in memory between the runs of its recursive term: its working table
 * (the rows the last run produced), the output of the run under way, and each part of the term that
 * does not read the working table, computed once before the first run. Every page is counted against
 * the query's memory from the moment it is added until it is taken out or the table is closed, so a
 * recursion that grows past the query's limit fails with {@code EXCEEDED_MEMORY_LIMIT}.
 *
 * <p>Written by the drivers of one pipeline (a {@link PageTableSinkOperator} per driver, which
 * {@linkplain #complete() completes} the table when the last of them finished) or by the
 * {@link RecursiveUnionOperator} itself; read once complete. Thread safe.
 */
public final class PageTable
{
    private final int producerCount;
    private final CompletableFuture<Void> complete = new CompletableFuture<>();
    private final List<Page> pages = new ArrayList<>();
    private long retainedBytes;
    private int finishedProducers;
    private QueryMemoryContext memory;
    private boolean closed;

    /**
     * @param producerCount the drivers whose sinks fill the table, which is complete once they all
     *        finished; 0 for a table its operator fills or reads when it knows its writers ended
     */
    public PageTable(int producerCount)
    {
        if (producerCount < 0) {
            throw new IllegalArgumentException("producerCount is negative: " + producerCount);
        }
        this.producerCount = producerCount;
        if (producerCount == 0) {
            complete.complete(null);
        }
    }

    /** Adds a page, counted against {@code queryPool} (reserved before it is held: past the limit the table stays as it was). */
    public synchronized void add(Page page, MemoryPool queryPool)
    {
        requireNonNull(page, "page is null");
        if (closed) {
            return;
        }
        if (memory == null) {
            memory = new QueryMemoryContext(requireNonNull(queryPool, "queryPool is null"));
        }
        long bytes = page.retainedBytes();
        memory.setBytes(retainedBytes + bytes);
        retainedBytes += bytes;
        pages.add(page);
    }

    /** One producer's sink finished; after the last, the table is complete. Ignored by a table its operator fills, which knows when its writers ended. */
    public void producerFinished()
    {
        boolean last;
        synchronized (this) {
            if (producerCount == 0) {
                return;
            }
            if (finishedProducers == producerCount) {
                throw new IllegalStateException("all " + producerCount + " producers already finished");
            }
            finishedProducers++;
            last = finishedProducers == producerCount;
        }
        if (last) {
            complete.complete(null);
        }
    }

    /** Completes when every producer finished; at once for a table its operator fills. */
    public CompletableFuture<Void> complete()
    {
        return complete;
    }

    /** The pages now held, in the order added. */
    public synchronized List<Page> pages()
    {
        return List.copyOf(pages);
    }

    /** Takes every page out: the table is empty after, and their memory is no longer counted here. */
    public synchronized List<Page> takeAll()
    {
        List<Page> taken = List.copyOf(pages);
        pages.clear();
        retainedBytes = 0;
        if (memory != null) {
            memory.setBytes(0);
        }
        return taken;
    }

    public synchronized boolean isEmpty()
    {
        return pages.isEmpty();
    }

    public synchronized long retainedBytes()
    {
        return retainedBytes;
    }

    /** Drops the pages and returns their memory; pages added later are ignored. */
    public synchronized void close()
    {
        closed = true;
        pages.clear();
        retainedBytes = 0;
        if (memory != null) {
            memory.close();
        }
    }
}
