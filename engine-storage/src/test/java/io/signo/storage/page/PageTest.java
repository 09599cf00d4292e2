package io.signo.storage.page;

import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageTest
{
    @Test
    void holdsColumnsOfTheSameLength()
    {
        ColumnVector keys = longs(1, 2, 3);
        ColumnVector names = strings("a", "", "ç");
        Page page = new Page(3, keys, names);
        assertEquals(3, page.positionCount());
        assertEquals(2, page.columnCount());
        assertSame(keys, page.column(0));
        assertSame(names, page.column(1));
        assertEquals(keys.retainedBytes() + names.retainedBytes(), page.retainedBytes());
    }

    @Test
    void pageWithoutColumnsStillHasRows()
    {
        Page page = new Page(5);
        assertEquals(5, page.positionCount());
        assertEquals(0, page.columnCount());
        assertEquals(0, page.retainedBytes());
    }

    @Test
    void columnLengthMismatchIsRejected()
    {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new Page(3, longs(1, 2, 3), longs(1, 2)));
        assertEquals("column has 2 positions, page has 3", error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Page(0, longs(1)));
    }

    @Test
    void selectColumnsReordersAndRepeatsWithoutCopying()
    {
        ColumnVector a = longs(1, 2);
        ColumnVector b = strings("x", "y");
        ColumnVector c = longs(7, 8);
        Page page = new Page(2, a, b, c);
        Page selected = page.selectColumns(2, 0, 2);
        assertEquals(2, selected.positionCount());
        assertEquals(3, selected.columnCount());
        assertSame(c, selected.column(0));
        assertSame(a, selected.column(1));
        assertSame(c, selected.column(2));
        assertEquals(0, page.selectColumns().columnCount());
        assertEquals(2, page.selectColumns().positionCount());
        assertThrows(IndexOutOfBoundsException.class, () -> page.selectColumns(3));
    }

    @Test
    void appendColumnsPutsTheOtherPageAfterThisOne()
    {
        ColumnVector a = longs(1, 2);
        ColumnVector b = strings("x", "y");
        ColumnVector c = longs(7, 8);
        Page left = new Page(2, a);
        Page combined = left.appendColumns(new Page(2, b, c));
        assertEquals(3, combined.columnCount());
        assertSame(a, combined.column(0));
        assertSame(b, combined.column(1));
        assertSame(c, combined.column(2));
        // the original page is unchanged
        assertEquals(1, left.columnCount());
        assertEquals(1, left.appendColumns(new Page(2)).columnCount());
    }

    @Test
    void appendColumnsOfDifferentRowCountsIsRejected()
    {
        Page left = new Page(2, longs(1, 2));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> left.appendColumns(new Page(3, longs(1, 2, 3))));
        assertTrue(error.getMessage().contains("3 positions"), error.getMessage());
    }

    private static ColumnVector longs(long... values)
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, values.length);
        for (long value : values) {
            builder.appendLong(value);
        }
        return builder.build();
    }

    private static ColumnVector strings(String... values)
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, values.length);
        for (String value : values) {
            builder.appendString(value);
        }
        return builder.build();
    }
}
