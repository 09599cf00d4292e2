package io.signo.core.operator.recursive;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A source that reads the pages a {@link PageTable} holds when the operator is created: in one run of
 * a recursive term, the working table or a part of the term computed once before the runs.
 */
public final class PageTableScanOperator
        implements Operator
{
    public record Factory(PageTable table, String name)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(table, "table is null");
            requireNonNull(name, "name is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new PageTableScanOperator(table.pages());
        }
    }

    private final List<Page> pages;
    private int nextPage;

    private PageTableScanOperator(List<Page> pages)
    {
        this.pages = pages;
    }

    @Override
    public boolean needsInput()
    {
        return false;
    }

    @Override
    public void addInput(Page page)
    {
        throw new UnsupportedOperationException("a page table scan takes no input");
    }

    @Override
    public Page getOutput()
    {
        if (nextPage < pages.size()) {
            return pages.get(nextPage++);
        }
        return null;
    }

    @Override
    public void finish()
    {
        // a source has no input to end; its pages are still produced
    }

    @Override
    public boolean isFinished()
    {
        return nextPage >= pages.size();
    }
}
