package io.signo.core.operator.write;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import static java.util.Objects.requireNonNull;

/**
 * Writes its driver's rows into a stored table's files, checked and placed by the table's layout,
 * and at the end outputs one row: how many rows it wrote. The drivers of a write run side by side,
 * each encoding its own files; the statement commits all their files at once.
 */
public final class TableWriterOperator
        implements Operator
{
    public static final class Factory
            implements OperatorFactory
    {
        private final TableWrite write;

        public Factory(TableWrite write)
        {
            this.write = requireNonNull(write, "write is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TableWriterOperator(write);
        }

        @Override
        public String name()
        {
            return "TableWriter";
        }
    }

    private final TableWrite write;
    private final LayoutWriter writer;
    private long rows;
    private boolean finishing;
    private boolean done;

    private TableWriterOperator(TableWrite write)
    {
        this.write = write;
        this.writer = write.newWriter();
    }

    @Override
    public boolean needsInput()
    {
        return !finishing;
    }

    @Override
    public void addInput(Page page)
    {
        Page values = write.checks().check(page);
        writer.append(values);
        rows += values.positionCount();
    }

    @Override
    public Page getOutput()
    {
        if (!finishing || done) {
            return null;
        }
        write.finished(writer, writer.finish());
        done = true;
        VectorBuilder count = new VectorBuilder(Type.BIGINT, 1);
        count.appendLong(rows);
        return new Page(1, count.build());
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

    /** A driver that ends before finishing (the statement failed or was cancelled) removes what it wrote. */
    @Override
    public void close()
    {
        if (!done) {
            writer.discard();
        }
    }
}
