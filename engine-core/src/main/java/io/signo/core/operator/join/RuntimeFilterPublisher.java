package io.signo.core.operator.join;

import io.signo.storage.page.Page;

import java.util.List;

/**
 * Where a hash join's build on one node hands its keys when probe-side scans beyond an exchange
 * apply its runtime filter (see {@link DistributedRuntimeFilter}). Called once per build, on a driver
 * thread; must not block.
 */
@FunctionalInterface
public interface RuntimeFilterPublisher
{
    /**
     * @param keyPages the build's key columns (in the join's key order), views of the build's pages
     *        valid during the call only; null when the build has too many rows for a filter worth
     *        sending, which leaves the probe scans without one
     */
    void publish(List<Page> keyPages);
}
