package io.signo.core.operator;

import io.signo.core.exchange.ResultBuffer;
import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

/**
 * Ends the root pipeline by handing the result pages, in the order they arrive, to the caller
 * through a {@link ResultBuffer}; it blocks while the buffer is full.
 */
public final class PageCollectorOperator
        implements Operator
{
    public record Factory(ResultBuffer result)
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

    private final ResultBuffer result;
    private boolean finished;

    private PageCollectorOperator(ResultBuffer result)
    {
        this.result = result;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return result.notFull();
    }

    @Override
    public boolean needsInput()
    {
        return !finished && !result.isFull();
    }

    @Override
    public void addInput(Page page)
    {
        result.add(page);
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
