package io.signo.core.operator;

import io.signo.storage.page.Page;

import java.util.List;

import static java.util.Objects.requireNonNull;

/** A source that produces a fixed list of pages (a VALUES clause, or a constant relation). */
public final class ValuesOperator
        implements Operator
{
    public static final class ValuesOperatorFactory
            implements OperatorFactory
    {
        private final List<Page> pages;

        public ValuesOperatorFactory(List<Page> pages)
        {
            this.pages = List.copyOf(requireNonNull(pages, "pages is null"));
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new ValuesOperator(pages);
        }

        @Override
        public String name()
        {
            return "Values";
        }
    }

    private final List<Page> pages;
    private int nextPage;

    public ValuesOperator(List<Page> pages)
    {
        this.pages = requireNonNull(pages, "pages is null");
    }

    @Override
    public boolean needsInput()
    {
        return false;
    }

    @Override
    public void addInput(Page page)
    {
        throw new UnsupportedOperationException("Values takes no input");
    }

    @Override
    public Page getOutput()
    {
        while (nextPage < pages.size()) {
            Page page = pages.get(nextPage++);
            if (page.positionCount() > 0) {
                return page;
            }
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
