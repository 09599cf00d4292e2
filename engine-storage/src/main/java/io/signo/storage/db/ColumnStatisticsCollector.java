package io.signo.storage.db;

import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.HyperLogLog;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Gathers what the planner and the scans know of one column of a segment file: min, max and nulls
 * of each block (for pruning) and of the whole file, with a distinct-values sketch that merges
 * with the other files' into the table's.
 */
final class ColumnStatisticsCollector
{
    private final Type type;
    private final HyperLogLog distinct = new HyperLogLog();
    private long rows;
    private long nulls;
    private long stringBytes;
    private Object min;
    private Object max;
    /** A block's values (string offsets and bytes, ints, longs) copied from native memory; reused from block to block. */
    private int[] starts = new int[0];
    private byte[] bytes = new byte[0];
    private int[] ints = new int[0];
    private long[] longs = new long[0];
    /** What the per-type methods found in the block being added. */
    private long blockNulls;
    private Object blockMin;
    private Object blockMax;

    ColumnStatisticsCollector(Type type)
    {
        this.type = type;
    }

    /** Adds a block's values and returns that block's statistics (no distinct count). */
    ColumnStatistics addBlock(ColumnVector vector)
    {
        int count = vector.positionCount();
        blockNulls = 0;
        blockMin = null;
        blockMax = null;
        PhysicalType physical = type.physicalType();
        // a method per type: each loop compiled on its own, small enough to inline what it calls
        switch (physical) {
            case BYTE -> addBooleans(vector, count);
            case INT, LONG -> addIntegers(vector, count, physical);
            case INT128 -> addLongDecimals(vector, count);
            case DOUBLE -> addDoubles(vector, count);
            case BYTES -> addStrings(vector, count);
        }
        rows += count;
        nulls += blockNulls;
        min = lesser(min, blockMin);
        max = greater(max, blockMax);
        return new ColumnStatistics(0, blockNulls, blockMin, blockMax, physical.fixedWidth());
    }

    /** BOOLEAN: false before true. */
    private void addBooleans(ColumnVector vector, int count)
    {
        long nullCount = 0;
        boolean seenFalse = false;
        boolean seenTrue = false;
        for (int p = 0; p < count; p++) {
            if (vector.isNull(p)) {
                nullCount++;
                continue;
            }
            boolean value = vector.getBoolean(p);
            seenTrue |= value;
            seenFalse |= !value;
            distinct.addHash(HyperLogLog.mix(value ? 1 : 0));
        }
        blockMin = seenFalse ? Boolean.FALSE : (seenTrue ? Boolean.TRUE : null);
        blockMax = seenTrue ? Boolean.TRUE : (seenFalse ? Boolean.FALSE : null);
        blockNulls = nullCount;
    }

    /** INTEGER, BIGINT, dates, short decimals: copied to the heap in bulk first. */
    private void addIntegers(ColumnVector vector, int count, PhysicalType physical)
    {
        long nullCount = 0;
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        boolean any = false;
        if (longs.length < count) {
            longs = new long[count];
        }
        if (physical == PhysicalType.INT) {
            if (ints.length < count) {
                ints = new int[count];
            }
            MemorySegment.copy(vector.values(), ValueLayout.JAVA_INT_UNALIGNED, 0, ints, 0, count);
            for (int p = 0; p < count; p++) {
                longs[p] = ints[p];
            }
        }
        else {
            MemorySegment.copy(vector.values(), ValueLayout.JAVA_LONG_UNALIGNED, 0, longs, 0, count);
        }
        boolean nullable = vector.nulls() != null;
        for (int p = 0; p < count; p++) {
            if (nullable && vector.isNull(p)) {
                nullCount++;
                continue;
            }
            long value = longs[p];
            low = Math.min(low, value);
            high = Math.max(high, value);
            any = true;
            distinct.addHash(HyperLogLog.mix(value));
        }
        if (any) {
            blockMin = physical == PhysicalType.INT ? (Object) (int) low : (Object) low;
            blockMax = physical == PhysicalType.INT ? (Object) (int) high : (Object) high;
        }
        blockNulls = nullCount;
    }

    /** Long decimals: nulls and the distinct sketch only. */
    private void addLongDecimals(ColumnVector vector, int count)
    {
        long nullCount = 0;
        // no bounds: nothing prunes on a long DECIMAL's minimum and maximum yet
        for (int p = 0; p < count; p++) {
            if (vector.isNull(p)) {
                nullCount++;
                continue;
            }
            distinct.addHash(HyperLogLog.mix(HyperLogLog.mix(vector.getInt128High(p)) ^ vector.getInt128Low(p)));
        }
        blockNulls = nullCount;
    }

    /** REAL and DOUBLE: no bounds when a NaN is among the values. */
    private void addDoubles(ColumnVector vector, int count)
    {
        long nullCount = 0;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        boolean any = false;
        boolean nan = false;
        for (int p = 0; p < count; p++) {
            if (vector.isNull(p)) {
                nullCount++;
                continue;
            }
            double value = vector.getDouble(p);
            nan |= Double.isNaN(value);
            low = Math.min(low, value);
            high = Math.max(high, value);
            any = true;
            distinct.addHash(HyperLogLog.mix(Double.doubleToLongBits(value == 0 ? 0.0 : value)));
        }
        // NaN sorts above every number in SQL; bounds that cannot say so are left unknown
        if (any && !nan) {
            blockMin = low;
            blockMax = high;
        }
        blockNulls = nullCount;
    }

