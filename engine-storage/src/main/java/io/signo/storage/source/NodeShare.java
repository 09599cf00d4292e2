package io.signo.storage.source;

import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of the partitioned tables one node holds and scans: partition p belongs to node
 * p mod nodeCount. Replicated tables are whole on every node. A node index of nodeCount or more
 * holds no partition: a coordinator beside the workers, which keeps only the replicated tables.
 */
public record NodeShare(int nodeIndex, int nodeCount)
        implements Serializable
{
    /** One node with everything. */
    public static final NodeShare WHOLE = new NodeShare(0, 1);

    public NodeShare
    {
        if (nodeCount < 1 || nodeIndex < 0) {
            throw new IllegalArgumentException("no node " + nodeIndex + " of " + nodeCount);
        }
    }

    /** The share of a coordinator beside {@code workerCount} workers: the replicated tables only. */
    public static NodeShare replicatedOnly(int workerCount)
    {
        return new NodeShare(workerCount, workerCount);
    }

    public boolean holds(int partitionIndex)
    {
        return partitionIndex % nodeCount == nodeIndex;
    }

    /**
     * The splits of {@code table} this share scans, in partition order: the sealed segments of the
     * partitions it holds. A scan that reads a whole table on one node asks {@link #WHOLE}.
     */
    public List<Segment> splits(Table table)
    {
        List<Segment> segments = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            if (holds(partition.index())) {
                segments.addAll(partition.segments());
            }
        }
        return segments;
    }
}
