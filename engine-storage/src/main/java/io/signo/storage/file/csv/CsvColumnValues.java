package io.signo.storage.file.csv;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * One column's values of a split as they are parsed, in heap arrays, copied into the vector's
 * native memory in bulk when the split is done. Appending to native memory value by value paid a
 * memory-session check on every store (a tenth of a load's samples in JFR); a heap array store
 * has none. The arrays are kept by the reading thread ({@link CsvSegment}) and reused split after
 * split, so a split allocates only its vectors.
 */
final class CsvColumnValues
{
    private Type type;
    private PhysicalType physicalType;
    int count;
    /** INTEGER and DATE values. */
    private int[] ints = new int[0];
    /** BIGINT, TIMESTAMP, short DECIMAL values; a long DECIMAL's low and high words side by side. */
    private long[] longs = new long[0];
    private double[] doubles = new double[0];
    private byte[] flags = new byte[0];
    /** Strings: their bytes one after another, and where each ends. */
    private byte[] stringBytes = new byte[0];
    private int[] stringEnds = new int[0];
    private int byteCount;
    /** A bit a row, set for NULL; valid up to {@link #count} when {@link #hasNull}. */
    private byte[] nulls = new byte[0];
    private boolean hasNull;

    /** Starts the values of a split of about {@code expectedRows} rows of {@code type}. */
    void reset(Type type, int expectedRows)
    {
        this.type = type;
        this.physicalType = type.physicalType();
        this.count = 0;
        this.byteCount = 0;
        this.hasNull = false;
        ensureCapacity(Math.max(expectedRows, 16));
    }

    PhysicalType physicalType()
    {
        return physicalType;
    }

    Type type()
    {
        return type;
    }

    private void ensureCapacity(int rows)
    {
        switch (physicalType) {
            case BYTE -> flags = grow(flags, rows);
            case INT -> ints = grow(ints, rows);
            case LONG -> longs = grow(longs, rows);
            case INT128 -> longs = grow(longs, 2 * rows);
            case DOUBLE -> doubles = grow(doubles, rows);
            case BYTES -> stringEnds = grow(stringEnds, rows);
        }
    }

    private static int[] grow(int[] array, int size)
    {
        return array.length >= size ? array : Arrays.copyOf(array, Math.max(size, array.length * 2));
    }

    private static long[] grow(long[] array, int size)
    {
        return array.length >= size ? array : Arrays.copyOf(array, Math.max(size, array.length * 2));
    }

    private static double[] grow(double[] array, int size)
    {
        return array.length >= size ? array : Arrays.copyOf(array, Math.max(size, array.length * 2));
    }

    private static byte[] grow(byte[] array, int size)
    {
        return array.length >= size ? array : Arrays.copyOf(array, Math.max(size, array.length * 2));
    }

    void appendNull()
    {
        int position = count;
        // a placeholder value first: it clears the bitmap's byte when this row starts one
        switch (physicalType) {
            case BYTE -> appendFlag((byte) 0);
            case INT -> appendInt(0);
            case LONG -> appendLong(0);
            case INT128 -> appendInt128(0, 0);
            case DOUBLE -> appendDouble(0);
            case BYTES -> appendBytes(stringBytes, 0, 0);
        }
        if (!hasNull) {
            // the rows before were all values: their bits, and this one's byte, start cleared
            hasNull = true;
            nulls = grow(nulls, (position >>> 3) + 1);
            Arrays.fill(nulls, 0, (position >>> 3) + 1, (byte) 0);
        }
        nulls[position >>> 3] |= (byte) (1 << (position & 7));
    }

    /** After a value that is not NULL: the bitmap, once started, gets a cleared byte for each eighth row. */
    private void markNotNull(int position)
    {
        if (hasNull && (position & 7) == 0) {
            nulls = grow(nulls, (position >>> 3) + 1);
            nulls[position >>> 3] = 0;
        }
    }

    void appendFlag(byte value)
    {
        if (count == flags.length) {
            flags = grow(flags, count + 1);
        }
        markNotNull(count);
        flags[count++] = value;
    }

    void appendInt(int value)
    {
        if (count == ints.length) {
            ints = grow(ints, count + 1);
        }
        markNotNull(count);
        ints[count++] = value;
    }

    void appendLong(long value)
    {
        if (count == longs.length) {
            longs = grow(longs, count + 1);
        }
        markNotNull(count);
        longs[count++] = value;
    }

    void appendInt128(long high, long low)
    {
        if (2 * count + 2 > longs.length) {
            longs = grow(longs, 2 * count + 2);
        }
        markNotNull(count);
        longs[2 * count] = low;
        longs[2 * count + 1] = high;
        count++;
    }

    void appendDouble(double value)
    {
        if (count == doubles.length) {
            doubles = grow(doubles, count + 1);
        }
        markNotNull(count);
        doubles[count++] = value;
    }

    void appendBytes(byte[] source, int offset, int length)
    {
        if (count == stringEnds.length) {
            stringEnds = grow(stringEnds, count + 1);
        }
        if (byteCount + length > stringBytes.length) {
            if ((long) byteCount + length > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("string vector larger than 2 GB");
            }
            stringBytes = Arrays.copyOf(stringBytes, Math.max(byteCount + length, Math.min(Integer.MAX_VALUE - 8, stringBytes.length * 2)));
        }
        markNotNull(count);
        System.arraycopy(source, offset, stringBytes, byteCount, length);
        byteCount += length;
        stringEnds[count++] = byteCount;
    }

    /** The values as a vector in {@code allocator}'s memory. */
    ColumnVector build(PageAllocator allocator)
    {
        MemorySegment values;
        MemorySegment offsets = null;
        switch (physicalType) {
            case BYTE -> {
                values = allocator.allocateForOverwrite(Math.max(count, 8));
                MemorySegment.copy(flags, 0, values, ValueLayout.JAVA_BYTE, 0, count);
            }
            case INT -> {
                values = allocator.allocateForOverwrite(Math.max((long) count * Integer.BYTES, 8));
                MemorySegment.copy(ints, 0, values, ValueLayout.JAVA_INT_UNALIGNED, 0, count);
            }
            case LONG -> {
                values = allocator.allocateForOverwrite(Math.max((long) count * Long.BYTES, 8));
                MemorySegment.copy(longs, 0, values, ValueLayout.JAVA_LONG_UNALIGNED, 0, count);
            }
            case INT128 -> {
                values = allocator.allocateForOverwrite(Math.max((long) count * 2 * Long.BYTES, 8));
                MemorySegment.copy(longs, 0, values, ValueLayout.JAVA_LONG_UNALIGNED, 0, 2 * count);
            }
            case DOUBLE -> {
                values = allocator.allocateForOverwrite(Math.max((long) count * Double.BYTES, 8));
                MemorySegment.copy(doubles, 0, values, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, count);
            }
            case BYTES -> {
                values = allocator.allocateForOverwrite(Math.max(byteCount, 8));
                MemorySegment.copy(stringBytes, 0, values, ValueLayout.JAVA_BYTE, 0, byteCount);
                offsets = allocator.allocateForOverwrite((long) (count + 1) * Integer.BYTES);
                offsets.set(ValueLayout.JAVA_INT_UNALIGNED, 0, 0);
                MemorySegment.copy(stringEnds, 0, offsets, ValueLayout.JAVA_INT_UNALIGNED, Integer.BYTES, count);
            }
            default -> throw new IllegalStateException(physicalType.toString());
        }
        MemorySegment nullBits = null;
        if (hasNull) {
            int bitmapBytes = (count + 7) >>> 3;
            nullBits = allocator.allocate(Math.max(bitmapBytes, 8));
            MemorySegment.copy(nulls, 0, nullBits, ValueLayout.JAVA_BYTE, 0, bitmapBytes);
        }
        return new ColumnVector(type, count, values, offsets, nullBits);
    }
}