    /** Strings, ordered by their UTF-8 bytes. */
    private void addStrings(ColumnVector vector, int count)
    {
        long nullCount = 0;
        // the block's strings copied to the heap once: comparing and hashing them there is several times cheaper
        int first = count == 0 ? 0 : vector.stringStart(0);
        int end = count == 0 ? 0 : vector.stringStart(count);
        if (starts.length < count + 1) {
            starts = new int[count + 1];
        }
        MemorySegment.copy(vector.offsets(), ValueLayout.JAVA_INT_UNALIGNED, 0, starts, 0, count + 1);
        if (bytes.length < end - first) {
            bytes = new byte[end - first];
        }
        MemorySegment.copy(vector.values(), ValueLayout.JAVA_BYTE, first, bytes, 0, end - first);
        int lowest = -1;
        int highest = -1;
        for (int p = 0; p < count; p++) {
            if (vector.isNull(p)) {
                nullCount++;
                continue;
            }
            int start = starts[p] - first;
            int length = starts[p + 1] - starts[p];
            stringBytes += length;
            if (lowest < 0 || compareStrings(start, length, starts[lowest] - first, starts[lowest + 1] - starts[lowest]) < 0) {
                lowest = p;
            }
            if (highest < 0 || compareStrings(start, length, starts[highest] - first, starts[highest + 1] - starts[highest]) > 0) {
                highest = p;
            }
            distinct.addHash(HyperLogLog.mix(stringHash(bytes, start, length)));
        }
        blockMin = lowest < 0 ? null : vector.getString(lowest);
        blockMax = highest < 0 ? null : vector.getString(highest);
        blockNulls = nullCount;
    }

    private static final long POWER_2 = 31 * 31;
    private static final long POWER_3 = POWER_2 * 31;
    private static final long POWER_4 = POWER_3 * 31;

    /**
     * {@code length}, then {@code hash * 31 + b} for each byte {@code b} (signed), in long arithmetic:
     * the hash the distinct sketches of files already written were made with, so that they still
     * merge. Four bytes a step, as {@code hash * 31^4 + b0 * 31^3 + b1 * 31^2 + b2 * 31 + b3} (equal
     * modulo 2^64): one multiplication on the chain from step to step instead of four (C2 makes the
     * bytewise {@code * 31} a shift and a subtraction, so the gain is modest: 0.54 against 0.57 ns a
     * byte on 27-byte strings, 0.48 against 0.76 on 120-byte ones; files-cpu/StringHashCost.java).
     */
    static long stringHash(byte[] bytes, int start, int length)
    {
        long hash = length;
        int end = start + length;
        int k = start;
        for (; k + 4 <= end; k += 4) {
            hash = hash * POWER_4 + bytes[k] * POWER_3 + bytes[k + 1] * POWER_2 + bytes[k + 2] * 31L + bytes[k + 3];
        }
        for (; k < end; k++) {
            hash = hash * 31 + bytes[k];
        }
        return hash;
    }

    /** The statistics of every block added, with the distinct sketch. */
    ColumnStatistics fileStatistics()
    {
        long nonNull = rows - nulls;
        long distinctValues = nonNull == 0 ? 0 : Math.clamp(distinct.estimate(), 1, nonNull);
        double width = type.physicalType() == PhysicalType.BYTES ? (nonNull == 0 ? 0 : (double) stringBytes / nonNull) : type.physicalType().fixedWidth();
        return new ColumnStatistics(distinctValues, nulls, min, max, width, distinct.registers());
    }

    /** Compares two strings of the block's bytes by their UTF-8 bytes, unsigned: the order of code points. */
    private int compareStrings(int leftStart, int leftLength, int rightStart, int rightLength)
    {
        // most strings differ in their first byte: decided without a call
        if (leftLength > 0 && rightLength > 0 && bytes[leftStart] != bytes[rightStart]) {
            return (bytes[leftStart] & 0xff) - (bytes[rightStart] & 0xff);
        }
        return Arrays.compareUnsigned(bytes, leftStart, leftStart + leftLength, bytes, rightStart, rightStart + rightLength);
    }

    private static Object lesser(Object current, Object candidate)
    {
        if (candidate == null) {
            return current;
        }
        return current == null || compare(candidate, current) < 0 ? candidate : current;
    }

    private static Object greater(Object current, Object candidate)
    {
        if (candidate == null) {
            return current;
        }
        return current == null || compare(candidate, current) > 0 ? candidate : current;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object left, Object right)
    {
        if (left instanceof String leftString && right instanceof String rightString) {
            return Arrays.compareUnsigned(leftString.getBytes(StandardCharsets.UTF_8), rightString.getBytes(StandardCharsets.UTF_8));
        }
        return ((Comparable) left).compareTo(right);
    }
}
