package io.signo.storage.vector;

import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ColumnVectorTest
{
    private static final PageAllocator ALLOCATOR = PageAllocator.transientPages();

    @Test
    void copyPositionsWithoutSelectionCopiesThePrefix()
    {
        for (Type type : allTypes()) {
            ColumnVector vector = sample(type, false);
            ColumnVector copy = vector.copyPositions(null, 3, ALLOCATOR);
            assertEquals(3, copy.positionCount());
            assertEquals(type, copy.type());
            assertEquals(values(vector).subList(0, 3), values(copy), type.toString());
            assertFalse(copy.mayHaveNulls());
        }
    }

    @Test
    void copyPositionsGathersASelectionInItsOrderWithRepeats()
    {
        int[] positions = {4, 0, 2, 2, 5};
        for (Type type : allTypes()) {
            ColumnVector vector = sample(type, false);
            ColumnVector copy = vector.copyPositions(positions, positions.length, ALLOCATOR);
            List<Object> original = values(vector);
            List<Object> expected = new ArrayList<>();
            for (int position : positions) {
                expected.add(original.get(position));
            }
            assertEquals(expected, values(copy), type.toString());
        }
    }

    @Test
    void copyPositionsOfRunsAndScatteredPositionsGivesEachSelectedValue()
    {
        // selections as filters make them: long runs of consecutive rows (copied in bulk), short runs
        // and lone rows (copied value by value), for every layout, strings short, long and empty
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        int rows = 2000;
        List<ColumnVector> vectors = new ArrayList<>();
        for (Type type : List.of(Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.VARCHAR, Type.decimal(30, 2))) {
            VectorBuilder builder = new VectorBuilder(type, rows);
            for (int row = 0; row < rows; row++) {
                if (random.nextInt(13) == 0) {
                    builder.appendNull();
                    continue;
                }
                switch (type.kind()) {
                    case BOOLEAN -> builder.appendBoolean(random.nextBoolean());
                    case INTEGER -> builder.appendInt(random.nextInt());
                    case BIGINT -> builder.appendLong(random.nextLong());
                    case DOUBLE -> builder.appendDouble(random.nextDouble());
                    case DECIMAL -> builder.appendInt128(random.nextLong(), random.nextLong());
                    default -> builder.appendString("x".repeat(random.nextInt(3) == 0 ? random.nextInt(40) : random.nextInt(3)) + row);
                }
            }
            vectors.add(builder.build());
        }
        // strings longer on average than a short copy: a scattered selection still goes by runs
        VectorBuilder longStrings = new VectorBuilder(Type.VARCHAR, rows);
        for (int row = 0; row < rows; row++) {
            longStrings.appendString("y".repeat(20 + random.nextInt(40)) + row);
        }
        vectors.add(longStrings.build());
        for (int keepPercent : new int[] {2, 50, 98, 100}) {
            List<Integer> selected = new ArrayList<>();
            for (int row = 0; row < rows; row++) {
                if (random.nextInt(100) < keepPercent) {
                    selected.add(row);
                }
            }
            int[] positions = selected.stream().mapToInt(Integer::intValue).toArray();
            for (ColumnVector vector : vectors) {
                ColumnVector copy = vector.copyPositions(positions, positions.length, ALLOCATOR);
                assertEquals(positions.length, copy.positionCount());
                for (int i = 0; i < positions.length; i++) {
                    assertEquals(vector.getObject(positions[i]), copy.getObject(i), vector.type() + " at " + positions[i] + ", " + keepPercent + "% kept");
                }
            }
        }
    }

    @Test
    void scatterPutsEachValueAtItsRowAndIsTheInverseOfCopyPositions()
    {
        int[] rows = {1, 4, 5, 9};
        for (Type type : List.of(Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.decimal(38, 0))) {
            VectorBuilder builder = new VectorBuilder(type, rows.length);
            for (int i = 0; i < rows.length; i++) {
                switch (type.kind()) {
                    case BOOLEAN -> builder.appendBoolean(i % 2 == 0);
                    case INTEGER -> builder.appendInt(-i * 7);
                    case BIGINT -> builder.appendLong(Long.MIN_VALUE + i);
                    case DECIMAL -> builder.appendInt128(-i, Long.MIN_VALUE + i);
                    default -> {
                        if (i == 2) {
                            builder.appendNull();
                        }
                        else {
                            builder.appendDouble(i + 0.5);
                        }
                    }
                }
            }
            ColumnVector dense = builder.build();
            ColumnVector scattered = dense.scatter(rows, 12, ALLOCATOR);
            assertEquals(12, scattered.positionCount());
            for (int i = 0; i < rows.length; i++) {
                assertEquals(dense.getObject(i), scattered.getObject(rows[i]), type + " at row " + rows[i]);
            }
            assertEquals(values(dense), values(scattered.copyPositions(rows, rows.length, ALLOCATOR)), type.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> sample(Type.VARCHAR, false).scatter(new int[] {0}, 3, ALLOCATOR));
    }

    @Test
    void copyPositionsUsesOnlyTheFirstCountEntriesOfTheSelection()
    {
        ColumnVector vector = sample(Type.VARCHAR, false);
        ColumnVector copy = vector.copyPositions(new int[] {5, 1, 3, 0}, 2, ALLOCATOR);
        assertEquals(Arrays.asList(values(vector).get(5), values(vector).get(1)), values(copy));
    }

    @Test
    void copyPositionsKeepsNullsAtTheirNewPositions()
    {
        for (Type type : allTypes()) {
            ColumnVector vector = sample(type, true);
            List<Object> original = values(vector);
            assertNull(original.get(1));
            assertNull(original.get(4));

            ColumnVector prefix = vector.copyPositions(null, vector.positionCount(), ALLOCATOR);
            assertEquals(original, values(prefix), type.toString());
            assertTrue(prefix.mayHaveNulls());

            int[] positions = {4, 0, 1, 5};
            ColumnVector gathered = vector.copyPositions(positions, positions.length, ALLOCATOR);
            assertEquals(Arrays.asList(null, original.get(0), null, original.get(5)), values(gathered), type.toString());
        }
    }

    @Test
    void copyOfOnlyNonNullPositionsHasNoBitmap()
    {
        for (Type type : allTypes()) {
            ColumnVector vector = sample(type, true);
            ColumnVector copy = vector.copyPositions(new int[] {0, 2, 3}, 3, ALLOCATOR);
            assertFalse(copy.mayHaveNulls(), type.toString());
            assertEquals(Arrays.asList(values(vector).get(0), values(vector).get(2), values(vector).get(3)), values(copy));
        }
    }

    @Test
    void copyOfNothing()
    {
        for (Type type : allTypes()) {
            ColumnVector copy = sample(type, true).copyPositions(new int[0], 0, ALLOCATOR);
            assertEquals(0, copy.positionCount());
            assertFalse(copy.mayHaveNulls());
        }
    }

    @Test
    void copyIsIndependentOfTheSourceAllocator()
    {
        MemoryPool pool = MemoryPool.unbounded("copy");
        ColumnVector copy;
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(pool)) {
            VectorBuilder builder = new VectorBuilder(Type.VARCHAR, 2, allocator);
            builder.appendString("kept");
            builder.appendNull();
            copy = builder.build().copyPositions(null, 2, ALLOCATOR);
        }
        assertEquals(0, pool.reservedBytes());
        assertEquals("kept", copy.getString(0));
        assertTrue(copy.isNull(1));
    }

    @Test
    void nullBitmapBitsAreReadPerPosition()
    {
        MemorySegment bitmap = MemorySegment.ofArray(new byte[] {(byte) 0b1000_0001, 0b0000_0010});
        assertTrue(ColumnVector.isNullBit(bitmap, 0));
        assertFalse(ColumnVector.isNullBit(bitmap, 1));
        assertTrue(ColumnVector.isNullBit(bitmap, 7));
        assertFalse(ColumnVector.isNullBit(bitmap, 8));
        assertTrue(ColumnVector.isNullBit(bitmap, 9));

        ColumnVector vector = new ColumnVector(Type.INTEGER, 10, MemorySegment.ofArray(new int[10]), null, bitmap);
        assertTrue(vector.mayHaveNulls());
        assertTrue(vector.isNull(9));
        assertFalse(vector.isNull(2));
        ColumnVector withoutBitmap = new ColumnVector(Type.INTEGER, 10, MemorySegment.ofArray(new int[10]), null, null);
        assertFalse(withoutBitmap.isNull(9));
    }

    @Test
    void stringVectorNeedsOffsets()
    {
        assertThrows(NullPointerException.class, () -> new ColumnVector(Type.VARCHAR, 1, MemorySegment.ofArray(new byte[8]), null, null));
        assertThrows(NullPointerException.class, () -> new ColumnVector(null, 1, MemorySegment.ofArray(new byte[8]), null, null));
    }

    private static List<Type> allTypes()
    {
        return List.of(Type.BOOLEAN, Type.INTEGER, Type.DATE, Type.BIGINT, Type.decimal(12, 3), Type.decimal(38, 3), Type.DOUBLE, Type.VARCHAR, Type.character(3));
    }

    /** Six values of the type; with nulls, positions 1 and 4 are NULL. */
    /**
     * A dictionary-encoded vector reads as the strings its codes name (NULLs where its bitmap says),
     * through its accessors and through the strings decoded for readers that want values and
     * offsets; slices and gathers keep the codes and share the dictionary.
     */
    @Test
    void dictionaryEncodedStringsReadAsTheirEntries()
    {
        VectorBuilder entries = new VectorBuilder(Type.VARCHAR, 3);
        for (String entry : List.of("MAIL", "", "REG AIR")) {
            entries.appendString(entry);
        }
        ColumnVector dictionary = entries.build();
        int rows = 20;
        MemorySegment codes = ALLOCATOR.allocate(rows * Integer.BYTES);
        MemorySegment nulls = ALLOCATOR.allocate((rows + 7) / 8);
        List<Object> expected = new ArrayList<>();
        for (int row = 0; row < rows; row++) {
            int code = row * 7 % 3;
            if (row % 6 == 5) {
                nulls.set(java.lang.foreign.ValueLayout.JAVA_BYTE, row >>> 3, (byte) (nulls.get(java.lang.foreign.ValueLayout.JAVA_BYTE, row >>> 3) | (1 << (row & 7))));
                code = 0;
            }
            codes.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, row, code);
            expected.add(row % 6 == 5 ? null : dictionary.getString(code));
        }
        ColumnVector vector = ColumnVector.dictionaryEncoded(Type.VARCHAR, rows, codes, dictionary, nulls);
        assertTrue(vector.isDictionaryEncoded());
        assertEquals(expected, values(vector));

        ColumnVector decoded = new ColumnVector(Type.VARCHAR, rows, vector.values(), vector.offsets(), vector.nulls());
        assertFalse(decoded.isDictionaryEncoded());
        assertEquals(expected, values(decoded));
        for (int row = 0; row < rows; row++) {
            assertEquals(row % 6 == 5 ? 0 : dictionary.getString(vector.code(row)).length(), vector.stringLength(row), "row " + row);
        }

        ColumnVector region = vector.region(8, 12, ALLOCATOR);
        assertTrue(region.isDictionaryEncoded());
        assertEquals(expected.subList(8, 20), values(region));

        int[] positions = {19, 0, 1, 2, 3, 4, 5, 6, 11, 11, 17};
        ColumnVector gathered = vector.copyPositions(positions, positions.length, ALLOCATOR);
        assertTrue(gathered.isDictionaryEncoded());
        assertTrue(gathered.dictionary() == dictionary, "a gather shares the dictionary");
        List<Object> expectedGathered = new ArrayList<>();
        for (int position : positions) {
            expectedGathered.add(expected.get(position));
        }
        assertEquals(expectedGathered, values(gathered));
        assertEquals(expected.subList(0, 5), values(vector.copyPositions(null, 5, ALLOCATOR)));
    }

    @Test
    void aDictionaryIsPlainStringsWithoutNulls()
    {
        MemorySegment codes = ALLOCATOR.allocate(Integer.BYTES);
        assertThrows(IllegalArgumentException.class, () -> ColumnVector.dictionaryEncoded(Type.VARCHAR, 1, codes, new VectorBuilder(Type.VARCHAR, 1).build(), null));
        VectorBuilder withNull = new VectorBuilder(Type.VARCHAR, 1);
        withNull.appendNull();
        assertThrows(IllegalArgumentException.class, () -> ColumnVector.dictionaryEncoded(Type.VARCHAR, 1, codes, withNull.build(), null));
        VectorBuilder numbers = new VectorBuilder(Type.INTEGER, 1);
        numbers.appendInt(1);
        assertThrows(IllegalArgumentException.class, () -> ColumnVector.dictionaryEncoded(Type.INTEGER, 1, codes, numbers.build(), null));
    }

    private static ColumnVector sample(Type type, boolean withNulls)
    {
        VectorBuilder builder = new VectorBuilder(type, 2);
        for (int i = 0; i < 6; i++) {
            if (withNulls && (i == 1 || i == 4)) {
                builder.appendNull();
                continue;
            }
            switch (type.kind()) {
                case BOOLEAN -> builder.appendBoolean(i % 3 == 0);
                case INTEGER, DATE -> builder.appendInt(i * 11 - 20);
                case DECIMAL -> {
                    if (type.isLongDecimal()) {
                        // both words differ from value to value, and values of both signs
                        builder.appendInt128(i * 1_000_000_007L - 3, i * 31L - 7);
                    }
                    else {
                        builder.appendLong(i * 1_000_000_000_000L - 7);
                    }
                }
                case BIGINT -> builder.appendLong(i * 1_000_000_000_000L - 7);
                case DOUBLE -> builder.appendDouble(i * 0.25 - 1);
                case VARCHAR, CHAR -> builder.appendString(i == 2 ? "" : "s" + i + "ü".repeat(i));
            }
        }
        return builder.build();
    }

    private static List<Object> values(ColumnVector vector)
    {
        List<Object> values = new ArrayList<>();
        for (int position = 0; position < vector.positionCount(); position++) {
            values.add(vector.getObject(position));
        }
        return values;
    }
}
