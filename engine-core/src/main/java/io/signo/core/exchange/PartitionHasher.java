package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Computes, a vector at a time, which partition each row of a page belongs to by a hash of its key
 * columns. The same keys always land in the same partition, whatever their page. NULL hashes as 0.
 * CHAR values are stored without trailing spaces, so equal CHAR values hash alike.
 */
public final class PartitionHasher
{
    private final int[] keyChannels;
    private final int partitionCount;

    public PartitionHasher(int[] keyChannels, int partitionCount)
    {
        this.keyChannels = keyChannels.clone();
        this.partitionCount = partitionCount;
    }

    /** Fills {@code partitions[0 .. positionCount)} with the partition of each row. */
    public void partitions(Page page, long[] hashScratch, int[] partitions)
    {
        int positionCount = page.positionCount();
        java.util.Arrays.fill(hashScratch, 0, positionCount, 0L);
        for (int channel : keyChannels) {
            combineHashes(page.column(channel), positionCount, hashScratch);
        }
        for (int i = 0; i < positionCount; i++) {
            partitions[i] = (int) ((mix(hashScratch[i]) >>> 1) % partitionCount);
        }
    }

    private static void combineHashes(ColumnVector vector, int positionCount, long[] hashes)
    {
        if (vector.mayHaveNulls()) {
            for (int i = 0; i < positionCount; i++) {
                hashes[i] = hashes[i] * 31 + (vector.isNull(i) ? 0 : valueHash(vector, i));
            }
            return;
        }
        switch (vector.type().physicalType()) {
            case BYTE -> {
                for (int i = 0; i < positionCount; i++) {
                    hashes[i] = hashes[i] * 31 + (vector.getBoolean(i) ? 1 : 2);
                }
            }
            case INT -> {
                for (int i = 0; i < positionCount; i++) {
                    hashes[i] = hashes[i] * 31 + mix(vector.getInt(i));
                }
            }
            case LONG -> {
                for (int i = 0; i < positionCount; i++) {
                    hashes[i] = hashes[i] * 31 + mix(vector.getLong(i));
                }
            }
            case INT128 -> {
                for (int i = 0; i < positionCount; i++) {
                    hashes[i] = hashes[i] * 31 + int128Hash(vector.getInt128High(i), vector.getInt128Low(i));
                }
            }
            case DOUBLE -> {
                for (int i = 0; i < positionCount; i++) {
                    double value = vector.getDouble(i);
                    hashes[i] = hashes[i] * 31 + mix(Double.doubleToLongBits(value == 0.0 ? 0.0 : value));
                }
            }
            case BYTES -> {
                MemorySegment bytes = vector.values();
                for (int i = 0; i < positionCount; i++) {
                    int start = vector.stringStart(i);
                    int end = start + vector.stringLength(i);
                    long hash = 1;
                    for (int b = start; b < end; b++) {
                        hash = hash * 31 + bytes.get(ValueLayout.JAVA_BYTE, b);
                    }
                    hashes[i] = hashes[i] * 31 + mix(hash);
                }
            }
        }
    }

    private static long valueHash(ColumnVector vector, int position)
    {
        return switch (vector.type().physicalType()) {
            case BYTE -> vector.getBoolean(position) ? 1 : 2;
            case INT -> mix(vector.getInt(position));
            case LONG -> mix(vector.getLong(position));
            case INT128 -> int128Hash(vector.getInt128High(position), vector.getInt128Low(position));
            case DOUBLE -> {
                double value = vector.getDouble(position);
                yield mix(Double.doubleToLongBits(value == 0.0 ? 0.0 : value));
            }
            case BYTES -> {
                MemorySegment bytes = vector.values();
                int start = vector.stringStart(position);
                int end = start + vector.stringLength(position);
                long hash = 1;
                for (int b = start; b < end; b++) {
                    hash = hash * 31 + bytes.get(ValueLayout.JAVA_BYTE, b);
                }
                yield mix(hash);
            }
        };
    }

    /**
     * A long DECIMAL's value that fits a long hashes as that long, as a short DECIMAL's does: tables
     * partitioned on DECIMAL columns of one scale but either width place equal values alike.
     */
    private static long int128Hash(long high, long low)
    {
        return high == (low >> 63) ? mix(low) : mix(high) * 31 + mix(low);
    }

    private static long mix(long value)
    {
        long h = value * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }
}
