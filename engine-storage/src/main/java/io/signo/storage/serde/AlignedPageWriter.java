package io.signo.storage.serde;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.signo.storage.serde.AlignedPageFormat.COLUMN_FLAG_NULLS;
import static io.signo.storage.serde.AlignedPageFormat.DESCRIPTOR_SIZE;
import static io.signo.storage.serde.AlignedPageFormat.INT;
import static io.signo.storage.serde.AlignedPageFormat.PAGE_HEADER_SIZE;
import static io.signo.storage.serde.AlignedPageFormat.SHORT;
import static io.signo.storage.serde.AlignedPageFormat.aligned;
import static io.signo.storage.serde.AlignedPageFormat.headerBytes;
import static io.signo.storage.serde.AlignedPageFormat.nullBitmapBytes;

/**
 * Writes pages in the {@link AlignedPageFormat}: a header, then each vector's regions handed to the
 * output as they are (a vector that is a view into a larger string region gets its offsets rebased,
 * the one part computed). Stateless.
 */
public final class AlignedPageWriter
{
    private AlignedPageWriter() {}

    /** The bytes {@link #write} appends for {@code page}. */
    public static long serializedBytes(Page page)
    {
        int positionCount = page.positionCount();
        long size = headerBytes(page.columnCount());
        for (int i = 0; i < page.columnCount(); i++) {
            ColumnVector column = page.column(i);
            size += aligned(valuesBytes(column));
            if (column.type().physicalType() == PhysicalType.BYTES) {
                size += aligned((positionCount + 1L) * Integer.BYTES);
            }
            if (column.mayHaveNulls()) {
                size += aligned(nullBitmapBytes(positionCount));
            }
        }
        return size;
    }

    /**
     * Appends {@code page} (dense, not {@link Page#isSelected selected}) to {@code output}. The header,
     * each column and a view's rebased offsets are written by separate small methods: every
     * {@code MemorySegment} access inlines its checks, and one method doing all of it compiled to
     * over 100 KiB of machine code that a worker's JIT recompiled whole whenever one part's profile
     * changed.
     */
    public static void write(Page page, RegionOutput output)
    {
        if (page.isSelected()) {
            throw new IllegalArgumentException("a selected page must be compacted before it is written");
        }
        writeHeader(page, output);
        int positionCount = page.positionCount();
        for (int i = 0; i < page.columnCount(); i++) {
            writeColumn(page.column(i), positionCount, output);
        }
    }

    private static void writeHeader(Page page, RegionOutput output)
    {
        int positionCount = page.positionCount();
        int columnCount = page.columnCount();
        MemorySegment header = output.reserve(headerBytes(columnCount));
        header.set(INT, 0, positionCount);
        header.set(INT, 4, columnCount);
        long descriptor = PAGE_HEADER_SIZE;
        for (int i = 0; i < columnCount; i++) {
            ColumnVector column = page.column(i);
            Type type = column.type();
            header.set(ValueLayout.JAVA_BYTE, descriptor, (byte) type.kind().ordinal());
            header.set(ValueLayout.JAVA_BYTE, descriptor + 1, (byte) (column.mayHaveNulls() ? COLUMN_FLAG_NULLS : 0));
            header.set(SHORT, descriptor + 2, (short) 0);
            header.set(INT, descriptor + 4, type.precision());
            header.set(INT, descriptor + 8, type.scale());
            header.set(INT, descriptor + 12, type.length());
            header.set(INT, descriptor + 16, Math.toIntExact(valuesBytes(column)));
            header.set(INT, descriptor + 20, column.mayHaveNulls() ? (int) nullBitmapBytes(positionCount) : 0);
            descriptor += DESCRIPTOR_SIZE;
        }
    }

    private static void writeColumn(ColumnVector column, int positionCount, RegionOutput output)
    {
        long valuesBytes = valuesBytes(column);
        if (column.type().physicalType() == PhysicalType.BYTES) {
            int firstOffset = column.stringStart(0);
            appendPadded(output, column.values().asSlice(firstOffset, valuesBytes));
            long offsetsBytes = (positionCount + 1L) * Integer.BYTES;
            if (firstOffset == 0) {
                appendPadded(output, column.offsets().asSlice(0, offsetsBytes));
            }
            else {
                writeRebasedOffsets(column, positionCount, firstOffset, output);
                pad(output, offsetsBytes);
            }
        }
        else if (valuesBytes > 0) {
            appendPadded(output, column.values().asSlice(0, valuesBytes));
        }
        if (column.mayHaveNulls()) {
            appendPadded(output, column.nulls().asSlice(0, nullBitmapBytes(positionCount)));
        }
    }

    /** A view into a larger string region: the layout's offsets start at 0. */
    private static void writeRebasedOffsets(ColumnVector column, int positionCount, int firstOffset, RegionOutput output)
    {
        MemorySegment offsets = output.reserve((positionCount + 1L) * Integer.BYTES);
        for (int position = 0; position <= positionCount; position++) {
            offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position, column.stringStart(position) - firstOffset);
        }
    }

    private static void appendPadded(RegionOutput output, MemorySegment region)
    {
        output.region(region);
        pad(output, region.byteSize());
    }

    private static void pad(RegionOutput output, long bytes)
    {
        int padding = (int) (aligned(bytes) - bytes);
        if (padding > 0) {
            output.zeros(padding);
        }
    }

    static long valuesBytes(ColumnVector column)
    {
        PhysicalType physicalType = column.type().physicalType();
        if (physicalType == PhysicalType.BYTES) {
            return (long) column.stringStart(column.positionCount()) - column.stringStart(0);
        }
        return (long) column.positionCount() * physicalType.fixedWidth();
    }
}
