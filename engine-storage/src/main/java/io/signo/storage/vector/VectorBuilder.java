package io.signo.storage.vector;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Appends values of one type into native memory and seals them into a {@link ColumnVector}. Grows
 * by doubling. Not thread safe; one builder per driver.
 */
public final class VectorBuilder
{
    private final Type type;
    private final PhysicalType physicalType;
    private final PageAllocator allocator;
    private MemorySegment values;
    private MemorySegment offsets;
    private MemorySegment nulls;
    private int positionCount;
    private int capacity;
    private int byteCount;
    private boolean hasNull;

    public VectorBuilder(Type type, int expectedPositions, PageAllocator allocator)
    {
        this.type = type;
        this.physicalType = type.physicalType();
        this.allocator = allocator;
        this.capacity = Math.max(expectedPositions, 8);
        if (physicalType == PhysicalType.BYTES) {
            values = allocator.allocate((long) capacity * 16);
            offsets = allocator.allocate((long) (capacity + 1) * Integer.BYTES);
        }
        else {
            values = allocator.allocate((long) capacity * physicalType.fixedWidth());
        }
    }

    public VectorBuilder(Type type, int expectedPositions)
    {
        this(type, expectedPositions, PageAllocator.transientPages());
    }

    public Type type()
    {
        return type;
    }

    public int positionCount()
    {
        return positionCount;
    }

    private void ensurePosition()
    {
        ensureCapacity(positionCount + 1);
    }

    private void ensureCapacity(int positions)
    {
        if (positions <= capacity) {
            return;
        }
        int newCapacity = Math.max(capacity * 2, positions);
        if (physicalType == PhysicalType.BYTES) {
            offsets = grow(offsets, (long) (newCapacity + 1) * Integer.BYTES);
        }
        else {
            values = grow(values, (long) newCapacity * physicalType.fixedWidth());
        }
        if (nulls != null) {
            nulls = grow(nulls, bitmapBytes(newCapacity));
        }
        capacity = newCapacity;
    }

    private MemorySegment grow(MemorySegment segment, long newSize)
    {
        MemorySegment larger = allocator.allocate(newSize);
        MemorySegment.copy(segment, 0, larger, 0, segment.byteSize());
        return larger;
    }

    private static long bitmapBytes(int positions)
    {
        return (positions + 7) / 8;
    }

