package io.signo.storage.serde;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AlignedPageFormatTest
{
    private static final Type[] ALL_TYPES = {
            Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.decimal(12, 2), Type.DATE, Type.varchar(25), Type.character(10), Type.TIMESTAMP};

    @Test
    void pagesRoundTripBackToBackAsViewsOfOneSegment()
    {
        List<Page> pages = List.of(samplePage(1000, false, 1), samplePage(333, true, 2), samplePage(0, true, 3), samplePage(1, true, 4));
        SegmentRegionOutput output = new SegmentRegionOutput(16);
        long expectedSize = 0;
        for (Page page : pages) {
            AlignedPageWriter.write(page, output);
            expectedSize += AlignedPageWriter.serializedBytes(page);
            assertEquals(expectedSize, output.size(), "serializedBytes predicts what write appends");
        }
        MemorySegment written = output.written();
        AlignedPageReader reader = new AlignedPageReader(written);
        for (Page page : pages) {
            assertTrue(reader.hasNext());
            Page copy = reader.next();
            assertPagesEqual(page, copy);
            for (int c = 0; c < copy.columnCount(); c++) {
                ColumnVector column = copy.column(c);
                assertEquals(0, column.values().address() % AlignedPageFormat.ALIGNMENT, "every region starts aligned");
                assertTrue(column.values().address() >= written.address() && column.values().address() < written.address() + written.byteSize() || column.values().byteSize() == 0,
                        "a vector is a view of the segment it was read from");
            }
        }
        assertFalse(reader.hasNext());
        assertEquals(written.byteSize(), reader.position());
    }

    @Test
    void nullBitmapsSurviveOnlyWhereTheColumnHasOne()
    {
        Page page = samplePage(100, true, 5);
        Page copy = SegmentRegionOutput.copyOf(page, PageAllocator.transientPages());
        assertPagesEqual(page, copy);
        for (int c = 0; c < copy.columnCount(); c++) {
            assertTrue(copy.column(c).mayHaveNulls());
            assertNull(copy.column(c).getObject(1));
        }
        Page dense = SegmentRegionOutput.copyOf(samplePage(100, false, 5), PageAllocator.transientPages());
        for (int c = 0; c < dense.columnCount(); c++) {
            assertFalse(dense.column(c).mayHaveNulls());
        }
    }

    @Test
    void stringViewsWhoseOffsetsDoNotStartAtZeroAreRebased()
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 3);
        builder.appendString("skipped");
        builder.appendString("ab");
        builder.appendString("żółć");
        ColumnVector full = builder.build();
        ColumnVector view = new ColumnVector(Type.VARCHAR, 2, full.values(), full.offsets().asSlice(Integer.BYTES), null);
        Page copy = SegmentRegionOutput.copyOf(new Page(2, view), PageAllocator.transientPages());
        assertEquals("ab", copy.column(0).getString(0));
        assertEquals("żółć", copy.column(0).getString(1));
        assertEquals(0, copy.column(0).stringStart(0));
        assertEquals("abżółć".getBytes(java.nio.charset.StandardCharsets.UTF_8).length, copy.column(0).values().byteSize());
    }

    @Test
    void aSelectedPageIsRefused()
    {
        Page page = samplePage(10, false, 6);
        Page selected = Page.selected(new int[] {1, 3}, 2, columns(page));
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> AlignedPageWriter.write(selected, new SegmentRegionOutput(64)));
        assertTrue(failure.getMessage().contains("selected"), failure.getMessage());
    }

    @Test
    void corruptInputFailsWithTheReason()
    {
        Page page = samplePage(50, true, 7);
        MemorySegment good = serialized(page);

        assertCorrupt(good.asSlice(0, 4), "truncated page");
        assertCorrupt(withInt(good, 0, -1), "negative position count");
        assertCorrupt(withInt(good, 4, 1 << 20), "column count");
        assertCorrupt(withInt(good, 4, 1000), "column descriptors do not fit");
        assertCorrupt(withByte(good, 8, (byte) 120), "unknown type kind");
        assertCorrupt(withByte(good, 9, (byte) 6), "unknown column flags");
        // column 1 is INTEGER: its values must be 4 bytes per position
        assertCorrupt(withInt(good, 8 + 24 + 16, 7), "value bytes for 50 positions");
        assertCorrupt(withInt(good, 8 + 24 + 20, 3), "null bitmap bytes");
        // the string column's byte count larger than what is there
        int varcharDescriptor = 8 + 6 * 24;
        assertCorrupt(withInt(good, varcharDescriptor + 16, 1 << 28), "past the");
        assertCorrupt(good.asSlice(0, good.byteSize() - 8), "past the");
        MemorySegment badOffsets = copy(good);
        long offsets = stringOffsetsOf(page, 6);
        badOffsets.set(ValueLayout.JAVA_INT_UNALIGNED, offsets + 8, -5);
        assertCorrupt(badOffsets, "string offsets decrease");
        MemorySegment badFirst = copy(good);
        badFirst.set(ValueLayout.JAVA_INT_UNALIGNED, offsets, 3);
        assertCorrupt(badFirst, "first string offset is 3");
    }

    @Test
    void theReaderNeedsAlignedNativeMemory()
    {
        MemorySegment heap = MemorySegment.ofArray(new byte[64]);
        assertThrows(IllegalArgumentException.class, () -> new AlignedPageReader(heap));
        MemorySegment misaligned = Arena.ofAuto().allocate(64, 8).asSlice(4);
        assertThrows(IllegalArgumentException.class, () -> new AlignedPageReader(misaligned));
    }

    /** Where the offsets of string column {@code channel} start in the serialized page. */
    private static long stringOffsetsOf(Page page, int channel)
    {
        long position = AlignedPageFormat.headerBytes(page.columnCount());
        for (int c = 0; c < channel; c++) {
            ColumnVector column = page.column(c);
            position += AlignedPageFormat.aligned(AlignedPageWriter.valuesBytes(column));
            if (column.type().physicalType() == io.signo.storage.type.PhysicalType.BYTES) {
                position += AlignedPageFormat.aligned((page.positionCount() + 1L) * Integer.BYTES);
            }
            if (column.mayHaveNulls()) {
                position += AlignedPageFormat.aligned(AlignedPageFormat.nullBitmapBytes(page.positionCount()));
            }
        }
        return position + AlignedPageFormat.aligned(AlignedPageWriter.valuesBytes(page.column(channel)));
    }

    private static void assertCorrupt(MemorySegment bytes, String expectedMessage)
    {
        CorruptPageException failure = assertThrows(CorruptPageException.class, () -> new AlignedPageReader(copy(bytes)).next());
        assertTrue(failure.getMessage().contains(expectedMessage), "expected '" + expectedMessage + "' in: " + failure.getMessage());
    }

    private static MemorySegment serialized(Page page)
    {
        SegmentRegionOutput output = new SegmentRegionOutput(64);
        AlignedPageWriter.write(page, output);
        return copy(output.written());
    }

    private static MemorySegment copy(MemorySegment bytes)
    {
        MemorySegment copy = Arena.ofAuto().allocate(Math.max(bytes.byteSize(), 1), 8).asSlice(0, bytes.byteSize());
        MemorySegment.copy(bytes, 0, copy, 0, bytes.byteSize());
        return copy;
    }

    private static MemorySegment withInt(MemorySegment bytes, long offset, int value)
    {
        MemorySegment copy = copy(bytes);
        copy.set(AlignedPageFormat.INT, offset, value);
        return copy;
    }

    private static MemorySegment withByte(MemorySegment bytes, long offset, byte value)
    {
        MemorySegment copy = copy(bytes);
        copy.set(ValueLayout.JAVA_BYTE, offset, value);
        return copy;
    }

    private static ColumnVector[] columns(Page page)
    {
        List<ColumnVector> columns = new ArrayList<>();
        for (int c = 0; c < page.columnCount(); c++) {
            columns.add(page.column(c));
        }
        return columns.toArray(new ColumnVector[0]);
    }

    static Page samplePage(int positionCount, boolean withNulls, long seed)
    {
        Random random = new Random(seed);
        ColumnVector[] columns = new ColumnVector[ALL_TYPES.length];
        for (int c = 0; c < ALL_TYPES.length; c++) {
            Type type = ALL_TYPES[c];
            VectorBuilder builder = new VectorBuilder(type, positionCount);
            for (int p = 0; p < positionCount; p++) {
                if (withNulls && (p % 5 == 1)) {
                    builder.appendNull();
                    continue;
                }
                switch (type.kind()) {
                    case BOOLEAN -> builder.appendBoolean(random.nextBoolean());
                    case INTEGER, DATE -> builder.appendInt(random.nextInt(20_000) - 100);
                    case BIGINT, TIMESTAMP -> builder.appendLong(random.nextLong());
                    case DECIMAL -> builder.appendLong(random.nextLong(1_000_000_000L) - 1000);
                    case DOUBLE -> builder.appendDouble(random.nextDouble() * 1e6);
                    case VARCHAR, CHAR -> builder.appendString(p % 7 == 0 ? "" : "value-" + random.nextInt(1000) + (p % 3 == 0 ? "é日" : ""));
                    default -> throw new IllegalStateException("no sample for " + type);
                }
            }
            columns[c] = builder.build();
        }
        return new Page(positionCount, columns);
    }

    static void assertPagesEqual(Page expected, Page actual)
    {
        assertEquals(expected.positionCount(), actual.positionCount());
        assertEquals(expected.columnCount(), actual.columnCount());
        for (int c = 0; c < expected.columnCount(); c++) {
            ColumnVector expectedColumn = expected.column(c);
            ColumnVector actualColumn = actual.column(c);
            assertEquals(expectedColumn.type(), actualColumn.type());
            for (int p = 0; p < expected.positionCount(); p++) {
                assertEquals(expectedColumn.getObject(p), actualColumn.getObject(p), "column " + c + " position " + p);
            }
        }
    }
}
