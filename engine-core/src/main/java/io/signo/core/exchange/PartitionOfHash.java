package io.signo.core.exchange;

import java.math.BigInteger;

/**
 * Maps non-negative 63-bit hashes to partitions {@code hash % partitionCount} without a division: a
 * 64-bit division takes tens of cycles, a multiply-high and a shift a few, and this runs once per row
 * of every hashed page. A power of two is a mask; any other count uses Granlund and Montgomery's
 * "division by invariant integers using multiplication" (1994, theorem 4.2) with N = 63: for
 * {@code l = ceil(log2(d))} and {@code m = ceil(2^(63 + l) / d)}, {@code m * d} lies within
 * {@code [2^(63 + l), 2^(63 + l) + 2^l]}, so {@code floor(x / d) = floor(m * x / 2^(63 + l))} for every
 * {@code 0 <= x < 2^63}, and {@code m < 2^64} when d is not a power of two. The results equal
 * {@code %}'s exactly (tables on disk are laid out by them).
 */
final class PartitionOfHash
{
    private final int partitionCount;
    /** {@code partitionCount - 1} for a power of two, else -1. */
    private final long mask;
    /** m, an unsigned 64-bit value. */
    private final long multiplier;
    /** {@code l - 1}: the product's high word shifted by this is the quotient. */
    private final int shift;

    PartitionOfHash(int partitionCount)
    {
        if (partitionCount < 1) {
            throw new IllegalArgumentException("partition count must be at least 1: " + partitionCount);
        }
        this.partitionCount = partitionCount;
        if (Integer.bitCount(partitionCount) == 1) {
            this.mask = partitionCount - 1;
            this.multiplier = 0;
            this.shift = 0;
        }
        else {
            int log = 32 - Integer.numberOfLeadingZeros(partitionCount - 1);
            BigInteger divisor = BigInteger.valueOf(partitionCount);
            this.mask = -1;
            this.multiplier = BigInteger.ONE.shiftLeft(63 + log).add(divisor).subtract(BigInteger.ONE).divide(divisor).longValue();
            this.shift = log - 1;
        }
    }

    /** {@code partitions[i] = hashes[i] % partitionCount} for {@code i < count}; every hash must be non-negative. */
    void partitions(long[] hashes, int count, int[] partitions)
    {
        if (mask >= 0) {
            long mask = this.mask;
            for (int i = 0; i < count; i++) {
                partitions[i] = (int) (hashes[i] & mask);
            }
            return;
        }
        long multiplier = this.multiplier;
        int shift = this.shift;
        long divisor = partitionCount;
        for (int i = 0; i < count; i++) {
            long hash = hashes[i];
            partitions[i] = (int) (hash - (Math.unsignedMultiplyHigh(hash, multiplier) >>> shift) * divisor);
        }
    }

    /** One hash's partition, as {@link #partitions} computes it. */
    int partition(long hash)
    {
        if (mask >= 0) {
            return (int) (hash & mask);
        }
        return (int) (hash - (Math.unsignedMultiplyHigh(hash, multiplier) >>> shift) * partitionCount);
    }
}
