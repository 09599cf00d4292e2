package io.signo.storage.generator;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.HyperLogLog;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Collects the values of one column for one segment in reusable heap arrays, tracking min, max and a
 * distinct sketch as it goes, then seals them into an exactly sized native vector. Staging on the
 * heap (instead of a growing native builder) keeps a table's arena free of the dead regions that
 * doubling would leave behind. A NULL takes a position holding zero (or no bytes) with its bit set in
 * a null bitmap, which the sealed vector gets only when the segment has a NULL. Not thread safe: one
 * per column per generating thread.
 */
public final class ColumnStager
{
    private final Type type;
    private final boolean trimTrailingSpaces;
    private final ColumnSummary summary;
    private final HyperLogLog segmentDistinct = new HyperLogLog();
    private long[] longs;
    private int[] ints;
    private byte[] bytes;
    private int[] offsets;
    private byte[] nullBits;
    private int nullCount;
    private int positionCount;
    private int byteCount;
    private long minimum;
    private long maximum;
    private int minimumStart;
    private int minimumLength;
    private int maximumStart;
    private int maximumLength;

    public ColumnStager(Type type, int capacity)
    {
        this.type = type;
        this.trimTrailingSpaces = type.kind() == TypeKind.CHAR;
        this.summary = new ColumnSummary(type);
        switch (type.physicalType()) {
            case LONG -> longs = new long[capacity];
            case INT -> ints = new int[capacity];
            case BYTES -> {
                bytes = new byte[capacity * 32];
                offsets = new int[capacity + 1];
            }
            default -> throw new IllegalArgumentException("no generated column has type " + type);
        }
        nullBits = new byte[(capacity + 7) >>> 3];
        reset();
    }

    public ColumnSummary summary()
    {
        return summary;
    }

    /** BIGINT values and DECIMAL unscaled values. */
    public void appendLong(long value)
    {
        if (positionCount == longs.length) {
            longs = Arrays.copyOf(longs, positionCount * 2);
        }
        longs[positionCount++] = value;
        minimum = Math.min(minimum, value);
        maximum = Math.max(maximum, value);
        segmentDistinct.addHash(HyperLogLog.mix(value));
    }

    /** INTEGER values and DATE days since the epoch. */
    public void appendInt(int value)
    {
        if (positionCount == ints.length) {
            ints = Arrays.copyOf(ints, positionCount * 2);
        }
        ints[positionCount++] = value;
        minimum = Math.min(minimum, value);
        maximum = Math.max(maximum, value);
        segmentDistinct.addHash(HyperLogLog.mix(value));
    }

    public void appendString(String value)
    {
        int length = value.length();
        if (trimTrailingSpaces) {
            while (length > 0 && value.charAt(length - 1) == ' ') {
                length--;
            }
        }
        ensureBytes(length * 3);
        int start = byteCount;
        byte[] buffer = bytes;
        long hash = length;
        int written = 0;
        while (written < length) {
            char c = value.charAt(written);
            if (c >= 0x80) {
                break;
            }
            buffer[start + written] = (byte) c;
            hash = hash * 31 + c;
            written++;
        }
        if (written < length) {
            // not ASCII (never seen in TPC-H or TPC-DS text, but keep the bytes correct)
            byte[] encoded = value.substring(0, length).getBytes(StandardCharsets.UTF_8);
            System.arraycopy(encoded, 0, buffer, start, encoded.length);
            written = encoded.length;
            hash = Arrays.hashCode(encoded);
        }
        byteCount += written;
        if (positionCount + 1 == offsets.length) {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
        }
        offsets[++positionCount] = byteCount;
        if (positionCount - nullCount == 1 || Arrays.compareUnsigned(buffer, start, start + written, buffer, minimumStart, minimumStart + minimumLength) < 0) {
            minimumStart = start;
            minimumLength = written;
        }
        if (positionCount - nullCount == 1 || Arrays.compareUnsigned(buffer, start, start + written, buffer, maximumStart, maximumStart + maximumLength) > 0) {
            maximumStart = start;
            maximumLength = written;
        }
        segmentDistinct.addHash(HyperLogLog.mix(hash));
    }

    /** A NULL: it counts in no minimum, maximum or distinct value. */
    public void appendNull()
    {
        int position = positionCount;
        if ((position >>> 3) >= nullBits.length) {
            nullBits = Arrays.copyOf(nullBits, Math.max(nullBits.length * 2, (position >>> 3) + 1));
        }
        nullBits[position >>> 3] |= (byte) (1 << (position & 7));
        nullCount++;
        switch (type.physicalType()) {
            case LONG -> {
                if (position == longs.length) {
                    longs = Arrays.copyOf(longs, position * 2);
                }
                longs[position] = 0;
            }
            case INT -> {
                if (position == ints.length) {
                    ints = Arrays.copyOf(ints, position * 2);
                }
                ints[position] = 0;
            }
            case BYTES -> {
                if (position + 1 == offsets.length) {
                    offsets = Arrays.copyOf(offsets, offsets.length * 2);
                }
                offsets[position + 1] = byteCount;
            }
            default -> throw new IllegalStateException("unreachable");
        }
        positionCount = position + 1;
    }

