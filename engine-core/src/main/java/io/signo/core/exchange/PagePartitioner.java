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
    private final int[] counts;
    private final int[][] positionsByPartition;
    private long[] hashes = new long[0];
    private int[] partitionOfRow = new int[0];

    public PagePartitioner(int[] keyChannels, int partitionCount)
    {
        this.hasher = new PartitionHasher(keyChannels, partitionCount);
        this.partitionCount = partitionCount;
        this.counts = new int[partitionCount];
        this.positionsByPartition = new int[partitionCount][];
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
}
