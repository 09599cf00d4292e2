package io.signo.core.exchange;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/** Starts a pipeline with the pages of one exchange partition per driver. */
public final class ExchangeSourceOperator
        implements Operator
{
    /** Driver i of the pipeline reads partition {@code firstPartition + i}: the partitions of this node. */
    public record Factory(Exchange exchange, int firstPartition)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(exchange, "exchange is null");
        }

        public Factory(Exchange exchange)
        {
            this(exchange, 0);
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new ExchangeSourceOperator(exchange.source(firstPartition + context.driverIndex()));
        }

        @Override
        public String name()
        {
            return "ExchangeSource[" + exchange.kind() + "]";
        }
    }

    /** Starts a pipeline with one reader of a {@link Spool}, shared by the pipeline's drivers. */
    public record SpoolReaderFactory(ExchangeSource reader)
            implements OperatorFactory
    {
        public SpoolReaderFactory
        {
            requireNonNull(reader, "reader is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new ExchangeSourceOperator(reader);
        }

        @Override
        public String name()
        {
            return "SpoolReader";
        }
    }

    private final ExchangeSource source;

    private ExchangeSourceOperator(ExchangeSource source)
    {
        this.source = source;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return source.isBlocked();
    }

    @Override
    public boolean needsInput()
    {
        return false;
    }

    @Override
    public void addInput(Page page)
    {
        throw new UnsupportedOperationException("a source takes no input");
    }

    @Override
    public Page getOutput()
    {
        return source.poll();
    }

    @Override
    public void finish() {}

    @Override
    public boolean isFinished()
    {
        return source.isFinished();
    }

    @Override
    public void close()
    {
        source.close();
    }
}