    private void ensureBytes(int additional)
    {
        if (byteCount + additional > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, byteCount + additional));
        }
    }

    /** One stager per column of a table, each for {@code capacity} values. */
    public static ColumnStager[] forColumns(List<Column> columns, int capacity)
    {
        ColumnStager[] stagers = new ColumnStager[columns.size()];
        for (int c = 0; c < stagers.length; c++) {
            stagers[c] = new ColumnStager(columns.get(c).type(), capacity);
        }
        return stagers;
    }

    /**
     * The page of {@code rows} staged rows that a scan of the given columns reads, sealed into
     * transient pages: a segment generated when read keeps nothing.
     */
    public static Page transientPage(ColumnStager[] stagers, int rows, int[] columns)
    {
        ColumnStatistics[] statistics = new ColumnStatistics[stagers.length];
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            vectors[i] = stagers[columns[i]].seal(PageAllocator.transientPages(), statistics, columns[i]);
        }
        return new Page(rows, vectors);
    }

    /**
     * Copies the staged values into native memory from {@code allocator}, records this segment in
     * the column summary, returns the vector and puts its statistics into {@code statistics[column]}.
     */
    public ColumnVector seal(PageAllocator allocator, ColumnStatistics[] statistics, int column)
    {
        int count = positionCount;
        MemorySegment nulls = null;
        if (nullCount > 0) {
            int nullBytes = (count + 7) >>> 3;
            if (nullBits.length < nullBytes) {
                // the bitmap grows with NULLs only: values appended past the capacity after the last NULL are not null
                nullBits = Arrays.copyOf(nullBits, nullBytes);
            }
            nulls = allocator.allocate(nullBytes);
            MemorySegment.copy(nullBits, 0, nulls, ValueLayout.JAVA_BYTE, 0, nullBytes);
        }
        ColumnVector vector;
        switch (type.physicalType()) {
            case LONG -> {
                MemorySegment values = allocator.allocate((long) count * Long.BYTES);
                MemorySegment.copy(longs, 0, values, ValueLayout.JAVA_LONG_UNALIGNED, 0, count);
                vector = new ColumnVector(type, count, values, null, nulls);
                summary.addFixedWidth(count, nullCount, minimum, maximum, segmentDistinct);
                statistics[column] = ColumnSummary.fixedWidthStatistics(type, segmentDistinct.estimate(), count, nullCount, minimum, maximum);
            }
            case INT -> {
                MemorySegment values = allocator.allocate((long) count * Integer.BYTES);
                MemorySegment.copy(ints, 0, values, ValueLayout.JAVA_INT_UNALIGNED, 0, count);
                vector = new ColumnVector(type, count, values, null, nulls);
                summary.addFixedWidth(count, nullCount, minimum, maximum, segmentDistinct);
                statistics[column] = ColumnSummary.fixedWidthStatistics(type, segmentDistinct.estimate(), count, nullCount, minimum, maximum);
            }
            case BYTES -> {
                MemorySegment values = allocator.allocate(byteCount);
                MemorySegment.copy(bytes, 0, values, ValueLayout.JAVA_BYTE, 0, byteCount);
                MemorySegment valueOffsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
                MemorySegment.copy(offsets, 0, valueOffsets, ValueLayout.JAVA_INT_UNALIGNED, 0, count + 1);
                vector = new ColumnVector(type, count, values, valueOffsets, nulls);
                summary.addString(count, nullCount, byteCount, bytes, minimumStart, minimumLength, maximumStart, maximumLength, segmentDistinct);
                statistics[column] = ColumnSummary.stringStatistics(type, segmentDistinct.estimate(), count, nullCount, byteCount,
                        nullCount == count ? null : new String(bytes, minimumStart, minimumLength, StandardCharsets.UTF_8),
                        nullCount == count ? null : new String(bytes, maximumStart, maximumLength, StandardCharsets.UTF_8));
            }
            default -> throw new IllegalStateException("unreachable");
        }
        reset();
        return vector;
    }

    private void reset()
    {
        if (nullCount > 0) {
            Arrays.fill(nullBits, 0, Math.min(nullBits.length, (positionCount + 7) >>> 3), (byte) 0);
            nullCount = 0;
        }
        positionCount = 0;
        byteCount = 0;
        minimum = Long.MAX_VALUE;
        maximum = Long.MIN_VALUE;
        minimumStart = 0;
        minimumLength = 0;
        maximumStart = 0;
        maximumLength = 0;
        segmentDistinct.clear();
    }
}
