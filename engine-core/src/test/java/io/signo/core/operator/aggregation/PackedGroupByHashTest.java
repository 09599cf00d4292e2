package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PackedGroupByHashTest
{
    private static final Type CHAR_1 = Type.character(1);

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void layoutPacksFixedWidthAndShortStringKeysOnly()
    {
        assertTrue(PackedKeyLayout.of(List.of(CHAR_1, CHAR_1)).oneWord());
        assertTrue(PackedKeyLayout.of(List.of(Type.INTEGER, Type.varchar(3))).oneWord());
        assertFalse(PackedKeyLayout.of(List.of(Type.BIGINT, Type.INTEGER)).oneWord());
        assertNotNull(PackedKeyLayout.of(List.of(Type.DATE, Type.DOUBLE, Type.BOOLEAN, Type.varchar(2))));
        // a VARCHAR without a length is packed as if of length 7; too long, or more than two words with the null bits
        assertFalse(PackedKeyLayout.of(List.of(Type.VARCHAR, CHAR_1)).oneWord());
        assertFalse(PackedKeyLayout.of(List.of(Type.VARCHAR, Type.VARCHAR)).oneWord());
        assertNull(PackedKeyLayout.of(List.of(Type.VARCHAR, Type.BIGINT, Type.INTEGER)));
        assertNull(PackedKeyLayout.of(List.of(Type.character(8), CHAR_1)));
        assertNull(PackedKeyLayout.of(List.of(Type.BIGINT, Type.BIGINT)));
        assertNull(PackedKeyLayout.of(List.of(Type.BIGINT, Type.INTEGER, Type.INTEGER)));

        assertInstanceOf(PackedGroupByHash.class, GroupByHash.create(List.of(CHAR_1, CHAR_1)));
        assertInstanceOf(LongGroupByHash.class, GroupByHash.create(List.of(Type.BIGINT)));
        assertInstanceOf(MultiChannelGroupByHash.class, GroupByHash.create(List.of(Type.varchar(8), Type.INTEGER)));
    }

    @Test
    void twoCharKeysWithNullsAndEmptyStringsAcrossPages()
    {
        List<Type> types = List.of(CHAR_1, CHAR_1, Type.BIGINT);
        Page first = page(types, row("A", "F", 1L), row("N", "O", 2L), row(null, "F", 4L), row("", "F", 8L), row("A", null, 16L));
        Page second = page(types, row("A", "F", 32L), row(null, null, 64L), row("", "F", 128L), row(null, "F", 256L), row("A", null, 512L), row("R", "F", 1024L));
        List<Page> output = runner.run(sumBy(List.of(CHAR_1, CHAR_1)), List.of(first, second));
        assertRowsUnordered(List.of(
                row("A", "F", 33L, 2L),
                row("N", "O", 2L, 1L),
                row(null, "F", 260L, 2L),
                row("", "F", 136L, 2L),
                row("A", null, 528L, 2L),
                row(null, null, 64L, 1L),
                row("R", "F", 1024L, 1L)),
                rows(output));
    }

    /**
     * Keys of files' unbounded VARCHARs arriving as codes into each page's dictionary: pages whose
     * dictionaries differ, NULL rows (whose code names an entry longer than the one-byte field), and
     * a later page whose longer value moves the groups to wider fields, grouped as the same strings.
     */
    @Test
    void dictionaryEncodedKeysGroupAsTheirStrings()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.VARCHAR, Type.BIGINT);
        List<Page> coded = List.of(
                codedPage(List.of("AIR", "A", "F"), new int[] {1, 2, 0, 1, 2, 1}, new boolean[] {false, false, true, false, false, true}, 1),
                codedPage(List.of("F", "N", ""), new int[] {0, 1, 2, 0, 0, 1}, new boolean[] {false, true, false, false, false, false}, 64),
                codedPage(List.of("N", "MAIL", "A"), new int[] {2, 0, 1, 2, 1, 0}, new boolean[] {false, false, false, true, false, false}, 4096));
        List<Page> plain = new ArrayList<>();
        for (Page page : coded) {
            assertTrue(page.column(0).isDictionaryEncoded());
            plain.add(page(types, rows(List.of(page))));
        }
        assertRowsUnordered(rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), plain)), rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), coded)));
        assertRowsUnordered(rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), plain.subList(0, 2))),
                rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), coded.subList(0, 2))));
    }

    /** A page of two coded key columns (the second the first's codes reversed over the same entries) and a BIGINT of powers of two from {@code first}. */
    private static Page codedPage(List<String> entries, int[] codes, boolean[] nulls, long first)
    {
        int count = codes.length;
        io.signo.storage.vector.VectorBuilder builder = new io.signo.storage.vector.VectorBuilder(Type.VARCHAR, entries.size());
        entries.forEach(builder::appendString);
        io.signo.storage.vector.ColumnVector dictionary = builder.build();
        io.signo.storage.memory.PageAllocator allocator = io.signo.storage.memory.PageAllocator.transientPages();
        java.lang.foreign.MemorySegment firstCodes = allocator.allocate((long) count * Integer.BYTES);
        java.lang.foreign.MemorySegment secondCodes = allocator.allocate((long) count * Integer.BYTES);
        java.lang.foreign.MemorySegment bitmap = allocator.allocate((count + 7) / 8);
        io.signo.storage.vector.VectorBuilder values = new io.signo.storage.vector.VectorBuilder(Type.BIGINT, count);
        for (int row = 0; row < count; row++) {
            firstCodes.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, row, nulls[row] ? 0 : codes[row]);
            secondCodes.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, row, codes[count - 1 - row]);
            if (nulls[row]) {
                bitmap.set(java.lang.foreign.ValueLayout.JAVA_BYTE, row >>> 3, (byte) (bitmap.get(java.lang.foreign.ValueLayout.JAVA_BYTE, row >>> 3) | (1 << (row & 7))));
            }
            values.appendLong(first << row);
        }
        return new Page(count,
                io.signo.storage.vector.ColumnVector.dictionaryEncoded(Type.VARCHAR, count, firstCodes, dictionary, bitmap),
                io.signo.storage.vector.ColumnVector.dictionaryEncoded(Type.VARCHAR, count, secondCodes, dictionary, null),
                values.build());
    }

    @Test
    void emptyInputReturnsNoGroups()
    {
        assertEquals(0, rows(runner.run(sumBy(List.of(CHAR_1, CHAR_1)), List.of())).size());
        Page empty = page(List.of(CHAR_1, CHAR_1, Type.BIGINT), List.of());
        assertEquals(0, rows(runner.run(sumBy(List.of(CHAR_1, CHAR_1)), List.of(empty))).size());
    }

    @Test
    void keysOfDifferentLengthsAndEveryFixedWidthTypeInTwoWords()
    {
        Type varchar3 = Type.varchar(3);
        Type decimal = Type.decimal(12, 2);
        List<Type> keyTypes = List.of(varchar3, Type.INTEGER, Type.DOUBLE, Type.BOOLEAN);
        assertFalse(PackedKeyLayout.of(keyTypes).oneWord());
        List<Type> types = List.of(varchar3, Type.INTEGER, Type.DOUBLE, Type.BOOLEAN, Type.BIGINT);
        Page first = page(types,
                row("", -1, 0.0, true, 1L),
                row("a", -1, -0.0, true, 2L),
                row("ab", Integer.MIN_VALUE, Double.NaN, false, 4L),
                row("abc", Integer.MAX_VALUE, -1.5, null, 8L),
                row("", -1, -0.0, true, 16L));
        Page second = page(types,
                row("ab", Integer.MIN_VALUE, Double.NaN, false, 32L),
                row("abc", Integer.MAX_VALUE, -1.5, null, 64L),
                row(null, null, null, null, 128L),
                row("a", -1, 0.0, true, 256L));
        List<Page> output = runner.run(sumBy(keyTypes), List.of(first, second));
        assertRowsUnordered(List.of(
                row("", -1, 0.0, true, 17L, 2L),
                row("a", -1, 0.0, true, 258L, 2L),
                row("ab", Integer.MIN_VALUE, Double.NaN, false, 36L, 2L),
                row("abc", Integer.MAX_VALUE, -1.5, null, 72L, 2L),
                row(null, null, null, null, 128L, 1L)),
                rows(output));

        // a DECIMAL takes a word of its own
        List<Type> decimalKeys = List.of(decimal, Type.DATE, Type.varchar(2));
        assertFalse(PackedKeyLayout.of(decimalKeys).oneWord());
        Page decimals = page(List.of(decimal, Type.DATE, Type.varchar(2), Type.BIGINT),
                row(-12345L, -5, "x", 1L), row(Long.MIN_VALUE + 1, -5, "x", 2L), row(-12345L, -5, "x", 4L),
                row(-12345L, -5, null, 8L), row(null, 19000, "x", 16L), row(-12345L, null, "xy", 32L));
        assertRowsUnordered(List.of(
                row(-12345L, -5, "x", 5L, 2L),
                row(Long.MIN_VALUE + 1, -5, "x", 2L, 1L),
                row(-12345L, -5, null, 8L, 1L),
                row(null, 19000, "x", 16L, 1L),
                row(-12345L, null, "xy", 32L, 1L)),
                rows(runner.run(sumBy(decimalKeys), List.of(decimals))));
    }

    /** Files bring VARCHAR without a length: short values pack, and the first longer one moves the groups to the generic hash. */
    @Test
    void unboundedStringsPackUntilALongerValueComes()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.VARCHAR, Type.BIGINT);
        Page first = page(types, row("R", "F", 1L), row("N", "O", 2L), row("R", "F", 4L), row("", null, 8L), row("1234567", "N", 16L));
        Page second = page(types, row("12345678", "N", 32L), row("N", "O", 64L), row("", null, 128L));
        Page third = page(types, row("R", "F", 256L), row("12345678", "N", 512L), row("1234567", "N", 1024L));
        GroupByHash hash = GroupByHash.create(List.of(Type.VARCHAR, Type.VARCHAR));
        assertInstanceOf(PackedGroupByHash.class, hash);
        int[] channels = {0, 1};
        assertEquals(List.of(0, 1, 0, 2, 3), ids(hash.groupIds(first, channels), 5));
        assertEquals(List.of(4, 1, 2), ids(hash.groupIds(second, channels), 3));
        assertEquals(List.of(0, 4, 3), ids(hash.groupIds(third, channels), 3));

        assertRowsUnordered(List.of(
                row("R", "F", 261L, 3L),
                row("N", "O", 66L, 2L),
                row("", null, 136L, 2L),
                row("1234567", "N", 1040L, 2L),
                row("12345678", "N", 544L, 2L)),
                rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), List.of(first, second, third))));
    }

    /**
     * Unbounded strings start in one-byte fields (one word for two keys, as TPC-H Q1's flags over a file); a
     * longer value moves the groups to the seven-byte fields, and one longer still to the generic hash, each
     * move keeping the ids of the groups before it.
     */
    @Test
    void oneByteUnboundedStringsWidenTwiceKeepingEarlierGroups()
    {
        assertTrue(PackedKeyLayout.of(List.of(Type.VARCHAR, Type.VARCHAR), 1).oneWord());
        List<Type> types = List.of(Type.VARCHAR, Type.VARCHAR, Type.BIGINT);
        Page first = page(types, row("R", "F", 1L), row("N", "O", 2L), row("", null, 4L), row(null, "", 8L), row(null, null, 16L), row("R", "F", 32L));
        Page second = page(types, row("N", "O", 64L), row("AIR", "F", 128L), row(null, "", 256L), row("R", "FF", 512L));
        Page third = page(types, row("", null, 1024L), row("TRUCK", "12345678", 2048L), row("AIR", "F", 4096L), row("R", "F", 8192L));
        GroupByHash hash = GroupByHash.create(List.of(Type.VARCHAR, Type.VARCHAR));
        int[] channels = {0, 1};
        assertEquals(List.of(0, 1, 2, 3, 4, 0), ids(hash.groupIds(first, channels), 6));
        assertEquals(List.of(1, 5, 3, 6), ids(hash.groupIds(second, channels), 4));
        assertEquals(List.of(2, 7, 5, 0), ids(hash.groupIds(third, channels), 4));
        assertEquals(8, hash.groupCount());

        assertRowsUnordered(List.of(
                row("R", "F", 8225L, 3L),
                row("N", "O", 66L, 2L),
                row("", null, 1028L, 2L),
                row(null, "", 264L, 2L),
                row(null, null, 16L, 1L),
                row("AIR", "F", 4224L, 2L),
                row("R", "FF", 512L, 1L),
                row("TRUCK", "12345678", 2048L, 1L)),
                rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.VARCHAR)), List.of(first, second, third))));
    }

    @Test
    void longerMultiByteStringFallsBackKeepingEarlierGroups()
    {
        // CHAR(1) holds one character, which is two bytes in UTF-8 here: the second page does not pack
        List<Type> types = List.of(CHAR_1, CHAR_1, Type.BIGINT);
        Page first = page(types, row("A", "F", 1L), row("B", null, 2L), row("A", "F", 4L));
        Page second = page(types, row("é", "F", 8L), row("A", "F", 16L), row("B", null, 32L));
        Page third = page(types, row("A", "F", 64L), row("é", "F", 128L), row("C", "ß", 256L));
        GroupByHash hash = GroupByHash.create(List.of(CHAR_1, CHAR_1));
        int[] channels = {0, 1};
        assertEquals(List.of(0, 1, 0), ids(hash.groupIds(first, channels), 3));
        assertEquals(List.of(2, 0, 1), ids(hash.groupIds(second, channels), 3));
        assertEquals(List.of(0, 2, 3), ids(hash.groupIds(third, channels), 3));
        assertEquals(4, hash.groupCount());

        List<Page> output = runner.run(sumBy(List.of(CHAR_1, CHAR_1)), List.of(first, second, third));
        assertRowsUnordered(List.of(
                row("A", "F", 85L, 4L),
                row("B", null, 34L, 2L),
                row("é", "F", 136L, 2L),
                row("C", "ß", 256L, 1L)),
                rows(output));
    }

    @Test
    void manyGroupsAgreeWithTheGenericHash()
    {
        // VARCHAR(4) x INTEGER, 4 * 26^3 string keys of one to four letters, and nulls
        SplittableRandom random = new SplittableRandom(7);
        List<Type> types = List.of(Type.varchar(4), Type.INTEGER, Type.BIGINT);
        List<Page> pages = new ArrayList<>();
        for (int start = 0; start < 300_000; start += 8192) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 8192; i++) {
                StringBuilder key = new StringBuilder();
                int length = random.nextInt(5);
                for (int c = 0; c < length; c++) {
                    key.append((char) ('a' + random.nextInt(26)));
                }
                rows.add(row(random.nextInt(50) == 0 ? null : key.toString(), random.nextInt(20) == 0 ? null : random.nextInt(8) - 4, (long) i));
            }
            pages.add(page(types, rows));
        }
        List<List<Object>> packed = rows(runner.run(sumBy(List.of(Type.varchar(4), Type.INTEGER)), pages));
        List<List<Object>> generic = rows(runner.run(sumBy(List.of(Type.VARCHAR, Type.INTEGER)), pages));
        assertTrue(packed.size() > 100_000, "groups: " + packed.size());
        assertRowsUnordered(generic, packed);
    }

    /** GROUP BY the first {@code keyTypes.size()} columns: sum of the next column, and count(*). */
    private static HashAggregationOperatorFactory sumBy(List<Type> keyTypes)
    {
        List<Integer> channels = new ArrayList<>();
        for (int channel = 0; channel < keyTypes.size(); channel++) {
            channels.add(channel);
        }
        return new HashAggregationOperatorFactory(channels, keyTypes,
                List.of(new AggregateCall(SUM, keyTypes.size(), Type.BIGINT, Type.BIGINT), AggregateCall.countStar()),
                AggregationStep.SINGLE);
    }

    private static List<Integer> ids(int[] groupIds, int count)
    {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(groupIds[i]);
        }
        return ids;
    }
}
