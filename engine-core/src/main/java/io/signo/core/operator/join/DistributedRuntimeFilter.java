package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A hash join's runtime filter for probe-side scans that run in another task than the join (an
 * exchange lies between them, on this node or on another): the union of the build keys that each of
 * the {@code expectedPartials} nodes building the join published ({@link RuntimeFilterPublisher}).
 * A partitioned build's filter is complete only once every partition's keys are in, so the filter
 * is built from all of them at once; until then rows pass. One partial that was too large leaves the
 * scans without a filter.
 *
 * <p>Scans wait for it before their first page at most {@code maxWaitMillis}: a build that is slow,
 * or a node that failed, must not hold them (the query's failure stops them anyway). A scan that
 * started without it applies it from the page after it arrives. Thread safe.
 */
public final class DistributedRuntimeFilter
        implements RuntimeFilterSource
{
    /** How long a probe scan waits for the filter before it reads unfiltered. */
    public static final long DEFAULT_MAX_WAIT_MILLIS = 1000;
    /** Builds with more rows on one node send no keys: a filter of more keys passes too much to pay for sending them. */
    public static final int MAX_PARTIAL_ROWS = 1 << 20;

    private final int expectedPartials;
    private final List<Type> keyTypes;
    private final List<Page> keyPages = new ArrayList<>();
    private final CompletableFuture<Void> built = new CompletableFuture<>();
    private final CompletableFuture<Void> scansMayStart = new CompletableFuture<>();
    private int received;
    private boolean tooLarge;
    private volatile RuntimeFilter filter;

    /**
     * @param expectedPartials how many nodes build the join and publish their keys
     * @param keyTypes the types of the join's key columns, in key order
     */
    public DistributedRuntimeFilter(int expectedPartials, List<Type> keyTypes, long maxWaitMillis)
    {
        if (expectedPartials < 1) {
            throw new IllegalArgumentException("expectedPartials must be positive: " + expectedPartials);
        }
        this.expectedPartials = expectedPartials;
        this.keyTypes = List.copyOf(keyTypes);
        built.whenComplete((_, _) -> scansMayStart.complete(null));
        scansMayStart.completeOnTimeout(null, maxWaitMillis, TimeUnit.MILLISECONDS);
    }

    /** Adds one node's build keys (null: too many); the last of the expected partials builds the filter. */
    public void addPartial(List<Page> partialKeyPages)
    {
        List<Page> all;
        synchronized (this) {
            if (received >= expectedPartials) {
                throw new IllegalStateException("more than the " + expectedPartials + " expected partials of a runtime filter");
            }
            received++;
            if (partialKeyPages == null) {
                tooLarge = true;
            }
            else if (!tooLarge) {
                keyPages.addAll(partialKeyPages);
            }
            if (received < expectedPartials) {
                return;
            }
            all = tooLarge ? null : List.copyOf(keyPages);
            keyPages.clear();
        }
        try {
            filter = all == null ? null : RuntimeFilter.build(all, keyChannels(keyTypes.size()), keyTypes, RuntimeFilter.MAX_BUILD_ROWS);
            built.complete(null);
        }
        catch (RuntimeException | Error e) {
            built.completeExceptionally(e);
            throw e;
        }
    }

    private static List<Integer> keyChannels(int count)
    {
        List<Integer> channels = new ArrayList<>(count);
        for (int channel = 0; channel < count; channel++) {
            channels.add(channel);
        }
        return channels;
    }

    /** How many partials arrived so far. */
    public synchronized int receivedPartials()
    {
        return received;
    }

    @Override
    public boolean isBuilt()
    {
        return built.isDone() && !built.isCompletedExceptionally();
    }

    @Override
    public RuntimeFilter runtimeFilter()
    {
        return filter;
    }

    @Override
    public CompletableFuture<?> whenScansMayStart()
    {
        return scansMayStart;
    }
}
