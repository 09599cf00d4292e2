package io.signo.core.operator.join;

import java.util.concurrent.CompletableFuture;

/**
 * Where a probe-side scan reads a hash join's {@link RuntimeFilter}: the join's {@link JoinBridge}
 * when the scan runs in the join's task, a {@link DistributedRuntimeFilter} when an exchange lies
 * between them. Thread safe.
 */
public interface RuntimeFilterSource
{
    /** True once {@link #runtimeFilter()} is final. */
    boolean isBuilt();

    /** The filter; null while it is not built, and for good when the join publishes none. */
    RuntimeFilter runtimeFilter();

    /**
     * Completes when a scan should stop waiting before its first page: the filter is built, or
     * waiting longer would cost more than reading unfiltered (the scan then applies the filter from
     * the page after it arrives). Completes exceptionally when the join's build failed.
     */
    CompletableFuture<?> whenScansMayStart();
}
