package io.signo.server.cluster;

import io.signo.sql.fragment.SharedSplitScans;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.storage.source.NodeShare;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The coordinator's queues of one query's splits that any worker can read ({@link SharedSplitScans}):
 * one per such scan, from which the workers take batches as their drivers run out, so that a
 * faster worker reads more of them. Thread safe: the workers' requests arrive on the transport's
 * handler threads.
 */
final class SplitQueues
{
    /** How many splits of one scan each worker took, by worker index. */
    record ScanSplits(String table, int splitCount, long[] splitsByWorker) {}

    private final List<String> tables = new ArrayList<>();
    private final int[] splitCounts;
    private final AtomicInteger[] next;
    private final AtomicLongArray[] taken;

    SplitQueues(PlanNode root, int workerCount)
    {
        List<TableScanNode> scans = SharedSplitScans.of(root);
        splitCounts = new int[scans.size()];
        next = new AtomicInteger[scans.size()];
        taken = new AtomicLongArray[scans.size()];
        for (int i = 0; i < scans.size(); i++) {
            tables.add(scans.get(i).table().name());
            splitCounts[i] = NodeShare.WHOLE.splits(scans.get(i).table()).size();
            next[i] = new AtomicInteger();
            taken[i] = new AtomicLongArray(workerCount);
        }
    }

    /** An empty queue set, for a query before it started. */
    static SplitQueues none()
    {
        return new SplitQueues();
    }

    private SplitQueues()
    {
        splitCounts = new int[0];
        next = new AtomicInteger[0];
        taken = new AtomicLongArray[0];
    }

    /**
     * The next at most {@code maxSplits} splits of scan {@code scanIndex} for worker {@code workerIndex}:
     * their indexes in the table's partition order, none once all were taken.
     */
    int[] take(int scanIndex, int workerIndex, int maxSplits)
    {
        if (scanIndex < 0 || scanIndex >= splitCounts.length) {
            throw new IllegalArgumentException("the query has no scan " + scanIndex + " of shared splits; it has " + splitCounts.length);
        }
        if (workerIndex < 0 || workerIndex >= taken[scanIndex].length()) {
            throw new IllegalArgumentException("the query has no worker " + workerIndex);
        }
        int count = Math.max(1, maxSplits);
        int first = next[scanIndex].getAndAdd(count);
        int end = Math.min(splitCounts[scanIndex], first + count);
        if (first >= end) {
            return new int[0];
        }
        int[] batch = new int[end - first];
        for (int i = 0; i < batch.length; i++) {
            batch[i] = first + i;
        }
        taken[scanIndex].addAndGet(workerIndex, batch.length);
        return batch;
    }

    /** How many splits each worker took so far, per scan. */
    List<ScanSplits> counts()
    {
        List<ScanSplits> counts = new ArrayList<>();
        for (int i = 0; i < splitCounts.length; i++) {
            long[] byWorker = new long[taken[i].length()];
            for (int worker = 0; worker < byWorker.length; worker++) {
                byWorker[worker] = taken[i].get(worker);
            }
            counts.add(new ScanSplits(tables.get(i), splitCounts[i], byWorker));
        }
        return counts;
    }
}
