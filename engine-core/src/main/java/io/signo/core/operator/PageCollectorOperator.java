package io.signo.core.operator;

import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Ends the root pipeline by keeping the result pages, in the order they arrive, for the client. */
public final class PageCollectorOperator
        implements Operator
{
    /** The result of one query; shared by the root pipeline's drivers. */
    public static final class ResultPages
    {
        private final List<Page> pages = Collections.synchronizedList(new ArrayList<>());

        public List<Page> pages()
        {
            synchronized (pages) {
                return List.copyOf(pages);
            }
        }
    }

    public record Factory(ResultPages result)
            implements OperatorFactory
    {
        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new PageCollectorOperator(result);
        }

        @Override
        public String name()
        {
            return "Output";
        }
    }

    private final ResultPages result;
    private boolean finished;

    private PageCollectorOperator(ResultPages result)
    {
        this.result = result;
    }

    @Override
    public boolean needsInput()
    {
        return !finished;
    }

    @Override
    public void addInput(Page page)
    {
        result.pages.add(page);
    }

    @Override
    public Page getOutput()
    {
        return null;
    }

    @Override
    public void finish()
    {
        finished = true;
    }

    @Override
    public boolean isFinished()
    {
        return finished;
    }
}
