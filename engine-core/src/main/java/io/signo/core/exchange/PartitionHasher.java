package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Computes, a vector at a time, which partition each row of a page belongs to by a hash of its key
 * columns. The same keys always land in the same partition, whatever their page. NULL hashes as 0.
 * CHAR values are stored without trailing spaces, so equal CHAR values hash alike.
 *
 * <p>The hash of a row is {@code h = h * 31 + valueHash} over its key columns from {@code h = 0},
 * then mixed once more, and its partition is that hash's upper 63 bits modulo the partition count.
 * Stored tables are laid out by it, so it never changes; only how fast it is computed does. Each
 * key column is hashed by one loop for its type over the column's memory, the first key straight
 * into the row hashes, a further key into a scratch array that is then combined, and the modulo is
 * a multiply ({@link PartitionOfHash}).
 */
public final class PartitionHasher
{
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfLong LITTLE_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** 31^1 .. 31^8, for a string's polynomial hash eight bytes at a time. */
    private static final long P1 = 31;
    private static final long P2 = P1 * 31;
    private static final long P3 = P2 * 31;
    private static final long P4 = P3 * 31;
    private static final long P5 = P4 * 31;
    private static final long P6 = P5 * 31;
    private static final long P7 = P6 * 31;
    private static final long P8 = P7 * 31;

    private final int[] keyChannels;
    private final PartitionOfHash partitionOfHash;
    private long[] valueHashes = new long[0];

    public PartitionHasher(int[] keyChannels, int partitionCount)
    {
        this.keyChannels = keyChannels.clone();
        this.partitionOfHash = new PartitionOfHash(partitionCount);
    }

    /** Fills {@code partitions[0 .. positionCount)} with the partition of each row; {@code hashScratch} holds at least as many. */
    public void partitions(Page page, long[] hashScratch, int[] partitions)
    {
        int positionCount = page.positionCount();
        if (keyChannels.length == 0) {
            Arrays.fill(hashScratch, 0, positionCount, 0L);
        }
        for (int key = 0; key < keyChannels.length; key++) {
            ColumnVector vector = page.column(keyChannels[key]);
            if (key == 0) {
                valueHashes(vector, positionCount, hashScratch);
                continue;
            }
            if (valueHashes.length < positionCount) {
                valueHashes = new long[positionCount];
            }
            long[] valueHashes = this.valueHashes;
            valueHashes(vector, positionCount, valueHashes);
            for (int i = 0; i < positionCount; i++) {
                hashScratch[i] = hashScratch[i] * 31 + valueHashes[i];
            }
        }
        for (int i = 0; i < positionCount; i++) {
            hashScratch[i] = mix(hashScratch[i]) >>> 1;
        }
        partitionOfHash.partitions(hashScratch, positionCount, partitions);
    }

    /** {@code hashes[i]} = the hash of position i's value, 0 for a NULL. */
    private static void valueHashes(ColumnVector vector, int positionCount, long[] hashes)
    {
        switch (vector.type().physicalType()) {
            case BYTE -> hashBooleans(vector.values(), positionCount, hashes);
            case INT -> hashInts(vector.values(), positionCount, hashes);
            case LONG -> hashLongs(vector.values(), positionCount, hashes);
            case INT128 -> hashInt128s(vector.values(), positionCount, hashes);
            case DOUBLE -> hashDoubles(vector.values(), positionCount, hashes);
            case BYTES -> hashStrings(vector.values(), vector.offsets(), positionCount, hashes);
        }
        if (vector.mayHaveNulls()) {
            MemorySegment nulls = vector.nulls();
            for (int i = 0; i < positionCount; i++) {
                if (ColumnVector.isNullBit(nulls, i)) {
                    hashes[i] = 0;
                }
            }
        }
    }

    private static void hashBooleans(MemorySegment values, int positionCount, long[] hashes)
    {
        for (int i = 0; i < positionCount; i++) {
            hashes[i] = values.get(ValueLayout.JAVA_BYTE, i) != 0 ? 1 : 2;
        }
    }

    private static void hashInts(MemorySegment values, int positionCount, long[] hashes)
    {
        for (int i = 0; i < positionCount; i++) {
            hashes[i] = mix(values.getAtIndex(INT, i));
        }
    }

    private static void hashLongs(MemorySegment values, int positionCount, long[] hashes)
    {
        for (int i = 0; i < positionCount; i++) {
            hashes[i] = mix(values.getAtIndex(LONG, i));
        }
    }

    /** A long DECIMAL's value that fits a long hashes as that long, as a short DECIMAL's does: tables partitioned on DECIMAL columns of one scale but either width place equal values alike. */
    private static void hashInt128s(MemorySegment values, int positionCount, long[] hashes)
    {
        for (int i = 0; i < positionCount; i++) {
            long low = values.getAtIndex(LONG, 2L * i);
            long high = values.getAtIndex(LONG, 2L * i + 1);
            hashes[i] = high == (low >> 63) ? mix(low) : mix(high) * 31 + mix(low);
        }
    }

    private static void hashDoubles(MemorySegment values, int positionCount, long[] hashes)
    {
        for (int i = 0; i < positionCount; i++) {
            double value = values.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i);
            hashes[i] = mix(Double.doubleToLongBits(value == 0.0 ? 0.0 : value));
        }
    }

    private static void hashStrings(MemorySegment bytes, MemorySegment offsets, int positionCount, long[] hashes)
    {
        int start = offsets.getAtIndex(INT, 0);
        for (int i = 0; i < positionCount; i++) {
            int end = offsets.getAtIndex(INT, i + 1);
            hashes[i] = mix(stringHash(bytes, start, end));
            start = end;
        }
    }

    /**
     * {@code h = h * 31 + b} over the string's (signed) bytes from {@code h = 1}, eight bytes per step:
     * the same polynomial regrouped as {@code h * 31^8 + b0 * 31^7 + ... + b7}, equal modulo 2^64, with
     * the eight products independent of each other instead of a chain of 8 multiplies.
     */
    static long stringHash(MemorySegment bytes, long start, long end)
    {
        long hash = 1;
        long position = start;
        for (; position + Long.BYTES <= end; position += Long.BYTES) {
            long word = bytes.get(LITTLE_ENDIAN_LONG, position);
            hash = hash * P8
                    + (byte) word * P7
                    + (byte) (word >>> 8) * P6
                    + (byte) (word >>> 16) * P5
                    + (byte) (word >>> 24) * P4
                    + (byte) (word >>> 32) * P3
                    + (byte) (word >>> 40) * P2
                    + (byte) (word >>> 48) * P1
                    + (byte) (word >>> 56);
        }
        for (; position < end; position++) {
            hash = hash * 31 + bytes.get(ValueLayout.JAVA_BYTE, position);
        }
        return hash;
    }

    private static long mix(long value)
    {
        long h = value * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }
}
