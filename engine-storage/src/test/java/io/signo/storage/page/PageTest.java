package io.signo.storage.page;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void selectedPageHoldsSomeRowsUncopiedUntilCompacted()
    {
        ColumnVector keys = longs(10, 20, 30, 40);
        ColumnVector names = strings("a", "bb", "", "dddd");
        int[] rows = {1, 3, 99};
        Page page = Page.selected(rows, 2, keys, names);
        assertTrue(page.isSelected());
        assertEquals(2, page.positionCount());
        assertSame(rows, page.rows());
        assertSame(keys, page.column(0));
        assertTrue(page.selectColumns(1).isSelected());
        assertSame(rows, page.selectColumns(1).rows());
        assertEquals(2, page.selectColumns(1).positionCount());
        assertEquals(1, page.selectColumns(1).columnCount());

        int[] positions = {1, 0};
        assertArrayEquals(new int[] {3, 1}, page.rowsAt(positions, 2, new int[2]));
        assertSame(positions, new Page(4, keys).rowsAt(positions, 2, new int[2]));

        Page dense = page.compact(PageAllocator.transientPages());
        assertFalse(dense.isSelected());
        assertEquals(2, dense.positionCount());
        assertEquals(20L, dense.column(0).getLong(0));
        assertEquals(40L, dense.column(0).getLong(1));
        assertEquals("bb", dense.column(1).getString(0));
        assertEquals("dddd", dense.column(1).getString(1));
        Page plain = new Page(4, keys);
        assertSame(plain, plain.compact(PageAllocator.transientPages()));
        assertFalse(plain.isSelected());
    }

    @Test
    void selectedPageRejectsRowsOutsideItsColumns()
    {
        ColumnVector keys = longs(1, 2, 3);
        assertEquals("selected rows outside the columns' 3 positions",
                assertThrows(IllegalArgumentException.class, () -> Page.selected(new int[] {0, 3}, 2, keys)).getMessage());
        assertEquals("count 3 outside the 2 selected rows",
                assertThrows(IllegalArgumentException.class, () -> Page.selected(new int[] {0, 1}, 3, keys)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Page.selected(new int[] {0}, 1, keys, longs(1, 2)));
        assertThrows(IllegalStateException.class, () -> Page.selected(new int[] {0}, 1, keys).appendColumns(new Page(1, longs(5))));
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
