package io.signo.storage.tpch;

import java.util.Arrays;

/**
 * A HyperLogLog sketch of 2048 one-byte registers (about 2.3% standard error), fed with 64-bit
 * hashes. Cheap enough to update for every generated value; small cardinalities are estimated by
 * linear counting, so tables like nation come out exact.
 */
final class HyperLogLog
{
    private static final int INDEX_BITS = 11;
    private static final int REGISTER_COUNT = 1 << INDEX_BITS;
    private static final double ALPHA = 0.7213 / (1 + 1.079 / REGISTER_COUNT);

    private final byte[] registers = new byte[REGISTER_COUNT];

    /** A well-mixed 64-bit hash of a value (the murmur3 finalizer). */
    static long mix(long value)
    {
        long hash = value;
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        return hash;
    }

    void addHash(long hash)
    {
        int index = (int) (hash >>> (64 - INDEX_BITS));
        int rank = Long.numberOfLeadingZeros((hash << INDEX_BITS) | (1L << (INDEX_BITS - 1))) + 1;
        if (rank > registers[index]) {
            registers[index] = (byte) rank;
        }
    }

    void mergeFrom(HyperLogLog other)
    {
        byte[] otherRegisters = other.registers;
        for (int i = 0; i < REGISTER_COUNT; i++) {
            if (otherRegisters[i] > registers[i]) {
                registers[i] = otherRegisters[i];
            }
        }
    }

    void clear()
    {
        Arrays.fill(registers, (byte) 0);
    }

    long estimate()
    {
        double sum = 0;
        int emptyRegisters = 0;
        for (int i = 0; i < REGISTER_COUNT; i++) {
            sum += Double.longBitsToDouble((1023L - registers[i]) << 52);
            if (registers[i] == 0) {
                emptyRegisters++;
            }
        }
        double estimate = ALPHA * REGISTER_COUNT * REGISTER_COUNT / sum;
        if (estimate <= 2.5 * REGISTER_COUNT && emptyRegisters > 0) {
            estimate = REGISTER_COUNT * Math.log((double) REGISTER_COUNT / emptyRegisters);
        }
        return Math.round(estimate);
    }
}
