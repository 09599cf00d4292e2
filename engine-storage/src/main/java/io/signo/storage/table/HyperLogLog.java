package io.signo.storage.table;

import java.util.Arrays;

/**
 * A HyperLogLog sketch of 2048 one-byte registers (about 2.3% standard error), fed with 64-bit
 * hashes. Cheap enough to update for every generated value; small cardinalities are estimated by
 * linear counting, so tables like nation come out exact. Sketches of the parts of a table merge
 * exactly (register by register) into the sketch of the whole, which is how a coordinator gets the
 * distinct counts of a table spread over workers.
 */
public final class HyperLogLog
{
    private static final int INDEX_BITS = 11;
    public static final int REGISTER_COUNT = 1 << INDEX_BITS;
    private static final double ALPHA = 0.7213 / (1 + 1.079 / REGISTER_COUNT);

    private final byte[] registers;

    public HyperLogLog()
    {
        this.registers = new byte[REGISTER_COUNT];
    }

    /** A sketch holding a copy of {@code registers}, as {@link #registers()} returned them. */
    public static HyperLogLog fromRegisters(byte[] registers)
    {
        if (registers.length != REGISTER_COUNT) {
            throw new IllegalArgumentException("a sketch has " + REGISTER_COUNT + " registers, got " + registers.length);
        }
        HyperLogLog sketch = new HyperLogLog();
        System.arraycopy(registers, 0, sketch.registers, 0, REGISTER_COUNT);
        return sketch;
    }

    /** A copy of the registers: the compact form kept in {@link ColumnStatistics}. */
    public byte[] registers()
    {
        return registers.clone();
    }

    /** A well-mixed 64-bit hash of a value (the murmur3 finalizer). */
    public static long mix(long value)
    {
        long hash = value;
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        return hash;
    }

    public void addHash(long hash)
    {
        int index = (int) (hash >>> (64 - INDEX_BITS));
        int rank = Long.numberOfLeadingZeros((hash << INDEX_BITS) | (1L << (INDEX_BITS - 1))) + 1;
        if (rank > registers[index]) {
            registers[index] = (byte) rank;
        }
    }

    public void mergeFrom(HyperLogLog other)
    {
        mergeRegisters(other.registers);
    }

    /** Merges the registers of another sketch, as {@link #copyRegistersTo} wrote them. */
    public void mergeRegisters(byte[] otherRegisters)
    {
        if (otherRegisters.length != REGISTER_COUNT) {
            throw new IllegalArgumentException("a sketch has " + REGISTER_COUNT + " registers, got " + otherRegisters.length);
        }
        for (int i = 0; i < REGISTER_COUNT; i++) {
            if (otherRegisters[i] > registers[i]) {
                registers[i] = otherRegisters[i];
            }
        }
    }

    /** Writes the registers into {@code target}, {@link #REGISTER_COUNT} bytes, without the copy {@link #registers()} makes. */
    public void copyRegistersTo(byte[] target)
    {
        System.arraycopy(registers, 0, target, 0, REGISTER_COUNT);
    }

    public void clear()
    {
        Arrays.fill(registers, (byte) 0);
    }

    public long estimate()
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
