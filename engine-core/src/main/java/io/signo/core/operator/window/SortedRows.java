package io.signo.core.operator.window;

import io.signo.core.operator.kernel.PageAddresses;
import io.signo.core.operator.sort.RowComparator;
import io.signo.core.operator.sort.SortOrder;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A window operator's input in sorted order, as pages of exactly {@link #PAGE_ROWS} rows (the last
 * may have fewer), so that row r is at position {@code r % PAGE_ROWS} of page {@code r / PAGE_ROWS}.
 */
final class SortedRows
{
    static final int PAGE_SHIFT = 13;
    static final int PAGE_ROWS = 1 << PAGE_SHIFT;
    static final int POSITION_MASK = PAGE_ROWS - 1;

    private final List<Page> pages;
    private final List<Type> types;
    private final int rowCount;

    /** @param types the types of the pages' columns */
    SortedRows(List<Page> pages, List<Type> types)
    {
        this.types = List.copyOf(types);
        for (int i = 0; i < pages.size() - 1; i++) {
            if (pages.get(i).positionCount() != PAGE_ROWS) {
                throw new IllegalArgumentException("page " + i + " of sorted rows has " + pages.get(i).positionCount() + " rows, not " + PAGE_ROWS);
            }
        }
        this.pages = List.copyOf(pages);
        this.rowCount = pages.isEmpty() ? 0 : (pages.size() - 1) * PAGE_ROWS + pages.getLast().positionCount();
    }

    int rowCount()
    {
        return rowCount;
    }

    ColumnVector column(int channel, int row)
    {
        return pages.get(row >>> PAGE_SHIFT).column(channel);
    }

    static int position(int row)
    {
        return row & POSITION_MASK;
    }

    /** The row an {@link #address} names. */
    static int row(long address)
    {
        return (PageAddresses.pageIndex(address) << PAGE_SHIFT) | PageAddresses.position(address);
    }

    static long address(int row)
    {
        return PageAddresses.encode(row >>> PAGE_SHIFT, row & POSITION_MASK);
    }

    /** Compares rows on {@code channels} only for equality; null when there are none, every row then being equal. */
    RowComparator equality(List<Integer> channels)
    {
        if (channels.isEmpty()) {
            return null;
        }
        return comparator(channels);
    }

    /** Compares the rows' {@link #address addresses} on {@code channels}, ascending, NULLs last. */
    RowComparator comparator(List<Integer> channels)
    {
        RowComparator comparator = new RowComparator(channels, Collections.nCopies(channels.size(), SortOrder.ASC_NULLS_LAST), types);
        for (int i = 0; i < pages.size(); i++) {
            comparator.setPage(i, pages.get(i));
        }
        return comparator;
    }

    long retainedBytes()
    {
        long bytes = 0;
        for (Page page : pages) {
            bytes += page.retainedBytes();
        }
        return bytes;
    }

    /** The rows' ends of runs of rows equal on a comparator: {@code ends[i]} is the first row after run i, in {@code [from, to)}. */
    static int[] runEnds(RowComparator equality, int from, int to)
    {
        if (equality == null) {
            return new int[] {to};
        }
        int[] ends = new int[16];
        int count = 0;
        for (int row = from + 1; row < to; row++) {
            if (equality.compare(address(row - 1), address(row)) != 0) {
                if (count == ends.length) {
                    ends = Arrays.copyOf(ends, count * 2);
                }
                ends[count++] = row;
            }
        }
        ends = Arrays.copyOf(ends, count + 1);
        ends[count] = to;
        return ends;
    }
}
