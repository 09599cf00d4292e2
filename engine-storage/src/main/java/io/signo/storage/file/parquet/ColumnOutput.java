package io.signo.storage.file.parquet;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The native memory one column of a row group is decoded into, sized for all its rows up front
 * (strings grow as they come): values, string offsets, and a null bitmap made on the first NULL.
 */
final class ColumnOutput
{
    private final PageAllocator allocator;
    private final Type type;
    private final int rowCount;
    private MemorySegment values;
    private final MemorySegment offsets;
    private MemorySegment nulls;
    private int byteCount;

    /**
     * @param expectedBytes a guess at the string bytes, from the column chunk's uncompressed size
     * @param allocator where the memory comes from: the scan's, which may reuse it for its next row group
     */
    ColumnOutput(Type type, int rowCount, long expectedBytes, PageAllocator allocator)
    {
        this.allocator = allocator;
        this.type = type;
        this.rowCount = rowCount;
        // the writers of this class write every row's value and offset (a NULL's as zero), and strings
        // are read only up to the bytes appended: nothing needs zeroing but the null bitmap
        if (type.physicalType() == PhysicalType.BYTES) {
            offsets = allocator.allocateForOverwrite((long) (rowCount + 1) * Integer.BYTES);
            values = allocator.allocateForOverwrite(Math.clamp(expectedBytes, 16, Integer.MAX_VALUE));
        }
        else {
            offsets = null;
            values = allocator.allocateForOverwrite((long) rowCount * type.physicalType().fixedWidth());
        }
    }

    static ColumnVector empty(Type type)
    {
        PageAllocator allocator = PageAllocator.transientPages();
        return new ColumnVector(type, 0, allocator.allocate(8), type.physicalType() == PhysicalType.BYTES ? allocator.allocate(Integer.BYTES) : null, null);
    }

    Type type()
    {
        return type;
    }

    MemorySegment values()
    {
        return values;
    }

    MemorySegment offsets()
    {
        return offsets;
    }

    int byteCount()
    {
        return byteCount;
    }

    void setNull(int row)
    {
        if (nulls == null) {
            nulls = allocator.allocate((rowCount + 7L) / 8);
        }
        nulls.set(ValueLayout.JAVA_BYTE, row >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, row >>> 3) | (1 << (row & 7))));
    }

    /** Appends {@code length} bytes of strings, growing the values as needed. */
    void appendBytes(byte[] source, int offset, int length)
    {
        if (length < 0) {
            throw new IllegalArgumentException("a string of negative length " + length);
        }
        ensureBytes(length);
        MemorySegment.copy(source, offset, values, ValueLayout.JAVA_BYTE, byteCount, length);
        byteCount += length;
    }

    /** Closes the strings: the end of the last row's bytes. */
    void endStrings(int rowsWritten)
    {
        offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rowsWritten, byteCount);
    }

    private void ensureBytes(long more)
    {
        long needed = byteCount + more;
        if (needed > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a row group's strings of one column exceed 2 GiB");
        }
        if (needed > values.byteSize()) {
            MemorySegment larger = allocator.allocateForOverwrite(Math.min(Integer.MAX_VALUE, Math.max(values.byteSize() * 2, needed)));
            MemorySegment.copy(values, 0, larger, 0, byteCount);
            values = larger;
        }
    }

    ColumnVector build()
    {
        return new ColumnVector(type, rowCount, type.physicalType() == PhysicalType.BYTES ? values.asSlice(0, byteCount) : values, offsets, nulls);
    }
}
