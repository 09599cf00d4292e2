package io.signo.core.operator.recursive;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;

import static java.util.Objects.requireNonNull;

/** Ends a pipeline by adding its pages to a {@link PageTable}; never waits (the table is bounded by the query's memory). */
public final class PageTableSinkOperator
        implements Operator
{
    public record Factory(PageTable table)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(table, "table is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new PageTableSinkOperator(table, context.queryPool());
        }

        @Override
        public String name()
        {
            return "PageTableSink";
        }
    }

    private final PageTable table;
    private final MemoryPool queryPool;
    private boolean finished;

    private PageTableSinkOperator(PageTable table, MemoryPool queryPool)
    {
        this.table = table;
        this.queryPool = queryPool;
    }

    @Override
    public boolean needsInput()
    {
        return !finished;
    }

    @Override
    public void addInput(Page page)
    {
        table.add(page, queryPool);
    }

    @Override
    public Page getOutput()
    {
        return null;
    }

    @Override
    public void finish()
    {
        if (!finished) {
            finished = true;
            table.producerFinished();
        }
    }

    @Override
    public boolean isFinished()
    {
        return finished;
    }
}
