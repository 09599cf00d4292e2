package io.signo.core.operator.sort;

import io.signo.core.operator.kernel.AddressGather;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

import static java.util.Objects.requireNonNull;

/**
 * Rows kept as the pages they came in, sorted by page address once all are in and read back in
 * sorted order, a page of at most a given number of rows at a time: ORDER BY's whole input, or a
 * table writer's run of rows for one sorted file.
 */
public final class SortedRun
{
    private final List<Type> types;
    private final RowComparator comparator;
    private final List<Page> pages = new ArrayList<>();
    private long pageBytes;
    private long[] addresses = new long[0];
    private int rowCount;
    private boolean sorted;
    private int nextRow;

    /** @param types the types of all columns of the pages added, which are also the columns read back */
    public SortedRun(List<Integer> sortChannels, List<SortOrder> orders, List<Type> types)
    {
        this.types = List.copyOf(requireNonNull(types, "types is null"));
        if (sortChannels.size() != orders.size()) {
            throw new IllegalArgumentException("sortChannels has " + sortChannels.size() + " entries, orders " + orders.size());
        }
        this.comparator = new RowComparator(sortChannels, orders, types);
    }

    public void add(Page page)
    {
        if (sorted) {
            throw new IllegalStateException("rows added to a run already sorted");
        }
        int positionCount = page.positionCount();
        if (positionCount == 0) {
            return;
        }
        int newRowCount = Math.addExact(rowCount, positionCount);
        if (newRowCount > addresses.length) {
            addresses = Arrays.copyOf(addresses, Math.max(newRowCount, addresses.length + (addresses.length >> 1)));
        }
        int pageIndex = pages.size();
        pages.add(page);
        pageBytes += page.retainedBytes();
        comparator.setPage(pageIndex, page);
        for (int position = 0; position < positionCount; position++) {
            addresses[rowCount + position] = PageAddresses.encode(pageIndex, position);
        }
        rowCount = newRowCount;
    }

    public int rowCount()
    {
        return rowCount;
    }

    /** The memory the run holds: its pages, its addresses and the sort's scratch copy of them. */
    public long retainedBytes()
    {
        return pageBytes + (long) addresses.length * Long.BYTES * 2;
    }

    /** The next rows in sorted order, at most {@code maxRows} of them; null when all were read. */
    public Page next(int maxRows, PageAllocator allocator)
    {
        if (!sorted) {
            AddressSort.sort(addresses, rowCount, comparator);
            sorted = true;
        }
        if (nextRow >= rowCount) {
            return null;
        }
        int count = Math.min(maxRows, rowCount - nextRow);
        long[] batch = Arrays.copyOfRange(addresses, nextRow, nextRow + count);
        nextRow += count;
        ColumnVector[] columns = new ColumnVector[types.size()];
        ColumnVector[] byPage = new ColumnVector[pages.size()];
        for (int channel = 0; channel < columns.length; channel++) {
            for (int page = 0; page < byPage.length; page++) {
                byPage[page] = pages.get(page).column(channel);
            }
            columns[channel] = AddressGather.gather(types.get(channel), byPage, batch, count, allocator);
        }
        return new Page(count, columns);
    }

    /**
     * All rows in sorted order, as pages of {@code pageRows} rows (the last may have fewer), built a
     * column at a time: each column of the rows kept is let go once it is copied, so that at most one
     * column is held twice rather than every row. Before it copies a column, {@code reserve} is told the
     * bytes the run then holds with room for the copy (it may throw to refuse); after, the bytes it
     * holds. The run is empty afterwards.
     */
    public List<Page> takeSorted(int pageRows, PageAllocator allocator, LongConsumer reserve)
    {
        if (!sorted) {
            AddressSort.sort(addresses, rowCount, comparator);
            sorted = true;
        }
        int pageCount = (rowCount + pageRows - 1) / pageRows;
        long[][] batches = new long[pageCount][];
        for (int page = 0; page < pageCount; page++) {
            batches[page] = Arrays.copyOfRange(addresses, page * pageRows, Math.min(rowCount, (page + 1) * pageRows));
        }
        long batchBytes = (long) rowCount * Long.BYTES;
        reserve.accept(retainedBytes() + batchBytes);
        ColumnVector[][] byChannel = new ColumnVector[types.size()][pages.size()];
        for (int page = 0; page < pages.size(); page++) {
            for (int channel = 0; channel < byChannel.length; channel++) {
                byChannel[channel][page] = pages.get(page).column(channel);
            }
        }
        long heldBytes = pageBytes + batchBytes;
        pages.clear();
        comparator.clear();
        addresses = new long[0];
        reserve.accept(heldBytes);

        ColumnVector[][] columns = new ColumnVector[pageCount][types.size()];
        for (int channel = 0; channel < byChannel.length; channel++) {
            long columnBytes = 0;
            for (ColumnVector vector : byChannel[channel]) {
                columnBytes += vector.retainedBytes();
            }
            reserve.accept(heldBytes + columnBytes);
            long copiedBytes = 0;
            for (int page = 0; page < pageCount; page++) {
                ColumnVector copy = AddressGather.gather(types.get(channel), byChannel[channel], batches[page], batches[page].length, allocator);
                columns[page][channel] = copy;
                copiedBytes += copy.retainedBytes();
            }
            byChannel[channel] = null;
            heldBytes += copiedBytes - columnBytes;
            reserve.accept(heldBytes);
        }
        List<Page> sortedPages = new ArrayList<>(pageCount);
        for (int page = 0; page < pageCount; page++) {
            sortedPages.add(new Page(batches[page].length, columns[page]));
        }
        clear();
        reserve.accept(heldBytes - batchBytes);
        return sortedPages;
    }

    /** Drops the rows, so that the run takes new ones. */
    public void clear()
    {
        pages.clear();
        comparator.clear();
        addresses = new long[0];
        pageBytes = 0;
        rowCount = 0;
        nextRow = 0;
        sorted = false;
    }
}
