package io.signo.storage.table;

import java.util.List;

/**
 * How a table's rows are spread over partitions: by key columns, or replicated (every node holds
 * all rows; for small dimension tables).
 *
 * <p>Tables with the same non-null {@code scheme} and the same partition count are co-partitioned:
 * partition i of each holds the same key values, so a join on those keys needs no exchange when
 * partition i of both tables lives on the same node.
 *
 * <p>{@code partitionCount} is how many partitions the whole table has, when a node holds only some
 * of them (a worker's share, or none: the coordinator's schema-only table); 0 means the table holds
 * all its partitions, so the count is the size of its partition list (see {@link Table#partitionCount()}).
 *
 * <p>{@code sharedSplits}: every node can read every partition (files read in place, which every
 * worker opens by the same paths), so a scan's partitions may go to whichever worker asks for
 * more; otherwise partition p is read where it lives, on worker p mod the workers.
 */
public record Partitioning(String scheme, List<String> keyColumns, boolean replicated, int partitionCount, boolean sharedSplits)
{
    public Partitioning
    {
        keyColumns = List.copyOf(keyColumns);
        if (partitionCount < 0) {
            throw new IllegalArgumentException("partitionCount is negative: " + partitionCount);
        }
    }

    public Partitioning(String scheme, List<String> keyColumns, boolean replicated, int partitionCount)
    {
        this(scheme, keyColumns, replicated, partitionCount, false);
    }

    public Partitioning(String scheme, List<String> keyColumns, boolean replicated)
    {
        this(scheme, keyColumns, replicated, 0);
    }

    /** This partitioning, stating that the whole table has {@code partitionCount} partitions. */
    public Partitioning withPartitionCount(int partitionCount)
    {
        return new Partitioning(scheme, keyColumns, replicated, partitionCount, sharedSplits);
    }

    /** No key: the partitions of files every node reads by the same paths, handed to whichever worker asks. */
    public static Partitioning sharedFiles()
    {
        return new Partitioning(null, List.of(), false, 0, true);
    }

    /** Partitioned by these key columns, co-partitioned with no other table. */
    public static Partitioning hash(String... keyColumns)
    {
        return new Partitioning(null, List.of(keyColumns), false);
    }

    /** Partitioned by these key columns, co-partitioned with every table of the same scheme. */
    public static Partitioning coPartitioned(String scheme, String... keyColumns)
    {
        return new Partitioning(scheme, List.of(keyColumns), false);
    }

    public static Partitioning replicatedTable()
    {
        return new Partitioning(null, List.of(), true);
    }
}
