package io.signo.core.operator;

import io.signo.storage.page.Page;

import java.util.function.Consumer;

/**
 * A sink for driver tests: hands every page, as given, to {@code reader}. It may take selected pages,
 * and it may say that it can keep nothing of its input; then, page by page, it says it kept nothing
 * unless {@code keepsEachPage} (a reader that keeps a page must say so, or its memory is reused).
 */
public record TestingSink(Consumer<Page> reader, boolean takesSelectedRows, boolean keepsNothingOfInput, boolean keepsEachPage)
        implements OperatorFactory
{
    @Override
    public Operator createOperator(OperatorContext context)
    {
        return new Operator()
        {
            private boolean finished;

            @Override
            public boolean needsInput()
            {
                return !finished;
            }

            @Override
            public void addInput(Page page)
            {
                reader.accept(page);
            }

            @Override
            public boolean keptNothingOfLastInput()
            {
                return !keepsEachPage;
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
        };
    }

    @Override
    public String name()
    {
        return "TestingSink";
    }
}
