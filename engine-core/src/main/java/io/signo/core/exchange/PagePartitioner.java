package io.signo.core.exchange;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;

/**
 * Groups the rows of pages by the hash of their key columns ({@link PartitionHasher}), a vector at
 * a time: {@link #group} computes the partition of every row once and sorts the row positions by
 * partition (a counting sort into one reused array), for a scatter that then copies column by column
 * ({@link PageAccumulator#appendColumn}); {@link #split} makes one page per partition that has rows
 * (a page whose rows all go to one partition goes on as it is). Pages must have no selection. Not
 * thread safe: one per producer.
 */
public final class PagePartitioner
{
    /** Takes the rows of one partition. */
    public interface Target
    {
        void accept(int partition, Page page);
    }

    private final PartitionHasher hasher;
    private final int partitionCount;
    /** The partition of each bucket, when rows go to the node that holds their table partition; null otherwise. */
    private final int[] partitionOfBucket;
    /** Per partition, where its rows start in {@link #positions}; one more entry holds the row count. */
    private final int[] starts;
    private final int[] next;
    private long[] hashes = new long[0];
    private int[] partitionOfRow = new int[0];
    private int[] positions = new int[0];
    private int[] copyScratch = new int[0];

    public PagePartitioner(int[] keyChannels, int partitionCount)
    {
        this(keyChannels, partitionCount, 0, 1);
    }

    /**
     * Splits by a stored table's partitions when {@code tableBuckets} is above 0: a row goes to the
     * node that holds its table partition p (the hash modulo {@code tableBuckets}, as the table's
     * writer places it), node p mod {@code nodeCount}, and there to one of the node's partitions (its
     * drivers), so that one writer gets every row of p. The partitions are grouped by node, an equal
     * number each.
     */
    public PagePartitioner(int[] keyChannels, int partitionCount, int tableBuckets, int nodeCount)
    {
        if (nodeCount < 1 || partitionCount % nodeCount != 0) {
            throw new IllegalArgumentException(partitionCount + " partitions cannot be grouped by " + nodeCount + " nodes");
        }
        this.hasher = new PartitionHasher(keyChannels, tableBuckets > 0 ? tableBuckets : partitionCount);
        this.partitionCount = partitionCount;
        this.partitionOfBucket = tableBuckets > 0 ? partitionOfBucket(tableBuckets, partitionCount / nodeCount, nodeCount) : null;
        this.starts = new int[partitionCount + 1];
        this.next = new int[partitionCount];
    }

    /** Fills {@code partitionOfRow[0 .. positionCount)} with the partition of each row of {@code page}, a vector at a time. */
    public void partitions(Page page, int[] partitionOfRow)
    {
        int positionCount = page.positionCount();
        if (hashes.length < positionCount) {
            hashes = new long[positionCount];
        }
        hasher.partitions(page, hashes, partitionOfRow);
        if (partitionOfBucket != null) {
            int[] partitionOfBucket = this.partitionOfBucket;
            for (int i = 0; i < positionCount; i++) {
                partitionOfRow[i] = partitionOfBucket[partitionOfRow[i]];
            }
        }
    }

    /**
     * Groups the rows of {@code page} by partition: afterwards {@link #positions()} holds, for each
     * partition p, its rows in ascending order at {@code [partitionStart(p), partitionStart(p + 1))}.
     * One pass per key column to hash, one to count and one to place (a counting sort); the arrays are
     * reused from one page to the next and valid until the next call.
     */
    public void group(Page page)
    {
        int positionCount = page.positionCount();
        if (partitionOfRow.length < positionCount) {
            partitionOfRow = new int[positionCount];
            positions = new int[positionCount];
        }
        int[] partitionOfRow = this.partitionOfRow;
        partitions(page, partitionOfRow);
        int[] starts = this.starts;
        Arrays.fill(starts, 0);
        for (int i = 0; i < positionCount; i++) {
            starts[partitionOfRow[i] + 1]++;
        }
        for (int partition = 0; partition < partitionCount; partition++) {
            starts[partition + 1] += starts[partition];
        }
        int[] next = this.next;
        System.arraycopy(starts, 0, next, 0, partitionCount);
        int[] positions = this.positions;
        for (int i = 0; i < positionCount; i++) {
            positions[next[partitionOfRow[i]]++] = i;
        }
    }

    /** The rows of the last {@link #group grouped} page, by partition. */
    public int[] positions()
    {
        return positions;
    }

    /** Where the rows of {@code partition} start in {@link #positions()}; {@code partitionStart(partitionCount)} is the row count. */
    public int partitionStart(int partition)
    {
        return starts[partition];
    }

    /** The number of rows of the last {@link #group grouped} page that go to {@code partition}. */
    public int partitionSize(int partition)
    {
        return starts[partition + 1] - starts[partition];
    }

    public int partitionCount()
    {
        return partitionCount;
    }

    /** Splits {@code page} into one page per partition that has rows, each a copy of its rows (or the page itself when it has them all). */
    public void split(Page page, Target target)
    {
        int positionCount = page.positionCount();
        group(page);
        for (int partition = 0; partition < partitionCount; partition++) {
            int count = partitionSize(partition);
            if (count == 0) {
                continue;
            }
            if (count == positionCount) {
                target.accept(partition, page);
                continue;
            }
            int start = starts[partition];
            int[] selected = positions;
            if (start > 0) {
                // copyPositions reads from index 0
                selected = scratch(count);
                System.arraycopy(positions, start, selected, 0, count);
            }
            ColumnVector[] columns = new ColumnVector[page.columnCount()];
            for (int channel = 0; channel < columns.length; channel++) {
                columns[channel] = page.column(channel).copyPositions(selected, count, PageAllocator.transientPages());
            }
            target.accept(partition, new Page(count, columns));
        }
    }

    private int[] scratch(int count)
    {
        if (copyScratch.length < count) {
            copyScratch = new int[Math.max(count, positions.length)];
        }
        return copyScratch;
    }

    private static int[] partitionOfBucket(int buckets, int partitionsPerNode, int nodeCount)
    {
        int[] partitions = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            int node = bucket % nodeCount;
            partitions[bucket] = node * partitionsPerNode + (bucket / nodeCount) % partitionsPerNode;
        }
        return partitions;
    }
}
