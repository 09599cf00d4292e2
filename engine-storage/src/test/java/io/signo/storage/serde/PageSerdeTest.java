package io.signo.storage.serde;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.zip.CRC32C;

import static io.signo.storage.serde.PageFormat.CHECKSUM_OFFSET;
import static io.signo.storage.serde.PageFormat.DESCRIPTOR_SIZE;
import static io.signo.storage.serde.PageFormat.HEADER_SIZE;
import static io.signo.storage.serde.PageFormat.INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageSerdeTest
{
    private static final Type[] ALL_TYPES = {
            Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.decimal(12, 2), Type.decimal(38, 4), Type.DATE, Type.varchar(25), Type.character(10)};

    @ParameterizedTest
    @EnumSource(CompressionCodec.class)
    void roundTripsEveryTypeWithAndWithoutNulls(CompressionCodec codec)
    {
        for (boolean withNulls : new boolean[] {false, true}) {
            Page page = samplePage(1000, withNulls, 7);
            Page copy = roundTrip(new PageSerializer(codec), page);
            assertPagesEqual(page, copy);
            for (int i = 0; i < copy.columnCount(); i++) {
                assertEquals(page.column(i).type(), copy.column(i).type());
                assertEquals(withNulls, copy.column(i).mayHaveNulls());
            }
        }
    }

    @Test
    void roundTripsEmptyAndMultiByteStrings()
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 4);
        builder.appendString("");
        builder.appendString("żółć ✓ 𝄞 日本");
        builder.appendNull();
        builder.appendString("");
        Page page = new Page(4, builder.build());
        for (CompressionCodec codec : CompressionCodec.values()) {
            Page copy = roundTrip(new PageSerializer(codec), page);
            assertEquals("", copy.column(0).getString(0));
            assertEquals("żółć ✓ 𝄞 日本", copy.column(0).getString(1));
            assertNull(copy.column(0).getObject(2));
            assertEquals("", copy.column(0).getString(3));
        }
    }

    @Test
    void roundTripsStringViewsWhoseOffsetsDoNotStartAtZero()
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 3);
        builder.appendString("skipped");
        builder.appendString("ab");
        builder.appendString("cde");
        ColumnVector full = builder.build();
        ColumnVector view = new ColumnVector(Type.VARCHAR, 2, full.values(), full.offsets().asSlice(Integer.BYTES), null);
        Page copy = roundTrip(new PageSerializer(CompressionCodec.NONE), new Page(2, view));
        assertEquals("ab", copy.column(0).getString(0));
        assertEquals("cde", copy.column(0).getString(1));
        assertEquals(0, copy.column(0).stringStart(0));
    }

    @Test
    void roundTripsZeroRowsAndZeroColumns()
    {
        for (CompressionCodec codec : CompressionCodec.values()) {
            PageSerializer serializer = new PageSerializer(codec);
            Page zeroRows = samplePage(0, true, 1);
            Page copy = roundTrip(serializer, zeroRows);
            assertEquals(0, copy.positionCount());
            assertEquals(ALL_TYPES.length, copy.columnCount());

            Page noColumns = roundTrip(serializer, new Page(42));
            assertEquals(42, noColumns.positionCount());
            assertEquals(0, noColumns.columnCount());
        }
    }

    @Test
    void roundTripsLargePage()
    {
        Page page = samplePage(100_000, true, 3);
        PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
        byte[] bytes = serializer.serialize(page);
        assertTrue(bytes.length <= serializer.serializedSizeUpperBound(page));
        assertPagesEqual(page, new PageDeserializer().deserialize(bytes));
    }

    @Test
    void compressesRepetitiveDataAndSendsRandomBytesRaw()
    {
        VectorBuilder repetitive = new VectorBuilder(Type.BIGINT, 10_000);
        for (int i = 0; i < 10_000; i++) {
            repetitive.appendLong(i % 10);
        }
        PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
        Page compressible = new Page(10_000, repetitive.build());
        byte[] compressed = serializer.serialize(compressible);
        assertEquals(1, compressed[5] & PageFormat.FLAG_COMPRESSED, "compressed flag set");
        assertTrue(compressed.length < serializer.serializedSizeUpperBound(compressible) / 4, "compressed to " + compressed.length);
        assertPagesEqual(compressible, new PageDeserializer().deserialize(compressed));

        Random random = new Random(1);
        VectorBuilder noise = new VectorBuilder(Type.BIGINT, 10_000);
        for (int i = 0; i < 10_000; i++) {
            noise.appendLong(random.nextLong());
        }
        Page incompressible = new Page(10_000, noise.build());
        byte[] raw = serializer.serialize(incompressible);
        assertEquals(0, raw[5] & PageFormat.FLAG_COMPRESSED, "random data falls back to raw");
        assertEquals(serializer.serializedSizeUpperBound(incompressible), raw.length);
        assertPagesEqual(incompressible, new PageDeserializer().deserialize(raw));

        SerializationStats stats = serializer.stats();
        assertEquals(2, stats.pages());
        assertEquals((long) compressed.length + raw.length, stats.wireBytes());
        assertEquals(2L * (HEADER_SIZE + DESCRIPTOR_SIZE + 80_000), stats.uncompressedBytes());
        assertTrue(stats.compressionRatio() > 1.5);
    }

    @Test
    void deserializesFromAnOffsetWithinALargerBuffer()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.LZ4).serialize(samplePage(100, true, 5));
        byte[] framed = new byte[bytes.length + 20];
        System.arraycopy(bytes, 0, framed, 10, bytes.length);
        assertPagesEqual(samplePage(100, true, 5), new PageDeserializer().deserialize(framed, 10, bytes.length, PageAllocator.transientPages()));
    }

    @Test
    void rejectsTruncatedBuffer()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.NONE).serialize(samplePage(100, false, 1));
        assertCorrupt(bytes, 0, bytes.length - 1, "truncated page");
        assertCorrupt(bytes, 0, 10, "truncated page");
    }

    @Test
    void rejectsFlippedByteByChecksum()
    {
        for (CompressionCodec codec : CompressionCodec.values()) {
            byte[] bytes = new PageSerializer(codec).serialize(samplePage(500, true, 1));
            bytes[bytes.length / 2] ^= 0x10;
            assertCorrupt(bytes, 0, bytes.length, "checksum mismatch");
        }
    }

    @Test
    void rejectsBadMagicAndVersion()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.NONE).serialize(samplePage(10, false, 1));
        byte[] badMagic = bytes.clone();
        badMagic[0] = 'X';
        assertCorrupt(badMagic, 0, badMagic.length, "bad magic");
        byte[] badVersion = bytes.clone();
        badVersion[4] = 9;
        assertCorrupt(badVersion, 0, badVersion.length, "unsupported page format version 9");
    }

    @Test
    void rejectsHugeDeclaredSizeBeforeDecompressing()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.LZ4).serialize(samplePage(1000, false, 1));
        MemorySegment.ofArray(bytes).set(INT, 16, 1 << 30);
        assertCorrupt(bytes, 0, bytes.length, "declared body size 1073741824");
        MemorySegment.ofArray(bytes).set(INT, 16, -5);
        assertCorrupt(bytes, 0, bytes.length, "declared body size -5");
    }

    @Test
    void rejectsDecompressedSizeOtherThanDeclared()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.LZ4).serialize(samplePage(1000, false, 1));
        MemorySegment header = MemorySegment.ofArray(bytes);
        header.set(INT, 16, header.get(INT, 16) + 8);
        resign(bytes);
        assertCorrupt(bytes, 0, bytes.length, "LZ4 body");
    }

    @Test
    void rejectsStringOffsetsOutOfRange()
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 3);
        builder.appendString("abc");
        builder.appendString("de");
        builder.appendString("f");
        byte[] bytes = new PageSerializer(CompressionCodec.NONE).serialize(new Page(3, builder.build()));
        long offsetsRegion = HEADER_SIZE + DESCRIPTOR_SIZE + 6;

        byte[] beyond = bytes.clone();
        MemorySegment.ofArray(beyond).set(INT, offsetsRegion + 2 * Integer.BYTES, 1000);
        resign(beyond);
        assertCorrupt(beyond, 0, beyond.length, "string offset");

        byte[] decreasing = bytes.clone();
        MemorySegment.ofArray(decreasing).set(INT, offsetsRegion + 2 * Integer.BYTES, 1);
        resign(decreasing);
        assertCorrupt(decreasing, 0, decreasing.length, "is below the previous 3");

        byte[] regionTooLong = bytes.clone();
        MemorySegment.ofArray(regionTooLong).set(INT, HEADER_SIZE + 16, 1 << 20);
        resign(regionTooLong);
        assertCorrupt(regionTooLong, 0, regionTooLong.length, "past the body");
    }

    @Test
    void rejectsPositionCountInconsistentWithRegions()
    {
        byte[] bytes = new PageSerializer(CompressionCodec.NONE).serialize(samplePage(100, false, 1));
        MemorySegment.ofArray(bytes).set(INT, 8, 101);
        resign(bytes);
        assertCorrupt(bytes, 0, bytes.length, "value bytes for 101 positions");
    }

    @Test
    void roundTripsTpchLineitemAndCompressesIt()
    {
        MemoryPool pool = new MemoryPool("serde-test", 1L << 30);
        TpchDataSet dataSet = TpchData.generateDataSet(0.01, 1, pool);
        try {
            Table lineitem = dataSet.catalog().table("lineitem");
            PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
            PageDeserializer deserializer = new PageDeserializer();
            long rows = 0;
            for (Partition partition : lineitem.partitions()) {
                for (Segment segment : partition.segments()) {
                    Page page = segment.readAll();
                    byte[] bytes = serializer.serialize(page);
                    assertPagesEqual(page, deserializer.deserialize(bytes));
                    rows += page.positionCount();
                }
            }
            assertEquals(60175, rows);
            SerializationStats stats = serializer.stats();
            assertTrue(stats.compressionRatio() > 1, "lineitem compression ratio " + stats.compressionRatio());
            assertEquals(stats.wireBytes(), deserializer.stats().wireBytes());
        }
        finally {
            dataSet.close();
        }
    }

    private static Page roundTrip(PageSerializer serializer, Page page)
    {
        byte[] bytes = serializer.serialize(page);
        return new PageDeserializer().deserialize(bytes, 0, bytes.length, PageAllocator.transientPages());
    }

    private static void assertCorrupt(byte[] bytes, int offset, int length, String messagePart)
    {
        CorruptPageException exception = assertThrows(CorruptPageException.class,
                () -> new PageDeserializer().deserialize(bytes, offset, length, PageAllocator.transientPages()));
        assertTrue(exception.getMessage().contains(messagePart), "message '" + exception.getMessage() + "' should contain '" + messagePart + "'");
    }

    /** Recomputes the checksum so a test reaches the validation behind it. */
    private static void resign(byte[] bytes)
    {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, CHECKSUM_OFFSET);
        crc.update(bytes, HEADER_SIZE, bytes.length - HEADER_SIZE);
        MemorySegment.ofArray(bytes).set(INT, CHECKSUM_OFFSET, (int) crc.getValue());
    }

    private static Page samplePage(int positionCount, boolean withNulls, long seed)
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
                    case BIGINT -> builder.appendLong(random.nextLong());
                    case DECIMAL -> {
                        if (type.isLongDecimal()) {
                            // values past a long, both signs
                            builder.appendInt128(random.nextLong(1L << 60) - (1L << 59), random.nextLong());
                        }
                        else {
                            builder.appendLong(random.nextLong(1_000_000_000L) - 1000);
                        }
                    }
                    case DOUBLE -> builder.appendDouble(random.nextDouble() * 1e6);
                    case VARCHAR, CHAR -> builder.appendString(p % 7 == 0 ? "" : "value-" + random.nextInt(1000) + (p % 3 == 0 ? "é日" : ""));
                }
            }
            columns[c] = builder.build();
        }
        return new Page(positionCount, columns);
    }

    private static void assertPagesEqual(Page expected, Page actual)
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
