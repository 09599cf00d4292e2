package io.signo.core.operator.kernel;

import io.signo.storage.type.PhysicalType;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Hashes and normalizes key columns a vector at a time, for hash joins and hash aggregation.
 *
 * <p>Fixed-width keys are normalized to a long so that equal SQL values stored at different widths
 * (an INTEGER probe key against a BIGINT build key) compare and hash equal: INT and BYTE widen,
 * DOUBLE becomes its bit pattern with -0.0 folded into 0.0 and every NaN into one NaN. String keys
 * hash their UTF-8 bytes. A NULL position normalizes to 0 and hashes to {@link #NULL_HASH}; callers
 * keep the null flags apart.
 */
public final class KeyHashing
{
    public static final long NULL_HASH = 0x6A09E667F3BCC908L;
    private static final ValueLayout.OfLong UNALIGNED_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long COMBINE_MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final int INT128_BYTES = 16;

    private KeyHashing() {}

    /** True when keys of this physical type are normalized to longs (everything but {@linkplain #isByteKey byte keys}). */
    public static boolean isLongKey(PhysicalType type)
    {
        return !isByteKey(type);
    }

    /**
     * True when keys of this physical type are hashed and compared as bytes: strings, and long
     * DECIMALs, whose 16 bytes ({@link PhysicalType#INT128}) are their value at the column's scale,
     * one key column holding one scale.
     */
    public static boolean isByteKey(PhysicalType type)
    {
        return type == PhysicalType.BYTES || type == PhysicalType.INT128;
    }

    /** Where the bytes of a byte key start in its column's values. */
    public static int keyStart(ColumnVector column, int position)
    {
        return column.type().physicalType() == PhysicalType.INT128 ? position * INT128_BYTES : column.stringStart(position);
    }

    /** How many bytes a byte key has. */
    public static int keyLength(ColumnVector column, int position)
    {
        return column.type().physicalType() == PhysicalType.INT128 ? INT128_BYTES : column.stringLength(position);
    }

    /**
     * Writes the normalized long of positions 0 .. count - 1 into {@code values} and their null flags
     * into {@code nulls}; returns true when any position is null.
     */
    public static boolean loadLongKeys(ColumnVector column, int count, long[] values, boolean[] nulls)
    {
        switch (column.type().physicalType()) {
            case BYTE -> {
                MemorySegment segment = column.values();
                for (int i = 0; i < count; i++) {
                    values[i] = segment.get(ValueLayout.JAVA_BYTE, i) != 0 ? 1 : 0;
                }
            }
            case INT -> {
                MemorySegment segment = column.values();
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
                }
            }
            case LONG -> {
                MemorySegment segment = column.values();
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                }
            }
            case DOUBLE -> {
                MemorySegment segment = column.values();
                for (int i = 0; i < count; i++) {
                    values[i] = normalizeDouble(segment.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i));
                }
            }
            case BYTES, INT128 -> throw new IllegalArgumentException("a column of byte keys has no long keys: " + column.type());
        }
        return loadNulls(column, count, values, nulls);
    }

    /**
     * {@link #loadLongKeys(ColumnVector, int, long[], boolean[])} of the rows {@code rows[0 .. count)}
     * of the column: entry i is the key of row {@code rows[i]}.
     */
    public static boolean loadLongKeys(ColumnVector column, int[] rows, int count, long[] values, boolean[] nulls)
    {
        MemorySegment segment = column.values();
        switch (column.type().physicalType()) {
            case BYTE -> {
                for (int i = 0; i < count; i++) {
                    values[i] = segment.get(ValueLayout.JAVA_BYTE, rows[i]) != 0 ? 1 : 0;
                }
            }
            case INT -> {
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows[i]);
                }
            }
            case LONG -> {
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows[i]);
                }
            }
            case DOUBLE -> {
                for (int i = 0; i < count; i++) {
                    values[i] = normalizeDouble(segment.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, rows[i]));
                }
            }
            case BYTES, INT128 -> throw new IllegalArgumentException("a column of byte keys has no long keys: " + column.type());
        }
        return loadNulls(column, rows, count, values, nulls);
    }

    /** Fills {@code nulls} for positions 0 .. count - 1 and zeroes the values of null positions, if given. */
    public static boolean loadNulls(ColumnVector column, int count, long[] valuesOrNull, boolean[] nulls)
    {
        return loadNulls(column, null, count, valuesOrNull, nulls);
    }

    /** {@link #loadNulls(ColumnVector, int, long[], boolean[])} of the rows {@code rows[0 .. count)} (of 0 .. count - 1 when null). */
    private static boolean loadNulls(ColumnVector column, int[] rows, int count, long[] valuesOrNull, boolean[] nulls)
    {
        MemorySegment bitmap = column.nulls();
        if (bitmap == null) {
            Arrays.fill(nulls, 0, count, false);
            return false;
        }
        boolean any = false;
        for (int i = 0; i < count; i++) {
            boolean isNull = ColumnVector.isNullBit(bitmap, rows == null ? i : rows[i]);
            nulls[i] = isNull;
            any |= isNull;
            if (isNull && valuesOrNull != null) {
                valuesOrNull[i] = 0;
            }
        }
        return any;
    }

    public static long normalizeDouble(double value)
    {
        // doubleToLongBits folds every NaN into one pattern; +0.0 and -0.0 are equal in SQL
        return value == 0.0 ? 0L : Double.doubleToLongBits(value);
    }

    /** Hashes normalized long keys; with {@code combine} folds them into the hashes already there. */
    public static void hashLongs(long[] values, boolean[] nulls, boolean anyNull, int count, long[] hashes, boolean combine)
    {
        if (!anyNull) {
            if (combine) {
                for (int i = 0; i < count; i++) {
                    hashes[i] = hashes[i] * COMBINE_MULTIPLIER + hashLong(values[i]);
                }
            }
            else {
                for (int i = 0; i < count; i++) {
                    hashes[i] = hashLong(values[i]);
                }
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            long hash = nulls[i] ? NULL_HASH : hashLong(values[i]);
            hashes[i] = combine ? hashes[i] * COMBINE_MULTIPLIER + hash : hash;
        }
    }

    /** Hashes the {@linkplain #isByteKey byte keys} at positions 0 .. count - 1; null positions hash to {@link #NULL_HASH}. */
    public static void hashStrings(ColumnVector column, int count, long[] hashes, boolean combine)
    {
        MemorySegment bytes = column.values();
        if (column.type().physicalType() == PhysicalType.INT128) {
            MemorySegment bitmap = column.nulls();
            for (int i = 0; i < count; i++) {
                long hash = bitmap != null && ColumnVector.isNullBit(bitmap, i) ? NULL_HASH : hashBytes(bytes, (long) i * INT128_BYTES, INT128_BYTES);
                hashes[i] = combine ? hashes[i] * COMBINE_MULTIPLIER + hash : hash;
            }
            return;
        }
        MemorySegment offsets = column.offsets();
        MemorySegment bitmap = column.nulls();
        for (int i = 0; i < count; i++) {
            long hash;
            if (bitmap != null && ColumnVector.isNullBit(bitmap, i)) {
                hash = NULL_HASH;
            }
            else {
                int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
                int end = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i + 1);
                hash = hashBytes(bytes, start, end - start);
            }
            hashes[i] = combine ? hashes[i] * COMBINE_MULTIPLIER + hash : hash;
        }
    }

    public static long hashBytes(MemorySegment segment, long start, int length)
    {
        long hash = length * COMBINE_MULTIPLIER;
        int index = 0;
        for (; index + Long.BYTES <= length; index += Long.BYTES) {
            hash = Long.rotateLeft(hash ^ segment.get(UNALIGNED_LONG, start + index) * 0xC2B2AE3D27D4EB4FL, 31) * COMBINE_MULTIPLIER;
        }
        long tail = 0;
        for (int shift = 0; index < length; index++, shift += 8) {
            tail |= (segment.get(ValueLayout.JAVA_BYTE, start + index) & 0xFFL) << shift;
        }
        return hashLong(hash ^ tail);
    }

    /** The murmur3 finalizer: every input bit affects every output bit, so low bits make good slots. */
    public static long hashLong(long value)
    {
        long hash = value;
        hash ^= hash >>> 33;
        hash *= 0xFF51AFD7ED558CCDL;
        hash ^= hash >>> 33;
        hash *= 0xC4CEB9FE1A85EC53L;
        hash ^= hash >>> 33;
        return hash;
    }

    /** True when the two string regions hold the same bytes. */
    public static boolean bytesEqual(MemorySegment left, long leftStart, int leftLength, MemorySegment right, long rightStart, int rightLength)
    {
        if (leftLength != rightLength) {
            return false;
        }
        return MemorySegment.mismatch(left, leftStart, leftStart + leftLength, right, rightStart, rightStart + rightLength) == -1;
    }

    /** Compares UTF-8 bytes as unsigned values, which orders strings by code point. */
    public static int compareBytes(MemorySegment left, long leftStart, int leftLength, MemorySegment right, long rightStart, int rightLength)
    {
        long mismatch = MemorySegment.mismatch(left, leftStart, leftStart + leftLength, right, rightStart, rightStart + rightLength);
        if (mismatch == -1) {
            return 0;
        }
        if (mismatch >= leftLength || mismatch >= rightLength) {
            return Integer.compare(leftLength, rightLength);
        }
        return Integer.compare(left.get(ValueLayout.JAVA_BYTE, leftStart + mismatch) & 0xFF, right.get(ValueLayout.JAVA_BYTE, rightStart + mismatch) & 0xFF);
    }
}
