package io.signo.core.operator.join;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Hands the build side of one join to its probe side. Each of the {@code buildDriverCount} build
 * operators adds its pages when it finishes; the last one hands them to a {@link LookupSourceBuilder}
 * and {@linkplain #share shares} the work of building it ({@link SharedBuild}) with all of them; the one
 * that ends it completes {@link #whenBuilt()}, which probe operators return from {@code isBlocked()}
 * until then.
 * Shared by the drivers of both pipelines; thread safe. One bridge per join per task.
 *
 * <p>What the build holds, its pages and then the table too, is counted against the query here from
 * the moment a build operator hands its pages over until the last probe operator closed (or the build
 * failed): the build operators finish long before the probe is done with the table. The table is
 * reserved before its arrays are allocated, so a build past the query's limit fails without taking
 * the memory.
 *
 * <p>A bridge created {@linkplain #JoinBridge(boolean) with a runtime filter} also publishes a
 * {@link RuntimeFilter} of the build keys with the lookup source, for the probe side's scan.
 */
public final class JoinBridge
        implements RuntimeFilterSource
{
    private final CompletableFuture<Void> built = new CompletableFuture<>();
    private final CompletableFuture<Void> shared = new CompletableFuture<>();
    private volatile SharedBuild sharedBuild;
    private final List<Page> buildPages = new ArrayList<>();
    private final boolean publishesRuntimeFilter;
    /** Where the build's keys go for probe scans beyond an exchange; null when none is. */
    private final RuntimeFilterPublisher remotePublisher;
    private int finishedBuilders;
    private volatile LookupSource lookupSource;
    private volatile RuntimeFilter runtimeFilter;
    /** The build's pages and table, counted from the first handover; null before it. */
    private QueryMemoryContext memory;
    private long heldBytes;
    private int probesOpen;
    private boolean published;

    /** A bridge without a runtime filter. */
    public JoinBridge()
    {
        this(false);
    }

    /** @param publishesRuntimeFilter whether the build also makes a {@link RuntimeFilter} (some probe-side scan applies it) */
    public JoinBridge(boolean publishesRuntimeFilter)
    {
        this(publishesRuntimeFilter, null);
    }

    /**
     * @param publishesRuntimeFilter whether the build also makes a {@link RuntimeFilter} (some probe-side scan in this task applies it)
     * @param remotePublisher where the build hands its keys for probe-side scans beyond an exchange; null when there are none
     */
    public JoinBridge(boolean publishesRuntimeFilter, RuntimeFilterPublisher remotePublisher)
    {
        this.publishesRuntimeFilter = publishesRuntimeFilter;
        this.remotePublisher = remotePublisher;
    }

    boolean publishesRuntimeFilter()
    {
        return publishesRuntimeFilter;
    }

    /** Where the build's keys go for scans beyond an exchange, or null. */
    RuntimeFilterPublisher remotePublisher()
    {
        return remotePublisher;
    }

    /** True once the build side is built (and not failed): {@link #runtimeFilter()} then is final. */
    @Override
    public boolean isBuilt()
    {
        return built.isDone() && !built.isCompletedExceptionally();
    }

    /**
     * The runtime filter of the build keys; null while the build runs, and for good when the bridge
     * publishes none or the build was too large for one.
     */
    @Override
    public RuntimeFilter runtimeFilter()
    {
        return runtimeFilter;
    }

    /** Completes when the lookup source is ready (or exceptionally when building it failed). */
    public CompletableFuture<Void> whenBuilt()
    {
        return built;
    }

    /** A scan in the join's task waits for the build itself: it is never far behind. */
    @Override
    public CompletableFuture<?> whenScansMayStart()
    {
        return built;
    }

    /**
     * Adds one build operator's pages; returns all build pages when this was the last of
     * {@code buildDriverCount} operators (the caller then builds and {@link #publish}es), else null.
     */
    synchronized List<Page> addBuildPages(List<Page> pages, long pageBytes, int buildDriverCount, MemoryPool queryPool)
    {
        if (finishedBuilders >= buildDriverCount) {
            throw new IllegalStateException("more build operators finished than the " + buildDriverCount + " expected");
        }
        if (memory == null) {
            memory = new QueryMemoryContext(queryPool);
        }
        hold(pageBytes);
        buildPages.addAll(pages);
        finishedBuilders++;
        if (finishedBuilders < buildDriverCount) {
            return null;
        }
        List<Page> all = List.copyOf(buildPages);
        buildPages.clear();
        return all;
    }

    /** Reserves the lookup source's table before the caller allocates it. */
    synchronized void reserveTable(long tableBytes)
    {
        hold(tableBytes);
    }

    private void hold(long bytes)
    {
        memory.setBytes(heldBytes + bytes);
        heldBytes += bytes;
    }

    /** A probe operator of this join was created: the build stays counted until it {@linkplain #probeClosed closes}. */
    synchronized void probeOpened()
    {
        probesOpen++;
    }

    synchronized void probeClosed()
    {
        probesOpen--;
        if (published && probesOpen == 0) {
            releaseMemory();
        }
    }

    private void releaseMemory()
    {
        if (memory != null) {
            memory.close();
            heldBytes = 0;
        }
    }

    /** Hands the build's work to every build operator (the last one gave the pages to {@code build}). */
    void share(SharedBuild build)
    {
        sharedBuild = build;
        shared.complete(null);
    }

    /** The build's tasks, or null until the last build operator has handed over its pages. */
    SharedBuild sharedBuild()
    {
        return sharedBuild;
    }

    /** Completes once the build's tasks are shared, or the build failed before that. */
    CompletableFuture<Void> whenShared()
    {
        return shared;
    }

    void publish(LookupSource source, RuntimeFilter filterOrNull)
    {
        runtimeFilter = filterOrNull;
        lookupSource = source;
        synchronized (this) {
            published = true;
            if (probesOpen == 0) {
                releaseMemory();
            }
        }
        built.complete(null);
    }

    void fail(Throwable cause)
    {
        synchronized (this) {
            releaseMemory();
        }
        built.completeExceptionally(cause);
        // build operators waiting for tasks wake up, find none and finish
        shared.complete(null);
    }

    /** The built lookup source, or null while the build runs; throws what a failed build threw, as the probe's failure. */
    LookupSource builtLookupSource()
    {
        if (!built.isDone()) {
            return null;
        }
        built.join();
        return lookupSource;
    }
}
