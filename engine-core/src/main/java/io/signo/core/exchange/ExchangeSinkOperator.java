package io.signo.core.exchange;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/** Ends a pipeline by handing its pages to an exchange; blocked while the exchange is full. */
public final class ExchangeSinkOperator
        implements Operator
{
    public record Factory(Exchange exchange)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(exchange, "exchange is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new ExchangeSinkOperator(exchange.createSink(context.queryPool()));
        }

        @Override
        public String name()
        {
            return "ExchangeSink[" + exchange.kind() + "]";
        }
    }

    /** Ends the pipeline that computes a spooled sub-plan; each driver is one of the spool's producers. */
    public record SpoolFactory(Spool spool)
            implements OperatorFactory
    {
        public SpoolFactory
        {
            requireNonNull(spool, "spool is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new ExchangeSinkOperator(spool.createSink(context.queryPool()));
        }

        @Override
        public String name()
        {
            return "SpoolSink";
        }
    }

    private final ExchangeSink sink;
    private boolean finished;

    private ExchangeSinkOperator(ExchangeSink sink)
    {
        this.sink = sink;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return sink.isBlocked();
    }

    @Override
    public boolean needsInput()
    {
        return !isFinished() && sink.isBlocked().isDone();
    }

    @Override
    public void addInput(Page page)
    {
        sink.add(page);
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
            sink.finish();
        }
    }

    @Override
    public boolean isFinished()
    {
        if (!finished && sink.isDone()) {
            // every consumer stopped early: this producer is done, and says so to the exchange
            finish();
        }
        return finished;
    }

    @Override
    public void close()
    {
        sink.close();
    }
}
