package io.signo.core.operator.scan;

import java.util.concurrent.CompletableFuture;

/**
 * Hands a node's scan the splits it reads, batch by batch as it asks, from a queue that every node
 * of the query takes from (the coordinator's, in a cluster): a node that reads faster asks more
 * often and reads more, so a slow one does not hold the stage.
 *
 * <p>Thread safety: called by the scan's drivers under their cursor's lock, at most one batch
 * outstanding; the future may complete on any thread.
 */
public interface SplitSupplier
{
    /**
     * The next batch: indexes into the table's splits in partition order (every split of the table,
     * not a node's share), each handed to one node only; an empty array once the queue is empty.
     */
    CompletableFuture<int[]> nextBatch();
}
