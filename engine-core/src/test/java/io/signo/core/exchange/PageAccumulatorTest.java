package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageAccumulatorTest
{
    /** Rows (id BIGINT, flag BOOLEAN, day DATE, price DOUBLE, name VARCHAR): NULLs where id % 7 == 3 (flag, price) and id % 5 == 2 (name). */
    private static Page page(long firstId, int rowCount)
    {
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, rowCount);
        VectorBuilder flags = new VectorBuilder(Type.BOOLEAN, rowCount);
        VectorBuilder days = new VectorBuilder(Type.DATE, rowCount);
        VectorBuilder prices = new VectorBuilder(Type.DOUBLE, rowCount);
        VectorBuilder names = new VectorBuilder(Type.VARCHAR, rowCount);
        for (long id = firstId; id < firstId + rowCount; id++) {
            ids.appendLong(id);
            days.appendInt((int) (id % 10_000));
            if (id % 7 == 3) {
                flags.appendNull();
                prices.appendNull();
            }
            else {
                flags.appendBoolean(id % 2 == 0);
                prices.appendDouble(id * 0.25);
            }
            if (id % 5 == 2) {
                names.appendNull();
            }
            else {
                names.appendString(id % 11 == 0 ? "" : "name-" + id + "-" + "x".repeat((int) (id % 40)));
            }
        }
        return new Page(rowCount, ids.build(), flags.build(), days.build(), prices.build(), names.build());
    }

    private static void assertRow(Page page, int position, long id)
    {
        assertEquals(id, page.column(0).getLong(position));
        assertEquals((int) (id % 10_000), page.column(2).getInt(position));
        if (id % 7 == 3) {
            assertTrue(page.column(1).isNull(position), "flag of " + id);
            assertTrue(page.column(3).isNull(position), "price of " + id);
        }
        else {
            assertFalse(page.column(1).isNull(position));
            assertEquals(id % 2 == 0, page.column(1).getBoolean(position));
            assertEquals(id * 0.25, page.column(3).getDouble(position));
        }
        if (id % 5 == 2) {
            assertTrue(page.column(4).isNull(position), "name of " + id);
        }
        else {
            assertEquals(id % 11 == 0 ? "" : "name-" + id + "-" + "x".repeat((int) (id % 40)), page.column(4).getString(position));
        }
    }

    @Test
    void gathersAnEmptyStringWhoseBytesEndFifteenBytesPastIt()
    {
        // a string column over memory of its own size (a page read from the network): "hello", then
        // three empty strings at byte 5, the column's memory ending 15 bytes past them
        MemorySegment bytes = Arena.ofAuto().allocate(20);
        bytes.setString(0, "hello", StandardCharsets.US_ASCII);
        MemorySegment offsets = Arena.ofAuto().allocate(5 * Integer.BYTES);
        int[] ends = {0, 5, 5, 5, 5};
        for (int i = 0; i < ends.length; i++) {
            offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, ends[i]);
        }
        Page input = new Page(4, new ColumnVector(Type.VARCHAR, 4, bytes, offsets, null));
        PageAccumulator accumulator = new PageAccumulator();
        accumulator.append(input, new int[] {3, 0, 1}, 3);
        Page gathered = accumulator.view();
        assertEquals(3, gathered.positionCount());
        assertEquals("", gathered.column(0).getString(0));
        assertEquals("hello", gathered.column(0).getString(1));
        assertEquals("", gathered.column(0).getString(2));
    }

    @Test
    void scatterColumnByColumnKeepsEveryRowAndNull()
    {
        Page input = page(0, 3000);
        PageAccumulator even = new PageAccumulator();
        PageAccumulator odd = new PageAccumulator();
        int[] evenRows = new int[input.positionCount()];
        int[] oddRows = new int[input.positionCount()];
        int evenCount = 0;
        int oddCount = 0;
        for (int row = 0; row < input.positionCount(); row++) {
            if (row % 2 == 0) {
                evenRows[evenCount++] = row;
            }
            else {
                oddRows[oddCount++] = row;
            }
        }
        even.prepare(input);
        odd.prepare(input);
        for (int column = 0; column < input.columnCount(); column++) {
            even.appendColumn(column, input.column(column), evenRows, evenCount);
            odd.appendColumn(column, input.column(column), oddRows, oddCount);
        }
        even.commit(evenCount);
        odd.commit(oddCount);
        Page evenPage = even.view();
        Page oddPage = odd.view();
        assertEquals(1500, evenPage.positionCount());
        assertEquals(1500, oddPage.positionCount());
        for (int i = 0; i < 1500; i++) {
            assertRow(evenPage, i, 2L * i);
            assertRow(oddPage, i, 2L * i + 1);
        }
        assertEquals(evenPage.retainedBytes(), even.bytes());
    }

    /**
     * Runs of consecutive rows (one bulk copy per column, a string run's offsets shifted) mixed with
     * scattered rows and single rows, from the middle of a page (its strings then start far from byte
     * 0) and from a region of another page (a view of its memory), land in order with their NULLs.
     */
    @Test
    void appendsRunsOfConsecutiveRowsAndScatteredRowsAlike()
    {
        Page whole = page(0, 400);
        Page view = page(1000, 600);
        ColumnVector[] middle = new ColumnVector[view.columnCount()];
        for (int column = 0; column < middle.length; column++) {
            middle[column] = view.column(column).region(248, 300, io.signo.storage.memory.PageAllocator.transientPages());
        }
        Page shifted = new Page(300, middle);
        int[][] selections = {range(10, 130), {131, 133, 134, 200}, {250}, range(0, 300), {5, 6, 8}, range(299, 300)};
        Page[] sources = {whole, whole, whole, shifted, shifted, shifted};
        long[] firstIds = {0, 0, 0, 1248, 1248, 1248};
        PageAccumulator accumulator = new PageAccumulator();
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < selections.length; i++) {
            int[] positions = selections[i];
            accumulator.prepare(sources[i]);
            for (int column = 0; column < sources[i].columnCount(); column++) {
                accumulator.appendColumn(column, sources[i].column(column), positions, positions.length);
            }
            accumulator.commit(positions.length);
            for (int position : positions) {
                expected.add(firstIds[i] + position);
            }
        }
        Page accumulated = accumulator.view();
        assertEquals(expected.size(), accumulated.positionCount());
        for (int row = 0; row < expected.size(); row++) {
            assertRow(accumulated, row, expected.get(row));
        }
        assertEquals(accumulated.retainedBytes(), accumulator.bytes());
    }

    private static int[] range(int from, int to)
    {
        int[] positions = new int[to - from];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = from + i;
        }
        return positions;
    }

    @Test
    void scattersLongDecimalsWordForWord()
    {
        // a DECIMAL(38, 2) is two longs a value: both words travel, the high one carrying the sign
        Type type = Type.decimal(38, 2);
        int rowCount = 1000;
        VectorBuilder decimals = new VectorBuilder(type, rowCount);
        for (int row = 0; row < rowCount; row++) {
            if (row % 7 == 3) {
                decimals.appendNull();
            }
            else {
                decimals.appendInt128(row % 2 == 0 ? row : -row - 1, row * 1_000_003L);
            }
        }
        Page input = new Page(rowCount, decimals.build());
        PageAccumulator accumulator = new PageAccumulator();
        int[] rows = new int[rowCount / 2];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = rowCount - 1 - 2 * i;
        }
        accumulator.prepare(input);
        accumulator.appendColumn(0, input.column(0), rows, rows.length);
        accumulator.commit(rows.length);
        Page output = accumulator.view();
        assertEquals(rows.length, output.positionCount());
        for (int i = 0; i < rows.length; i++) {
            int row = rows[i];
            assertEquals(row % 7 == 3, output.column(0).isNull(i), "row " + row);
            if (row % 7 != 3) {
                assertEquals(row % 2 == 0 ? row : -row - 1, output.column(0).getInt128High(i), "row " + row);
                assertEquals(row * 1_000_003L, output.column(0).getInt128Low(i), "row " + row);
            }
        }
    }

    @Test
    void coalescesSmallPagesGrowingItsBuffersAndIsReusedAfterReset()
    {
        PageAccumulator accumulator = new PageAccumulator();
        long next = 0;
        for (int round = 0; round < 3; round++) {
            long first = next;
            // 7-row pages, far past the first buffers' capacity
            for (int i = 0; i < 700; i++) {
                accumulator.appendAll(page(next, 7));
                next += 7;
            }
            Page view = accumulator.view();
            assertEquals(4900, view.positionCount());
            for (int position = 0; position < view.positionCount(); position++) {
                assertRow(view, position, first + position);
            }
            assertEquals(view.retainedBytes(), accumulator.bytes());
            accumulator.reset();
            assertEquals(0, accumulator.positionCount());
            assertEquals(0, accumulator.bytes());
        }
        // after a reset, a page without NULLs has no null bitmap left over from before
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, 2);
        ids.appendLong(1);
        ids.appendLong(2);
        VectorBuilder flags = new VectorBuilder(Type.BOOLEAN, 2);
        flags.appendBoolean(true);
        flags.appendBoolean(false);
        VectorBuilder days = new VectorBuilder(Type.DATE, 2);
        days.appendInt(1);
        days.appendInt(2);
        VectorBuilder prices = new VectorBuilder(Type.DOUBLE, 2);
        prices.appendDouble(1);
        prices.appendDouble(2);
        VectorBuilder names = new VectorBuilder(Type.VARCHAR, 2);
        names.appendString("a");
        names.appendString("b");
        accumulator.appendAll(new Page(2, ids.build(), flags.build(), days.build(), prices.build(), names.build()));
        Page view = accumulator.view();
        for (int column = 0; column < view.columnCount(); column++) {
            assertFalse(view.column(column).mayHaveNulls(), "column " + column);
        }
        assertEquals("b", view.column(4).getString(1));
    }

    @Test
    void appendsRowsOfStringViewsAndMixesAppendKinds()
    {
        Page input = page(100, 50);
        ColumnVector names = input.column(4);
        // rows 10 .. 49 as a view whose string offsets do not start at 0
        Page region = input.region(8, 40, io.signo.storage.memory.PageAllocator.transientPages());
        PageAccumulator accumulator = new PageAccumulator();
        accumulator.appendAll(region);
        accumulator.append(input, new int[] {0, 49}, 2);
        Page view = accumulator.view();
        assertEquals(42, view.positionCount());
        List<Long> ids = new ArrayList<>();
        for (int position = 0; position < 40; position++) {
            assertRow(view, position, 108 + position);
            ids.add(view.column(0).getLong(position));
        }
        assertRow(view, 40, 100);
        assertRow(view, 41, 149);
        assertEquals(names.getString(1), input.column(4).getString(1));
    }

    @Test
    void pagesOfAnotherShapeAreRefused()
    {
        PageAccumulator accumulator = new PageAccumulator();
        accumulator.appendAll(page(0, 3));
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, 1);
        ids.appendLong(1);
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> accumulator.appendAll(new Page(1, ids.build())));
        assertTrue(failure.getMessage().contains("page of 1 columns after pages of 5"), failure.getMessage());
    }

    @Test
    void detachedRowsStayWhileTheAccumulatorGoesOnAndComeBackWithoutNulls()
    {
        PageAccumulator accumulator = new PageAccumulator();
        // ids 0 .. 2999: NULLs in flag, price and name
        accumulator.appendAll(page(0, 3000));
        PageAccumulator.Detached first = accumulator.detach();
        assertEquals(0, accumulator.positionCount());
        assertEquals(0, accumulator.bytes());
        // the accumulator goes on with other buffers: the detached page does not change
        accumulator.appendAll(page(10_000, 2000));
        for (int i = 0; i < 3000; i++) {
            assertRow(first.page(), i, i);
        }
        first.release().run();
        PageAccumulator.Detached second = accumulator.detach();
        // goes on in the first page's buffers: rows of ids without any NULL (id % 7 != 3 and id % 5 != 2) must read as not NULL
        int[] rows = new int[400];
        int count = 0;
        Page input = page(20_000, 400);
        for (int row = 0; row < 400; row++) {
            long id = 20_000 + row;
            if (id % 7 != 3 && id % 5 != 2) {
                rows[count++] = row;
            }
        }
        accumulator.append(input, rows, count);
        Page third = accumulator.view();
        assertEquals(count, third.positionCount());
        for (int i = 0; i < count; i++) {
            assertRow(third, i, 20_000 + rows[i]);
        }
        for (int i = 0; i < 2000; i++) {
            assertRow(second.page(), i, 10_000 + i);
        }
        second.release().run();
    }
}
