package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Moves fixed-width vectors to and from heap primitive arrays. Kernels compute on heap arrays
 * because the JIT vectorizes plain array loops best; one bulk copy each way per vector is cheap next
 * to the per-row work. Values at null positions are unspecified in a vector, so readers zero them
 * (a kernel never trips over garbage in a null slot unless it divides, and dividers check nulls).
 */
final class FixedWidthVectors
{
    private FixedWidthVectors() {}

    /** BOOLEAN, INTEGER, DATE, BIGINT or DECIMAL values widened to longs. */
    static long[] readLongs(ColumnVector vector, int count)
    {
        return readLongs(vector, count, new long[count]);
    }

    /** {@link #readLongs(ColumnVector, int)} into the first {@code count} entries of {@code result}. */
    static long[] readLongs(ColumnVector vector, int count, long[] result)
    {
        MemorySegment values = vector.values();
        switch (vector.type().physicalType()) {
            case BYTE -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.get(ValueLayout.JAVA_BYTE, i);
                }
            }
            case INT -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
                }
            }
            case LONG -> MemorySegment.copy(values, ValueLayout.JAVA_LONG_UNALIGNED, 0, result, 0, count);
            default -> throw new IllegalArgumentException("not an exact numeric vector: " + vector.type());
        }
        zeroNulls(vector, result, count);
        return result;
    }

    /**
     * {@link #readLongs(ColumnVector, int)} of the values at {@code positions[0 .. count)} of an input
     * column, gathered straight into the heap array: a column operand under a selection is never
     * first copied to a native vector of its own. {@code nulls} is the column's bitmap compacted to
     * the selection (see {@link ColumnVector#selectNulls}); values at its null positions are zeroed.
     */
    static long[] readLongs(ColumnVector vector, int[] positions, int count, MemorySegment nulls)
    {
        return readLongs(vector, positions, count, nulls, new long[count]);
    }

    /** {@link #readLongs(ColumnVector, int[], int, MemorySegment)} into the first {@code count} entries of {@code result}. */
    static long[] readLongs(ColumnVector vector, int[] positions, int count, MemorySegment nulls, long[] result)
    {
        MemorySegment values = vector.values();
        switch (vector.type().physicalType()) {
            case BYTE -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.get(ValueLayout.JAVA_BYTE, positions[i]);
                }
            }
            case INT -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, positions[i]);
                }
            }
            case LONG -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, positions[i]);
                }
            }
            default -> throw new IllegalArgumentException("not an exact numeric vector: " + vector.type());
        }
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    result[i] = 0;
                }
            }
        }
        return result;
    }

    /**
     * A long DECIMAL vector's values at {@code positions[0 .. count)} (at 0 .. count - 1 when
     * {@code positions} is null) into two parallel arrays; null slots are left as they are.
     */
    static void readInt128(ColumnVector vector, int[] positions, int count, long[] high, long[] low)
    {
        if (vector.type().physicalType() != PhysicalType.INT128) {
            throw new IllegalArgumentException("not a long DECIMAL vector: " + vector.type());
        }
        MemorySegment values = vector.values();
        for (int i = 0; i < count; i++) {
            long index = 2L * (positions == null ? i : positions[i]);
            low[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index);
            high[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index + 1);
        }
    }

    /** A long DECIMAL vector of the values in two parallel arrays. */
    static ColumnVector fromInt128(Type type, long[] high, long[] low, int count, MemorySegment nulls, PageAllocator allocator)
    {
        if (type.physicalType() != PhysicalType.INT128) {
            throw new IllegalArgumentException("not a long DECIMAL type: " + type);
        }
        MemorySegment segment = allocator.allocate((long) count * 2 * Long.BYTES);
        for (int i = 0; i < count; i++) {
            segment.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i, low[i]);
            segment.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i + 1, high[i]);
        }
        return new ColumnVector(type, count, segment, null, nulls);
    }

    /** A long DECIMAL vector's values divided by 10^scale, as doubles, at the positions (0 .. count - 1 when null). */
    private static double[] readLongDecimalDoubles(ColumnVector vector, int[] positions, int count)
    {
        long[] high = new long[count];
        long[] low = new long[count];
        readInt128(vector, positions, count, high, low);
        double divisor = Decimals.doublePowerOfTen(vector.type().scale());
        double[] result = new double[count];
        for (int i = 0; i < count; i++) {
            result[i] = Int128Math.toDouble(high[i], low[i]) / divisor;
        }
        return result;
    }

    /** {@link #readDoubles(ColumnVector, int)} gathered at a selection, as {@link #readLongs(ColumnVector, int[], int, MemorySegment)}. */
    static double[] readDoubles(ColumnVector vector, int[] positions, int count, MemorySegment nulls)
    {
        Type type = vector.type();
        double[] result = new double[count];
        if (type.isLongDecimal()) {
            result = readLongDecimalDoubles(vector, positions, count);
        }
        else if (type.isFloatingPoint()) {
            MemorySegment values = vector.values();
            for (int i = 0; i < count; i++) {
                result[i] = values.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, positions[i]);
            }
        }
        else {
            long[] longs = readLongs(vector, positions, count, null);
            double divisor = type.kind() == TypeKind.DECIMAL ? Decimals.doublePowerOfTen(type.scale()) : 1;
            for (int i = 0; i < count; i++) {
                result[i] = longs[i] / divisor;
            }
        }
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    result[i] = 0;
                }
            }
        }
        return result;
    }

    /** Any numeric vector as doubles; DECIMAL unscaled values are divided by 10^scale. */
    static double[] readDoubles(ColumnVector vector, int count)
    {
        double[] result = new double[count];
        MemorySegment values = vector.values();
        Type type = vector.type();
        switch (type.kind()) {
            case DOUBLE, REAL -> MemorySegment.copy(values, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, result, 0, count);
            case INTEGER, DATE -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
                }
            }
            case BIGINT -> {
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                }
            }
            case DECIMAL -> {
                if (type.isLongDecimal()) {
                    result = readLongDecimalDoubles(vector, null, count);
                    break;
                }
                double divisor = Decimals.doublePowerOfTen(type.scale());
                for (int i = 0; i < count; i++) {
                    result[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) / divisor;
                }
            }
            default -> throw new IllegalArgumentException("not a numeric vector: " + type);
        }
        MemorySegment nulls = vector.nulls();
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    result[i] = 0;
                }
            }
        }
        return result;
    }

    /** BOOLEAN values as bytes 0/1; null positions read as 0. */
    static byte[] readBooleans(ColumnVector vector, int count)
    {
        byte[] result = new byte[count];
        MemorySegment.copy(vector.values(), ValueLayout.JAVA_BYTE, 0, result, 0, count);
        MemorySegment nulls = vector.nulls();
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    result[i] = 0;
                }
            }
        }
        return result;
    }

    private static void zeroNulls(ColumnVector vector, long[] values, int count)
    {
        MemorySegment nulls = vector.nulls();
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    values[i] = 0;
                }
            }
        }
    }

    /** A vector of {@code type} (INTEGER, DATE, BIGINT, DECIMAL or BOOLEAN) from longs, narrowing as the type requires. */
    static ColumnVector fromLongs(Type type, long[] values, int count, MemorySegment nulls, PageAllocator allocator)
    {
        MemorySegment segment;
        switch (type.physicalType()) {
            case BYTE -> {
                segment = allocator.allocate(count);
                for (int i = 0; i < count; i++) {
                    segment.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                }
            }
            case INT -> {
                segment = allocator.allocate((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    segment.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) values[i]);
                }
            }
            case LONG -> {
                segment = allocator.allocate((long) count * Long.BYTES);
                MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_LONG_UNALIGNED, 0, count);
            }
            default -> throw new IllegalArgumentException("not an exact numeric type: " + type);
        }
        return new ColumnVector(type, count, segment, null, nulls);
    }

    /**
     * {@link #fromLongs} with value i at position {@code rows[i]} of a vector of {@code size} positions
     * ({@link ColumnVector#scatter}); {@code nulls} is the bitmap of the {@code count} values.
     */
    static ColumnVector fromLongsScattered(Type type, long[] values, int count, MemorySegment nulls, int[] rows, int size, PageAllocator allocator)
    {
        MemorySegment segment;
        switch (type.physicalType()) {
            case BYTE -> {
                segment = allocator.allocate(size);
                for (int i = 0; i < count; i++) {
                    segment.set(ValueLayout.JAVA_BYTE, rows[i], (byte) values[i]);
                }
            }
            case INT -> {
                segment = allocator.allocate((long) size * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    segment.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows[i], (int) values[i]);
                }
            }
            case LONG -> {
                segment = allocator.allocate((long) size * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    segment.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows[i], values[i]);
                }
            }
            default -> throw new IllegalArgumentException("not an exact numeric type: " + type);
        }
        return new ColumnVector(type, size, segment, null, ColumnVector.scatterNulls(nulls, rows, count, size, allocator));
    }

    static ColumnVector fromDoubles(double[] values, int count, MemorySegment nulls, PageAllocator allocator)
    {
        return fromDoubles(Type.DOUBLE, values, count, nulls, allocator);
    }

    /** A DOUBLE or REAL vector of the values; a REAL one's are rounded to float first (in place). */
    static ColumnVector fromDoubles(Type type, double[] values, int count, MemorySegment nulls, PageAllocator allocator)
    {
        if (type.kind() == TypeKind.REAL) {
            for (int i = 0; i < count; i++) {
                values[i] = (float) values[i];
            }
        }
        else if (type.kind() != TypeKind.DOUBLE) {
            throw new IllegalArgumentException("not a floating-point type: " + type);
        }
        MemorySegment segment = allocator.allocate((long) count * Double.BYTES);
        MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, count);
        return new ColumnVector(type, count, segment, null, nulls);
    }

    static ColumnVector fromBooleans(byte[] values, int count, MemorySegment nulls, PageAllocator allocator)
    {
        MemorySegment segment = allocator.allocate(count);
        MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_BYTE, 0, count);
        return new ColumnVector(Type.BOOLEAN, count, segment, null, nulls);
    }
}
