package io.signo.core.exchange;

import io.signo.storage.page.Page;

import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The exchange between a query's root stage and the caller that reads its result: the root
 * pipeline's drivers add pages, the caller takes them in order, page by page, while the query
 * runs. The buffer holds at most about {@code maxBufferedBytes}; past that the drivers see it
 * {@linkplain #isFull() full} and park on {@link #notFull()} until the caller takes a page, so a slow
 * caller slows the query instead of letting the result pile up.
 *
 * <p>Whoever runs the query ends the buffer: {@link #finish()} once every page is in, or
 * {@link #fail} with the query's failure. The caller ends it with {@link #close()}, which drops the
 * buffered pages; pages added later are dropped too. Thread safe: drivers add from their threads,
 * one caller takes.
 */
public final class ResultBuffer
{
    private static final CompletableFuture<Void> NOT_FULL = CompletableFuture.completedFuture(null);

    private final long maxBufferedBytes;
    private final ArrayDeque<Page> pages = new ArrayDeque<>();
    private long bufferedBytes;
    private boolean finished;
    private boolean closed;
    private Throwable failure;
    /** Completes when the buffer stops being full; replaced each time it fills up. */
    private CompletableFuture<Void> notFull = NOT_FULL;

    public ResultBuffer(long maxBufferedBytes)
    {
        if (maxBufferedBytes < 1) {
            throw new IllegalArgumentException("maxBufferedBytes must be positive: " + maxBufferedBytes);
        }
        this.maxBufferedBytes = maxBufferedBytes;
    }

    /** Whether producers should wait before adding: the buffer holds its limit and nobody closed it. */
    public synchronized boolean isFull()
    {
        return bufferedBytes >= maxBufferedBytes && !closed && failure == null;
    }

    /** Completes once the buffer is not full (at once when it is not now). */
    public synchronized CompletableFuture<?> notFull()
    {
        if (!isFull()) {
            return NOT_FULL;
        }
        if (notFull.isDone()) {
            notFull = new CompletableFuture<>();
        }
        return notFull;
    }

    /** Adds a page of the result; never refuses one, even when full (producers check {@link #isFull()} first). */
    public synchronized void add(Page page)
    {
        if (closed || failure != null || page.positionCount() == 0) {
            return;
        }
        pages.addLast(page);
        bufferedBytes += page.retainedBytes();
        notifyAll();
    }

    /** Every page is in: the caller reads the rest, then the end. */
    public synchronized void finish()
    {
        finished = true;
        notifyAll();
    }

    /** The query failed: the caller's next {@link #take()} throws {@code cause}; buffered pages are dropped. */
    public void fail(Throwable cause)
    {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            if (failure != null || finished) {
                return;
            }
            failure = cause;
            pages.clear();
            bufferedBytes = 0;
            waiting = notFull;
            notifyAll();
        }
        waiting.complete(null);
    }

    /**
     * The next page, waiting until the root stage produces one; null after the last page.
     *
     * @throws CancellationException when the query was cancelled
     * @throws CompletionException with the query's failure as its cause
     * @throws IllegalStateException when the buffer was closed
     */
    public Page take()
            throws InterruptedException
    {
        Page page;
        CompletableFuture<Void> waiting = null;
        synchronized (this) {
            while (pages.isEmpty() && !finished && failure == null && !closed) {
                wait();
            }
            if (closed) {
                throw new IllegalStateException("the result was closed");
            }
            if (failure != null) {
                throw failure instanceof CancellationException cancelled ? cancelled : new CompletionException(failure);
            }
            page = pages.pollFirst();
            if (page == null) {
                return null;
            }
            boolean wasFull = isFull();
            bufferedBytes -= page.retainedBytes();
            if (wasFull && !isFull()) {
                waiting = notFull;
            }
        }
        if (waiting != null) {
            // wakes the parked drivers outside the lock: completing reschedules them
            waiting.complete(null);
        }
        return page;
    }

    /** The caller stops reading: buffered and later pages are dropped and waiting producers go on. */
    public void close()
    {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            closed = true;
            pages.clear();
            bufferedBytes = 0;
            waiting = notFull;
            notifyAll();
        }
        waiting.complete(null);
    }
}
