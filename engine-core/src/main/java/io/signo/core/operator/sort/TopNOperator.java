package io.signo.core.operator.sort;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.kernel.AddressGather;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * ORDER BY ... LIMIT n: keeps only the best {@code count} rows seen so far in a heap of page
 * addresses whose root is the worst kept row. A page is dropped once none of its rows is kept;
 * when kept pages hold many more rows than the heap, the kept rows are compacted into one page.
 * On finish, emits the kept rows in order.
 */
public final class TopNOperator
        implements Operator
{
    public static final class TopNOperatorFactory
            implements OperatorFactory
    {
        private final int count;
        private final List<Integer> sortChannels;
        private final List<SortOrder> orders;
        private final List<Type> types;

        /** @param types the types of all input columns, which are also the output columns */
        public TopNOperatorFactory(int count, List<Integer> sortChannels, List<SortOrder> orders, List<Type> types)
        {
            if (count < 0) {
                throw new IllegalArgumentException("count is negative: " + count);
            }
            this.count = count;
            this.sortChannels = List.copyOf(requireNonNull(sortChannels, "sortChannels is null"));
            this.orders = List.copyOf(requireNonNull(orders, "orders is null"));
            this.types = List.copyOf(requireNonNull(types, "types is null"));
            if (sortChannels.size() != orders.size()) {
                throw new IllegalArgumentException("sortChannels has " + sortChannels.size() + " entries, orders " + orders.size());
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TopNOperator(context, this);
        }

        @Override
        public String name()
        {
            return "TopN";
        }
    }

    private final OperatorContext context;
    private final int count;
    private final List<Type> types;
    private final RowComparator comparator;
    private final List<Page> pages = new ArrayList<>();
    private int[] keptRowsByPage = new int[8];
    private long keptPagePositions;
    private long keptPageBytes;
    private long[] heap = new long[0];
    private int heapSize;
    private boolean finishing;
    private long[] sortedRows;
    private int nextRow;
    private boolean done;

    private TopNOperator(OperatorContext context, TopNOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.count = factory.count;
        this.types = factory.types;
        this.comparator = new RowComparator(factory.sortChannels, factory.orders, factory.types);
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && count > 0;
    }

    @Override
    public void addInput(Page page)
    {
        int positionCount = page.positionCount();
        if (positionCount == 0 || count == 0) {
            return;
        }
        int pageIndex = pages.size();
        int keptRowsCapacity = pageIndex >= keptRowsByPage.length ? pageIndex * 2 : keptRowsByPage.length;
        int heapCapacity = heap.length < Math.min(count, heapSize + positionCount)
                ? (int) Math.min(count, Math.max((long) heapSize + positionCount, heap.length * 2L))
                : heap.length;
        // reserve before growing: a refused reservation leaves the operator as it was
        context.memory().setBytes(keptPageBytes + page.retainedBytes() + retainedArrayBytes(heapCapacity, keptRowsCapacity));
        pages.add(page);
        comparator.setPage(pageIndex, page);
        if (keptRowsCapacity > keptRowsByPage.length) {
            keptRowsByPage = Arrays.copyOf(keptRowsByPage, keptRowsCapacity);
        }
        keptPagePositions += positionCount;
        keptPageBytes += page.retainedBytes();
        if (heapCapacity > heap.length) {
            heap = Arrays.copyOf(heap, heapCapacity);
        }
        for (int position = 0; position < positionCount; position++) {
            long address = PageAddresses.encode(pageIndex, position);
            if (heapSize < count) {
                heap[heapSize] = address;
                siftUp(heapSize);
                heapSize++;
                keptRowsByPage[pageIndex]++;
            }
            else if (comparator.compare(address, heap[0]) < 0) {
                int evictedPage = PageAddresses.pageIndex(heap[0]);
                heap[0] = address;
                siftDown();
                keptRowsByPage[pageIndex]++;
                if (--keptRowsByPage[evictedPage] == 0 && evictedPage != pageIndex) {
                    dropPage(evictedPage);
                }
            }
        }
        if (keptRowsByPage[pageIndex] == 0) {
            dropPage(pageIndex);
        }
        if (keptPagePositions > Math.max(2L * heapSize, 8192)) {
            compact();
        }
        context.memory().setBytes(keptPageBytes + retainedArrayBytes(heap.length, keptRowsByPage.length));
    }

    /** The heap of addresses (and the sort's scratch copy of it at the end) and the kept-row count of each page. */
    private static long retainedArrayBytes(int heapCapacity, int keptRowsCapacity)
    {
        return (long) heapCapacity * Long.BYTES * 2 + (long) keptRowsCapacity * Integer.BYTES;
    }

    private void dropPage(int pageIndex)
    {
        Page page = pages.set(pageIndex, null);
        comparator.setPage(pageIndex, null);
        keptPagePositions -= page.positionCount();
        keptPageBytes -= page.retainedBytes();
    }

    /** Copies the kept rows into one page; heap slot i becomes row i of it, so the heap order holds. */
    private void compact()
    {
        Page compacted = gather(heap, heapSize);
        pages.clear();
        comparator.clear();
        Arrays.fill(keptRowsByPage, 0);
        pages.add(compacted);
        comparator.setPage(0, compacted);
        keptRowsByPage[0] = heapSize;
        for (int i = 0; i < heapSize; i++) {
            heap[i] = PageAddresses.encode(0, i);
        }
        keptPagePositions = heapSize;
        keptPageBytes = compacted.retainedBytes();
    }

    private Page gather(long[] addresses, int rowCount)
    {
        ColumnVector[] columns = new ColumnVector[types.size()];
        ColumnVector[] byPage = new ColumnVector[pages.size()];
        for (int channel = 0; channel < columns.length; channel++) {
            for (int page = 0; page < byPage.length; page++) {
                Page source = pages.get(page);
                byPage[page] = source == null ? null : source.column(channel);
            }
            columns[channel] = AddressGather.gather(types.get(channel), byPage, addresses, rowCount, context.allocator());
        }
        return new Page(rowCount, columns);
    }

    /** The heap's root is the worst row kept: a parent compares greater than or equal to its children. */
    private void siftUp(int index)
    {
        long value = heap[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            if (comparator.compare(heap[parent], value) >= 0) {
                break;
            }
            heap[index] = heap[parent];
            index = parent;
        }
        heap[index] = value;
    }

    private void siftDown()
    {
        long value = heap[0];
        int index = 0;
        while (true) {
            int child = 2 * index + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && comparator.compare(heap[child + 1], heap[child]) > 0) {
                child++;
            }
            if (comparator.compare(value, heap[child]) >= 0) {
                break;
            }
            heap[index] = heap[child];
            index = child;
        }
        heap[index] = value;
    }

    @Override
    public Page getOutput()
    {
        if (!finishing || done) {
            return null;
        }
        if (sortedRows == null) {
            sortedRows = Arrays.copyOf(heap, heapSize);
            AddressSort.sort(sortedRows, heapSize, comparator);
        }
        if (nextRow >= heapSize) {
            release();
            return null;
        }
        int rowCount = Math.min(OrderByOperator.MAX_OUTPUT_ROWS, heapSize - nextRow);
        Page page = gather(Arrays.copyOfRange(sortedRows, nextRow, nextRow + rowCount), rowCount);
        nextRow += rowCount;
        if (nextRow >= heapSize) {
            release();
        }
        return page;
    }

    private void release()
    {
        done = true;
        pages.clear();
        comparator.clear();
        heap = new long[0];
        sortedRows = new long[0];
        context.memory().setBytes(0);
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return done || count == 0;
    }

    @Override
    public void close()
    {
        release();
    }
}
