package io.signo.core.operator.sort;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

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
    private final SortedRun run;
    private boolean finishing;
    private boolean done;

    private OrderByOperator(OperatorContext context, OrderByOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.run = new SortedRun(factory.sortChannels, factory.orders, factory.types);
    }

    @Override
    public boolean needsInput()
    {
        return !finishing;
    }

    @Override
    public void addInput(Page page)
    {
        run.add(page);
        context.memory().setBytes(run.retainedBytes());
    }

    @Override
    public Page getOutput()
    {
        if (!finishing || done) {
            return null;
        }
        Page page = run.next(MAX_OUTPUT_ROWS, context.allocator());
        if (page == null) {
            release();
        }
        return page;
    }

    private void release()
    {
        done = true;
        run.clear();
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
