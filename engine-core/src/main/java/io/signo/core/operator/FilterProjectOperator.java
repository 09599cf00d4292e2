package io.signo.core.operator;

import io.signo.core.expression.PageProcessor;
import io.signo.storage.page.Page;

import static java.util.Objects.requireNonNull;

/** Filters and projects each input page with a {@link PageProcessor}; holds at most one output page. */
public final class FilterProjectOperator
        implements Operator
{
    private final PageProcessor processor;
    private final OperatorContext context;
    private Page output;
    private boolean finishing;

    public FilterProjectOperator(OperatorContext context, PageProcessor processor)
    {
        this.context = requireNonNull(context, "context is null");
        this.processor = requireNonNull(processor, "processor is null");
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && output == null;
    }

    @Override
    public void addInput(Page page)
    {
        requireNonNull(page, "page is null");
        if (!needsInput()) {
            throw new IllegalStateException("operator does not need input");
        }
        output = processor.process(page, context.allocator());
    }

    @Override
    public Page getOutput()
    {
        Page result = output;
        output = null;
        return result;
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return finishing && output == null;
    }

    public static final class FilterProjectOperatorFactory
            implements OperatorFactory
    {
        private final PageProcessor processor;

        public FilterProjectOperatorFactory(PageProcessor processor)
        {
            this.processor = requireNonNull(processor, "processor is null");
        }

        public PageProcessor processor()
        {
            return processor;
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new FilterProjectOperator(context, processor);
        }

        @Override
        public String name()
        {
            return "FilterProject";
        }
    }
}
