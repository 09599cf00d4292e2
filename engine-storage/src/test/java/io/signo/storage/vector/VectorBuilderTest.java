package io.signo.storage.vector;

import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VectorBuilderTest
{
    @Test
    void rangesAppendLikeValuesOneByOne()
    {
        for (Type type : new Type[] {Type.VARCHAR, Type.BIGINT, Type.INTEGER, Type.BOOLEAN}) {
            VectorBuilder sourceBuilder = new VectorBuilder(type, 4);
            for (int i = 0; i < 100; i++) {
                if (i % 7 == 3) {
                    sourceBuilder.appendNull();
                    continue;
                }
                switch (type.physicalType()) {
                    case BYTES -> sourceBuilder.appendString("v" + "x".repeat(i % 5) + i);
                    case LONG -> sourceBuilder.appendLong(i * 1_000_000_007L);
                    case INT -> sourceBuilder.appendInt(-i);
                    default -> sourceBuilder.appendBoolean(i % 3 == 0);
                }
            }
            ColumnVector source = sourceBuilder.build();
            VectorBuilder byRanges = new VectorBuilder(type, 2);
            VectorBuilder oneByOne = new VectorBuilder(type, 2);
            int[][] ranges = {{5, 0}, {0, 3}, {10, 40}, {3, 1}, {50, 50}, {99, 1}};
            for (int[] range : ranges) {
                byRanges.appendRange(source, range[0], range[1]);
                for (int p = range[0]; p < range[0] + range[1]; p++) {
                    oneByOne.appendFrom(source, p);
                }
            }
            ColumnVector expected = oneByOne.build();
            ColumnVector actual = byRanges.build();
            assertEquals(expected.positionCount(), actual.positionCount(), type.toString());
            for (int p = 0; p < expected.positionCount(); p++) {
                assertEquals(expected.getObject(p), actual.getObject(p), type + " at " + p);
            }
        }
    }

    @Test
    void heapStringRunsAppendLikeStringsOneByOne()
    {
        // 200 strings of 0 to 40 bytes end to end in one array, every ninth NULL (its bytes empty)
        int count = 200;
        byte[] bytes = new byte[count * 40];
        int[] ends = new int[count + 1];
        boolean[] nulls = new boolean[count];
        String[] strings = new String[count];
        for (int i = 0; i < count; i++) {
            nulls[i] = i % 9 == 4;
            strings[i] = nulls[i] ? null : "s" + i + "-".repeat(i % 38);
            byte[] value = nulls[i] ? new byte[0] : strings[i].getBytes(StandardCharsets.UTF_8);
            System.arraycopy(value, 0, bytes, ends[i], value.length);
            ends[i + 1] = ends[i] + value.length;
        }
        // a builder that starts small, so that runs grow its positions, bytes and null bitmap
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 2);
        builder.appendString("first");
        int[][] runs = {{0, 0}, {0, 5}, {5, 6}, {6, 120}, {120, 120}, {120, 200}};
        for (int[] run : runs) {
            builder.appendStrings(bytes, ends, nulls, run[0], run[1]);
        }
        builder.appendNull();
        builder.appendString("last");
        ColumnVector vector = builder.build();
        assertEquals(count + 3, vector.positionCount());
        assertEquals("first", vector.getObject(0));
        for (int i = 0; i < count; i++) {
            assertEquals(strings[i], vector.getObject(i + 1), "string " + i);
        }
        assertNull(vector.getObject(count + 1));
        assertEquals("last", vector.getObject(count + 2));
    }

    @Test
    void booleans()
    {
        VectorBuilder builder = new VectorBuilder(Type.BOOLEAN, 4);
        builder.appendBoolean(true);
        builder.appendBoolean(false);
        builder.appendNull();
        ColumnVector vector = builder.build();
        assertEquals(3, vector.positionCount());
        assertEquals(Type.BOOLEAN, vector.type());
        assertTrue(vector.getBoolean(0));
        assertFalse(vector.getBoolean(1));
        assertTrue(vector.isNull(2));
        assertEquals(true, vector.getObject(0));
        assertEquals(false, vector.getObject(1));
        assertNull(vector.getObject(2));
    }

    @Test
    void integersAndDates()
    {
        for (Type type : new Type[] {Type.INTEGER, Type.DATE}) {
            VectorBuilder builder = new VectorBuilder(type, 2);
            builder.appendInt(Integer.MIN_VALUE);
            builder.appendInt(0);
            builder.appendInt(Integer.MAX_VALUE);
            builder.appendInt(-719_162);
            ColumnVector vector = builder.build();
            assertEquals(type, vector.type());
            assertEquals(Integer.MIN_VALUE, vector.getInt(0));
            assertEquals(0, vector.getInt(1));
            assertEquals(Integer.MAX_VALUE, vector.getInt(2));
            assertEquals(-719_162, vector.getObject(3));
            assertFalse(vector.mayHaveNulls());
            assertNull(vector.nulls());
        }
    }

    @Test
    void bigintsAndDecimals()
    {
        for (Type type : new Type[] {Type.BIGINT, Type.decimal(15, 2), Type.decimal(18, 0)}) {
            VectorBuilder builder = new VectorBuilder(type, 8);
            builder.appendLong(Long.MIN_VALUE);
            builder.appendNull();
            builder.appendLong(Long.MAX_VALUE);
            builder.appendLong(-12345);
            ColumnVector vector = builder.build();
            assertEquals(Long.MIN_VALUE, vector.getLong(0));
            assertTrue(vector.isNull(1));
            assertEquals(Long.MAX_VALUE, vector.getLong(2));
            assertEquals(-12345L, vector.getObject(3));
            assertFalse(vector.isNull(3));
        }
    }

    @Test
    void doubles()
    {
        VectorBuilder builder = new VectorBuilder(Type.DOUBLE, 8);
        builder.appendDouble(1.5);
        builder.appendDouble(-0.0);
        builder.appendDouble(Double.NaN);
        builder.appendDouble(Double.NEGATIVE_INFINITY);
        builder.appendNull();
        ColumnVector vector = builder.build();
        assertEquals(1.5, vector.getDouble(0));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(vector.getDouble(1)));
        assertTrue(Double.isNaN(vector.getDouble(2)));
        assertEquals(Double.NEGATIVE_INFINITY, vector.getObject(3));
        assertNull(vector.getObject(4));
    }

    @Test
    void strings()
    {
        for (Type type : new Type[] {Type.VARCHAR, Type.varchar(10), Type.character(5)}) {
            VectorBuilder builder = new VectorBuilder(type, 4);
            builder.appendString("abc");
            builder.appendString("");
            builder.appendNull();
            builder.appendString("héllo");
            builder.appendString("日本語");
            builder.appendString("🙂!");
            ColumnVector vector = builder.build();
            assertEquals(6, vector.positionCount());
            assertEquals("abc", vector.getString(0));
            assertEquals("", vector.getString(1));
            assertEquals(0, vector.stringLength(1));
            assertFalse(vector.isNull(1));
            assertTrue(vector.isNull(2));
            assertEquals(0, vector.stringLength(2));
            assertNull(vector.getObject(2));
            assertEquals("héllo", vector.getString(3));
            assertEquals(6, vector.stringLength(3));
            assertEquals("日本語", vector.getObject(4));
            assertEquals(9, vector.stringLength(4));
            assertEquals("🙂!", vector.getString(5));
            assertEquals(5, vector.stringLength(5));
            // offsets are contiguous: each string starts where the previous one ended
            assertEquals(0, vector.stringStart(0));
            for (int position = 1; position < vector.positionCount(); position++) {
                assertEquals(vector.stringStart(position - 1) + vector.stringLength(position - 1), vector.stringStart(position));
            }
        }
    }

    @Test
    void appendBytesTakesASliceOfTheSource()
    {
        byte[] bytes = "xxhello worldyy".getBytes(StandardCharsets.UTF_8);
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 1);
        builder.appendBytes(java.lang.foreign.MemorySegment.ofArray(bytes), 2, 5);
        builder.appendBytes(java.lang.foreign.MemorySegment.ofArray(bytes), 8, 5);
        ColumnVector vector = builder.build();
        assertEquals("hello", vector.getString(0));
        assertEquals("world", vector.getString(1));
    }

    @Test
    void growsPastTheInitialCapacityForEveryType()
    {
        int count = 10_000;
        VectorBuilder booleans = new VectorBuilder(Type.BOOLEAN, 1);
        VectorBuilder ints = new VectorBuilder(Type.INTEGER, 1);
        VectorBuilder longs = new VectorBuilder(Type.BIGINT, 1);
        VectorBuilder doubles = new VectorBuilder(Type.DOUBLE, 1);
        VectorBuilder strings = new VectorBuilder(Type.VARCHAR, 1);
        for (int i = 0; i < count; i++) {
            if (i % 7 == 3) {
                booleans.appendNull();
                ints.appendNull();
                longs.appendNull();
                doubles.appendNull();
                strings.appendNull();
                continue;
            }
            booleans.appendBoolean(i % 2 == 0);
            ints.appendInt(i);
            longs.appendLong(i * 1_000_000_007L);
            doubles.appendDouble(i / 4.0);
            // long strings make the byte region grow faster than the positions
            strings.appendString("value-" + i + "-" + "é".repeat(i % 40));
        }
        ColumnVector booleanVector = booleans.build();
        ColumnVector intVector = ints.build();
        ColumnVector longVector = longs.build();
        ColumnVector doubleVector = doubles.build();
        ColumnVector stringVector = strings.build();
        for (ColumnVector vector : new ColumnVector[] {booleanVector, intVector, longVector, doubleVector, stringVector}) {
            assertEquals(count, vector.positionCount());
            assertTrue(vector.mayHaveNulls());
        }
        for (int i = 0; i < count; i++) {
            boolean isNull = i % 7 == 3;
            assertEquals(isNull, booleanVector.isNull(i), "position " + i);
            assertEquals(isNull, intVector.isNull(i));
            assertEquals(isNull, longVector.isNull(i));
            assertEquals(isNull, doubleVector.isNull(i));
            assertEquals(isNull, stringVector.isNull(i));
            if (!isNull) {
                assertEquals(i % 2 == 0, booleanVector.getBoolean(i));
                assertEquals(i, intVector.getInt(i));
                assertEquals(i * 1_000_000_007L, longVector.getLong(i));
                assertEquals(i / 4.0, doubleVector.getDouble(i));
                assertEquals("value-" + i + "-" + "é".repeat(i % 40), stringVector.getString(i));
            }
        }
    }

    @Test
    void firstNullAfterGrowthStillMarksOnlyThatPosition()
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, 1);
        for (int i = 0; i < 100; i++) {
            builder.appendLong(i);
        }
        builder.appendNull();
        builder.appendLong(101);
        ColumnVector vector = builder.build();
        for (int i = 0; i < 100; i++) {
            assertFalse(vector.isNull(i));
        }
        assertTrue(vector.isNull(100));
        assertFalse(vector.isNull(101));
        assertEquals(101, vector.getLong(101));
    }

    @Test
    void emptyVector()
    {
        for (Type type : new Type[] {Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.VARCHAR}) {
            ColumnVector vector = new VectorBuilder(type, 0).build();
            assertEquals(0, vector.positionCount());
            assertFalse(vector.mayHaveNulls());
        }
    }

    @Test
    void appendFromCopiesValuesAndNulls()
    {
        VectorBuilder source = new VectorBuilder(Type.VARCHAR, 4);
        source.appendString("one");
        source.appendNull();
        source.appendString("");
        source.appendString("ünïcödé");
        ColumnVector sourceVector = source.build();
        VectorBuilder target = new VectorBuilder(Type.VARCHAR, 1);
        for (int position = sourceVector.positionCount() - 1; position >= 0; position--) {
            target.appendFrom(sourceVector, position);
        }
        ColumnVector copy = target.build();
        assertEquals("ünïcödé", copy.getString(0));
        assertEquals("", copy.getString(1));
        assertFalse(copy.isNull(1));
        assertTrue(copy.isNull(2));
        assertEquals("one", copy.getString(3));

        VectorBuilder doubles = new VectorBuilder(Type.DOUBLE, 2);
        doubles.appendDouble(2.5);
        doubles.appendNull();
        ColumnVector doubleVector = doubles.build();
        VectorBuilder doubleTarget = new VectorBuilder(Type.DOUBLE, 2);
        doubleTarget.appendFrom(doubleVector, 1);
        doubleTarget.appendFrom(doubleVector, 0);
        ColumnVector doubleCopy = doubleTarget.build();
        assertTrue(doubleCopy.isNull(0));
        assertEquals(2.5, doubleCopy.getDouble(1));
    }

    @Test
    void allocatesFromTheGivenAllocator()
    {
        MemoryPool pool = new MemoryPool("builder", 1 << 20);
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(pool)) {
            VectorBuilder builder = new VectorBuilder(Type.BIGINT, 16, allocator);
            long initial = allocator.allocatedBytes();
            assertTrue(initial >= 16 * Long.BYTES, "initial allocation " + initial);
            for (int i = 0; i < 100; i++) {
                builder.appendLong(i);
            }
            assertTrue(allocator.allocatedBytes() > initial, "growth allocates");
            assertEquals(allocator.allocatedBytes(), pool.reservedBytes());
            ColumnVector vector = builder.build();
            assertEquals(99, vector.getLong(99));
            assertTrue(vector.retainedBytes() >= 100 * Long.BYTES);
        }
        assertEquals(0, pool.reservedBytes());
    }
}
