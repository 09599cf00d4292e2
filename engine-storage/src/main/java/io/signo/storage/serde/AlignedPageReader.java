package io.signo.storage.serde;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.signo.storage.serde.AlignedPageFormat.ALIGNMENT;
import static io.signo.storage.serde.AlignedPageFormat.COLUMN_FLAG_NULLS;
import static io.signo.storage.serde.AlignedPageFormat.DESCRIPTOR_SIZE;
import static io.signo.storage.serde.AlignedPageFormat.INT;
import static io.signo.storage.serde.AlignedPageFormat.MAX_COLUMNS;
import static io.signo.storage.serde.AlignedPageFormat.PAGE_HEADER_SIZE;
import static io.signo.storage.serde.AlignedPageFormat.SHORT;
import static io.signo.storage.serde.AlignedPageFormat.aligned;
import static io.signo.storage.serde.AlignedPageFormat.headerBytes;
import static io.signo.storage.serde.AlignedPageFormat.nullBitmapBytes;
import static java.util.Objects.requireNonNull;

/**
 * Reads pages in the {@link AlignedPageFormat} back to back from one native segment: each vector is
 * a slice of that segment, so the pages keep it alive and nothing is copied. Every length, type and
 * string offset is checked against the segment before a vector is built; a violation raises
 * {@link CorruptPageException}. Not thread safe; one reader per segment.
 */
public final class AlignedPageReader
{
    private static final TypeKind[] TYPE_KINDS = TypeKind.values();

    private final MemorySegment pages;
    private final long size;
    private long position;

    /** {@code pages} must start at a multiple of {@link AlignedPageFormat#ALIGNMENT} bytes in native memory. */
    public AlignedPageReader(MemorySegment pages)
    {
        this.pages = requireNonNull(pages, "pages is null");
        this.size = pages.byteSize();
        if (!pages.isNative() || pages.address() % ALIGNMENT != 0) {
            throw new IllegalArgumentException("pages must be native memory aligned to " + ALIGNMENT + " bytes");
        }
    }

    public boolean hasNext()
    {
        return position < size;
    }

    /** Bytes read so far. */
    public long position()
    {
        return position;
    }

    public Page next()
    {
        long start = position;
        if (size - start < PAGE_HEADER_SIZE) {
            throw new CorruptPageException("truncated page at byte " + start + ": " + (size - start) + " bytes left, a page header needs " + PAGE_HEADER_SIZE);
        }
        int positionCount = pages.get(INT, start);
        int columnCount = pages.get(INT, start + 4);
        if (positionCount < 0) {
            throw new CorruptPageException("negative position count " + positionCount);
        }
        if (columnCount < 0 || columnCount > MAX_COLUMNS) {
            throw new CorruptPageException("column count " + columnCount + " outside [0, " + MAX_COLUMNS + "]");
        }
        long region = start + headerBytes(columnCount);
        if (region > size) {
            throw new CorruptPageException(columnCount + " column descriptors do not fit the " + (size - start) + " bytes left");
        }
        ColumnVector[] columns = new ColumnVector[columnCount];
        for (int i = 0; i < columnCount; i++) {
            long descriptor = start + PAGE_HEADER_SIZE + (long) i * DESCRIPTOR_SIZE;
            int kindOrdinal = pages.get(ValueLayout.JAVA_BYTE, descriptor) & 0xFF;
            if (kindOrdinal >= TYPE_KINDS.length) {
                throw new CorruptPageException("column " + i + ": unknown type kind " + kindOrdinal);
            }
            int columnFlags = pages.get(ValueLayout.JAVA_BYTE, descriptor + 1);
            if ((columnFlags & ~COLUMN_FLAG_NULLS) != 0 || pages.get(SHORT, descriptor + 2) != 0) {
                throw new CorruptPageException("column " + i + ": unknown column flags 0x" + Integer.toHexString(columnFlags & 0xFF));
            }
            Type type;
            try {
                type = new Type(TYPE_KINDS[kindOrdinal], pages.get(INT, descriptor + 4), pages.get(INT, descriptor + 8), pages.get(INT, descriptor + 12));
            }
            catch (IllegalArgumentException e) {
                throw new CorruptPageException("column " + i + ": " + e.getMessage(), e);
            }
            long valuesBytes = pages.get(INT, descriptor + 16);
            long nullsBytes = pages.get(INT, descriptor + 20);
            PhysicalType physicalType = type.physicalType();
            boolean strings = physicalType == PhysicalType.BYTES;
            if (strings ? valuesBytes < 0 : valuesBytes != (long) positionCount * physicalType.fixedWidth()) {
                throw new CorruptPageException("column " + i + " (" + type + "): " + valuesBytes + " value bytes for " + positionCount + " positions");
            }
            long expectedNullsBytes = (columnFlags & COLUMN_FLAG_NULLS) != 0 ? nullBitmapBytes(positionCount) : 0;
            if (nullsBytes != expectedNullsBytes) {
                throw new CorruptPageException("column " + i + " (" + type + "): " + nullsBytes + " null bitmap bytes, expected " + expectedNullsBytes);
            }
            long offsetsBytes = strings ? (positionCount + 1L) * Integer.BYTES : 0;
            long columnEnd = region + aligned(valuesBytes) + aligned(offsetsBytes) + aligned(nullsBytes);
            if (columnEnd > size) {
                throw new CorruptPageException("column " + i + " (" + type + "): regions end at byte " + columnEnd + ", past the " + size + " bytes of pages");
            }
            MemorySegment values = pages.asSlice(region, valuesBytes);
            region += aligned(valuesBytes);
            MemorySegment offsets = null;
            if (strings) {
                offsets = pages.asSlice(region, offsetsBytes);
                validateStringOffsets(offsets, positionCount, valuesBytes, i);
                region += aligned(offsetsBytes);
            }
            MemorySegment nulls = null;
            if (nullsBytes > 0) {
                nulls = pages.asSlice(region, nullsBytes);
                region += aligned(nullsBytes);
            }
            columns[i] = new ColumnVector(type, positionCount, values, offsets, nulls);
        }
        position = region;
        return new Page(positionCount, columns);
    }

    private static void validateStringOffsets(MemorySegment offsets, int positionCount, long valuesBytes, int column)
    {
        int previous = offsets.getAtIndex(ValueLayout.JAVA_INT, 0);
        if (previous != 0) {
            throw new CorruptPageException("column " + column + ": first string offset is " + previous + ", expected 0");
        }
        // one pass without an early exit, which the loop does not need to stay fast
        boolean decreasing = false;
        for (int p = 1; p <= positionCount; p++) {
            int current = offsets.getAtIndex(ValueLayout.JAVA_INT, p);
            decreasing |= current < previous;
            previous = current;
        }
        if (decreasing) {
            throw new CorruptPageException("column " + column + ": string offsets decrease");
        }
        if (previous != valuesBytes) {
            throw new CorruptPageException("column " + column + ": last string offset " + previous + " does not match the " + valuesBytes + " string bytes");
        }
    }
}
