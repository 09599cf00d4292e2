package io.signo.core.exchange;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;

/**
 * Splits pages by the hash of their key columns ({@link PartitionHasher}) into one page per
 * partition that has rows: a page whose rows all go to one partition goes on as it is, the others
 * are copied column by column. Pages must have no selection. Not thread safe: one per producer.
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
    private final int[] counts;
    private final int[][] positionsByPartition;
    private long[] hashes = new long[0];
    private int[] partitionOfRow = new int[0];

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
        this.counts = new int[partitionCount];
        this.positionsByPartition = new int[partitionCount][];
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
            for (int i = 0; i < positionCount; i++) {
                partitionOfRow[i] = partitionOfBucket[partitionOfRow[i]];
            }
        }
    }

    public void split(Page page, Target target)
    {
        int positionCount = page.positionCount();
        if (hashes.length < positionCount) {
            hashes = new long[positionCount];
            partitionOfRow = new int[positionCount];
            for (int i = 0; i < partitionCount; i++) {
                positionsByPartition[i] = new int[positionCount];
            }
        }
        hasher.partitions(page, hashes, partitionOfRow);
        if (partitionOfBucket != null) {
            for (int i = 0; i < positionCount; i++) {
                partitionOfRow[i] = partitionOfBucket[partitionOfRow[i]];
            }
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < positionCount; i++) {
            int partition = partitionOfRow[i];
            positionsByPartition[partition][counts[partition]++] = i;
        }
        for (int partition = 0; partition < partitionCount; partition++) {
            int count = counts[partition];
            if (count == 0) {
                continue;
            }
            if (count == positionCount) {
                target.accept(partition, page);
                continue;
            }
            ColumnVector[] columns = new ColumnVector[page.columnCount()];
            for (int channel = 0; channel < columns.length; channel++) {
                columns[channel] = page.column(channel).copyPositions(positionsByPartition[partition], count, PageAllocator.transientPages());
            }
            target.accept(partition, new Page(count, columns));
        }
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
