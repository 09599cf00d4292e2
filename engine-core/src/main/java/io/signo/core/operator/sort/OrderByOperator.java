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
 * ORDER BY: keeps every input page (reserving its memory), sorts the page addresses of all rows on
 * finish, then emits all columns in sorted order in pages of at most {@link #MAX_OUTPUT_ROWS} rows.
 */
public final class OrderByOperator
        implements Operator
{
    public static final int MAX_OUTPUT_ROWS = 8192;

    public static final class OrderByOperatorFactory
            implements OperatorFactory
    {
        private final List<Integer> sortChannels;
        private final List<SortOrder> orders;
        private final List<Type> types;

        /** @param types the types of all input columns, which are also the output columns */
        public OrderByOperatorFactory(List<Integer> sortChannels, List<SortOrder> orders, List<Type> types)
        {
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
            return new OrderByOperator(context, this);
        }

        @Override
        public String name()
        {
            return "OrderBy";
        }
    }

    private final OperatorContext context;
    private final List<Type> types;
    private final RowComparator comparator;
    private final List<Page> pages = new ArrayList<>();
    private long pageBytes;
    private long[] addresses = new long[0];
    private int rowCount;
    private boolean finishing;
    private boolean sorted;
    private int nextRow;
    private boolean done;

    private OrderByOperator(OperatorContext context, OrderByOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.types = factory.types;
        this.comparator = new RowComparator(factory.sortChannels, factory.orders, factory.types);
    }

    @Override
    public boolean needsInput()
    {
        return !finishing;
    }

    @Override
    public void addInput(Page page)
    {
        int positionCount = page.positionCount();
        if (positionCount == 0) {
            return;
        }
        int newRowCount = Math.addExact(rowCount, positionCount);
        int capacity = addresses.length;
        if (newRowCount > capacity) {
            capacity = Math.max(newRowCount, capacity + (capacity >> 1));
        }
        long bytes = pageBytes + page.retainedBytes();
        // the sort needs a scratch copy of the addresses as large as the addresses themselves
        context.memory().setBytes(bytes + (long) capacity * Long.BYTES * 2);
        addresses = Arrays.copyOf(addresses, capacity);
        int pageIndex = pages.size();
        pages.add(page);
        pageBytes = bytes;
        comparator.setPage(pageIndex, page);
        for (int position = 0; position < positionCount; position++) {
            addresses[rowCount + position] = PageAddresses.encode(pageIndex, position);
        }
        rowCount = newRowCount;
    }

    @Override
    public Page getOutput()
    {
        if (!finishing || done) {
            return null;
        }
        if (!sorted) {
            AddressSort.sort(addresses, rowCount, comparator);
            sorted = true;
        }
        if (nextRow >= rowCount) {
            release();
            return null;
        }
        int count = Math.min(MAX_OUTPUT_ROWS, rowCount - nextRow);
        long[] batch = Arrays.copyOfRange(addresses, nextRow, nextRow + count);
        nextRow += count;
        ColumnVector[] columns = new ColumnVector[types.size()];
        ColumnVector[] byPage = new ColumnVector[pages.size()];
        for (int channel = 0; channel < columns.length; channel++) {
            for (int page = 0; page < byPage.length; page++) {
                byPage[page] = pages.get(page).column(channel);
            }
            columns[channel] = AddressGather.gather(types.get(channel), byPage, batch, count, context.allocator());
        }
        if (nextRow >= rowCount) {
            release();
        }
        return new Page(count, columns);
    }

    private void release()
    {
        done = true;
        pages.clear();
        comparator.clear();
        addresses = new long[0];
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
        return done;
    }

    @Override
    public void close()
    {
        release();
    }
}