    public void appendNull()
    {
        ensurePosition();
        if (nulls == null) {
            nulls = allocator.allocate(bitmapBytes(capacity));
        }
        hasNull = true;
        int position = positionCount;
        byte current = nulls.get(ValueLayout.JAVA_BYTE, position >>> 3);
        nulls.set(ValueLayout.JAVA_BYTE, position >>> 3, (byte) (current | (1 << (position & 7))));
        if (physicalType == PhysicalType.BYTES) {
            offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position + 1, byteCount);
        }
        positionCount++;
    }

    public void appendBoolean(boolean value)
    {
        ensurePosition();
        values.set(ValueLayout.JAVA_BYTE, positionCount++, value ? (byte) 1 : 0);
    }

    public void appendInt(int value)
    {
        ensurePosition();
        values.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, positionCount++, value);
    }

    public void appendLong(long value)
    {
        ensurePosition();
        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, positionCount++, value);
    }

    /** Appends a long DECIMAL's unscaled 128-bit value (see {@link io.signo.storage.type.Int128Math}). */
    public void appendInt128(long high, long low)
    {
        ensurePosition();
        long index = 2L * positionCount++;
        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index, low);
        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index + 1, high);
    }

    public void appendDouble(double value)
    {
        ensurePosition();
        values.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, positionCount++, value);
    }

    public void appendString(String value)
    {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        appendBytes(MemorySegment.ofArray(bytes), 0, bytes.length);
    }

    /** Appends {@code length} bytes of {@code source} starting at {@code offset} as one string. */
    public void appendBytes(MemorySegment source, long offset, int length)
    {
        ensurePosition();
        ensureBytes(length);
        MemorySegment.copy(source, offset, values, byteCount, length);
        byteCount += length;
        offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, ++positionCount, byteCount);
    }

    /** Appends a string of {@code length} bytes of {@code source} from {@code offset}. */
    public void appendBytes(byte[] source, int offset, int length)
    {
        ensurePosition();
        ensureBytes(length);
        MemorySegment.copy(source, offset, values, ValueLayout.JAVA_BYTE, byteCount, length);
        byteCount += length;
        offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, ++positionCount, byteCount);
    }

    /**
     * Appends strings {@code from .. to - 1} of a heap string column: string {@code i} is the bytes
     * {@code bytes[ends[i] .. ends[i + 1])}, NULL where {@code nulls[i]} (a NULL's bytes must be
     * empty). The strings' bytes are contiguous, so they are copied at once: a copy per string costs
     * the segment checks of both sides on every short string.
     */
    public void appendStrings(byte[] bytes, int[] ends, boolean[] nulls, int from, int to)
    {
        int count = to - from;
        if (count <= 0) {
            return;
        }
        ensureCapacity(positionCount + count);
        int first = ends[from];
        int length = ends[to] - first;
        ensureBytes(length);
        MemorySegment.copy(bytes, first, values, ValueLayout.JAVA_BYTE, byteCount, length);
        int shift = byteCount - first;
        int[] shiftedEnds = new int[count];
        for (int i = 0; i < count; i++) {
            shiftedEnds[i] = ends[from + 1 + i] + shift;
        }
        MemorySegment.copy(shiftedEnds, 0, offsets, ValueLayout.JAVA_INT_UNALIGNED, (long) (positionCount + 1) * Integer.BYTES, count);
        byteCount += length;
        for (int i = 0; i < count; i++) {
            if (nulls[from + i]) {
                setNull(positionCount + i);
            }
        }
        positionCount += count;
    }

    private void setNull(int position)
    {
        if (nulls == null) {
            nulls = allocator.allocate(bitmapBytes(capacity));
        }
        hasNull = true;
        byte current = nulls.get(ValueLayout.JAVA_BYTE, position >>> 3);
        nulls.set(ValueLayout.JAVA_BYTE, position >>> 3, (byte) (current | (1 << (position & 7))));
    }

    private void ensureBytes(int additional)
    {
        long needed = (long) byteCount + additional;
        if (needed > values.byteSize()) {
            if (needed > Integer.MAX_VALUE) {
                throw new IllegalStateException("string vector larger than 2 GB");
            }
            values = grow(values, Math.max(needed, values.byteSize() * 2));
        }
    }

    /** Appends the value at {@code position} of {@code source}, which must have this builder's physical type. */
    public void appendFrom(ColumnVector source, int position)
    {
        if (source.isNull(position)) {
            appendNull();
            return;
        }
        switch (physicalType) {
            case BYTE -> appendBoolean(source.getBoolean(position));
            case INT -> appendInt(source.getInt(position));
            case LONG -> appendLong(source.getLong(position));
            case DOUBLE -> appendDouble(source.getDouble(position));
            case INT128 -> appendInt128(source.getInt128High(position), source.getInt128Low(position));
            case BYTES -> appendBytes(source.values(), source.stringStart(position), source.stringLength(position));
        }
    }

    /** Appends positions [start, start + count) of {@code source}, which must have this builder's physical type, copying whole regions at once. */
    public void appendRange(ColumnVector source, int start, int count)
    {
        if (count == 0) {
            return;
        }
        ensureCapacity(positionCount + count);
        int width = physicalType.fixedWidth();
        // the loops in methods of their own and none here: a table writer calls this once per page and
        // column, and a loop here had C2 compile it on stack with both copies inlined, 28 KB of code, four times
        if (width > 0) {
            MemorySegment.copy(source.values(), (long) start * width, values, (long) positionCount * width, (long) count * width);
        }
        else {
            appendStringRange(source, start, count);
        }
        if (source.mayHaveNulls()) {
            appendNullRange(source, start, count);
        }
        positionCount += count;
    }

    private void appendStringRange(ColumnVector source, int start, int count)
    {
        int first = source.stringStart(start);
        int bytes = source.stringStart(start + count) - first;
        ensureBytes(bytes);
        MemorySegment.copy(source.values(), first, values, byteCount, bytes);
        int shift = byteCount - first;
        // the offsets shifted on the heap and copied in bulk: one by one, each access checked both segments
        int[] ends = new int[count];
        MemorySegment.copy(source.offsets(), ValueLayout.JAVA_INT_UNALIGNED, (long) (start + 1) * Integer.BYTES, ends, 0, count);
        for (int i = 0; i < count; i++) {
            ends[i] += shift;
        }
        MemorySegment.copy(ends, 0, offsets, ValueLayout.JAVA_INT_UNALIGNED, (long) (positionCount + 1) * Integer.BYTES, count);
        byteCount += bytes;
    }

    /** Marks the nulls of {@code source}'s positions [start, start + count), appended at positionCount on. */
    private void appendNullRange(ColumnVector source, int start, int count)
    {
        for (int i = 0; i < count; i++) {
            if (source.isNull(start + i)) {
                setNull(positionCount + i);
            }
        }
    }

    public ColumnVector build()
    {
        return new ColumnVector(type, positionCount, values, offsets, hasNull ? nulls : null);
    }
}
