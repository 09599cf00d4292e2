package io.signo.core.operator.window;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.sort.RowComparator;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.sort.SortedRun;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Window functions of one window specification (PARTITION BY, ORDER BY): keeps all input, sorts it
 * on the partition keys then the order keys, computes every function a partition at a time, and
 * emits the input columns followed by one column per function. Its driver must see whole partitions
 * (the planner puts a hash exchange on the partition keys before it).
 */
public final class WindowOperator
        implements Operator
{
    public static final class WindowOperatorFactory
            implements OperatorFactory
    {
        private final List<Integer> partitionChannels;
        private final List<Integer> orderChannels;
        private final List<SortOrder> orders;
        private final List<WindowFunction> functions;
        private final List<Type> types;

        /** @param types the types of all input columns */
        public WindowOperatorFactory(List<Integer> partitionChannels, List<Integer> orderChannels, List<SortOrder> orders, List<WindowFunction> functions, List<Type> types)
        {
            this.partitionChannels = List.copyOf(requireNonNull(partitionChannels, "partitionChannels is null"));
            this.orderChannels = List.copyOf(requireNonNull(orderChannels, "orderChannels is null"));
            this.orders = List.copyOf(requireNonNull(orders, "orders is null"));
            this.functions = List.copyOf(requireNonNull(functions, "functions is null"));
            this.types = List.copyOf(requireNonNull(types, "types is null"));
            if (orderChannels.size() != orders.size()) {
                throw new IllegalArgumentException("orderChannels has " + orderChannels.size() + " entries, orders " + orders.size());
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new WindowOperator(context, this);
        }

        @Override
        public String name()
        {
            return "Window";
        }
    }

    /** A partition's peer groups: where each row's starts and ends. */
    private static final long PEER_BYTES_PER_ROW = 2L * Integer.BYTES;
    /** What a function may hold per row of a partition while it runs: its output (a fixed-width value and its NULL flag) and its scratch (IGNORE NULLS' counts, DISTINCT's sort). */
    private static final long PARTITION_BYTES_PER_ROW = 9 + 3L * Long.BYTES;
    private static final long RESERVATION_STEP_BYTES = 1L << 20;

    private final OperatorContext context;
    private final WindowOperatorFactory factory;
    private final SortedRun input;
    private boolean finishing;
    private List<Page> output;
    private int nextPage;
    private long outputBytes;
    private boolean done;

    private WindowOperator(OperatorContext context, WindowOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.factory = factory;
        List<Integer> sortChannels = new ArrayList<>(factory.partitionChannels);
        // partitions in any order, as long as each is one run
        List<SortOrder> sortOrders = new ArrayList<>(Collections.nCopies(factory.partitionChannels.size(), SortOrder.ASC_NULLS_LAST));
        sortChannels.addAll(factory.orderChannels);
        sortOrders.addAll(factory.orders);
        this.input = new SortedRun(sortChannels, sortOrders, factory.types);
    }

    @Override
    public boolean needsInput()
    {
        return !finishing;
    }

    @Override
    public void addInput(Page page)
    {
        input.add(page);
        context.memory().setBytes(input.retainedBytes());
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public Page getOutput()
    {
        if (!finishing || done) {
            return null;
        }
        if (output == null) {
            output = compute();
        }
        if (nextPage == output.size()) {
            release();
            return null;
        }
        Page page = output.get(nextPage);
        output.set(nextPage++, null);
        // the page is the next operator's now
        outputBytes -= page.retainedBytes();
        context.memory().setBytes(outputBytes);
        return page;
    }

    /**
     * The input sorted, with every function's column. The input's columns are copied into sorted pages
     * one at a time, each let go once copied; each partition reserves its scratch and output
     * ({@link #PARTITION_BYTES_PER_ROW} per row and function) before the functions run over it.
     */
    private List<Page> compute()
    {
        // pages kept until every function ran: from the GC-released allocator, not the driver's recycled one
        List<Page> pages = input.takeSorted(SortedRows.PAGE_ROWS, PageAllocator.transientPages(), context.memory()::setBytes);
        SortedRows rows = new SortedRows(pages, factory.types);
        long sortedBytes = rows.retainedBytes();
        context.memory().setBytes(sortedBytes);

        List<FunctionEvaluator> evaluators = new ArrayList<>();
        List<OutputColumn> columns = new ArrayList<>();
        for (WindowFunction function : factory.functions) {
            evaluators.add(FunctionEvaluator.of(function));
            columns.add(new OutputColumn(function.outputType()));
        }
        RowComparator partitions = rows.equality(factory.partitionChannels);
        RowComparator peers = rows.equality(factory.orderChannels);
        int start = 0;
        if (rows.rowCount() > 0) {
            int[] partitionEnds = SortedRows.runEnds(partitions, 0, rows.rowCount());
            long fixedBytes = sortedBytes + (long) partitionEnds.length * Integer.BYTES;
            long heldBytes = fixedBytes;
            // reserved ahead in steps, so that many small partitions do not each call on the query's pool
            long reservedBytes = 0;
            WindowPartition.RangeKey rangeKey = rangeKey();
            for (int end : partitionEnds) {
                long neededBytes = heldBytes + (end - start) * (PEER_BYTES_PER_ROW + PARTITION_BYTES_PER_ROW * evaluators.size());
                if (neededBytes > reservedBytes) {
                    reservedBytes = neededBytes + RESERVATION_STEP_BYTES;
                    context.memory().setBytes(reservedBytes);
                }
                WindowPartition partition = new WindowPartition(rows, start, end, peers, rangeKey);
                for (int i = 0; i < evaluators.size(); i++) {
                    evaluators.get(i).evaluate(partition, columns.get(i));
                }
                heldBytes = fixedBytes;
                for (int i = 0; i < evaluators.size(); i++) {
                    heldBytes += columns.get(i).retainedBytes() + evaluators.get(i).retainedBytes();
                }
                start = end;
            }
        }

        List<Page> result = new ArrayList<>();
        long bytes = 0;
        List<List<ColumnVector>> functionVectors = columns.stream().map(OutputColumn::vectors).toList();
        for (int i = 0; i < pages.size(); i++) {
            Page page = pages.get(i);
            ColumnVector[] vectors = new ColumnVector[page.columnCount() + functionVectors.size()];
            for (int channel = 0; channel < page.columnCount(); channel++) {
                vectors[channel] = page.column(channel);
            }
            for (int function = 0; function < functionVectors.size(); function++) {
                vectors[page.columnCount() + function] = functionVectors.get(function).get(i);
            }
            Page withFunctions = new Page(page.positionCount(), vectors);
            bytes += withFunctions.retainedBytes();
            result.add(withFunctions);
        }
        outputBytes = bytes;
        context.memory().setBytes(bytes);
        return result;
    }

    /** The ORDER BY key RANGE offsets measure, when a function's frame has one (the planner allows it for one numeric, DATE or TIMESTAMP key). */
    private WindowPartition.RangeKey rangeKey()
    {
        boolean needed = factory.functions.stream().anyMatch(function -> function.kind().usesFrame() && function.frame().rangeWithOffset());
        if (!needed) {
            return null;
        }
        if (factory.orderChannels.size() != 1) {
            throw new IllegalStateException("a RANGE frame with an offset needs exactly one ORDER BY key, not " + factory.orderChannels.size());
        }
        int channel = factory.orderChannels.getFirst();
        return new WindowPartition.RangeKey(channel, factory.orders.getFirst().ascending(), factory.types.get(channel).physicalType());
    }

    private void release()
    {
        done = true;
        output = null;
        input.clear();
        context.memory().setBytes(0);
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
