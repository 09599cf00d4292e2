package io.signo.core.operator;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** Skips the first {@code offset} rows, then passes on at most {@code limit} rows and finishes early. */
public final class LimitOperator
        implements Operator
{
    public static final class LimitOperatorFactory
            implements OperatorFactory
    {
        private final long limit;
        private final long offset;

        public LimitOperatorFactory(long limit, long offset)
        {
            if (limit < 0) {
                throw new IllegalArgumentException("limit is negative: " + limit);
            }
            if (offset < 0) {
                throw new IllegalArgumentException("offset is negative: " + offset);
            }
            this.limit = limit;
            this.offset = offset;
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new LimitOperator(context, limit, offset);
        }

        @Override
        public String name()
        {
            return "Limit";
        }
    }

    private final OperatorContext context;
    private long remainingOffset;
    private long remainingLimit;
    private Page pending;
    private boolean finishing;

    public LimitOperator(OperatorContext context, long limit, long offset)
    {
        this.context = requireNonNull(context, "context is null");
        this.remainingLimit = limit;
        this.remainingOffset = offset;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && remainingLimit > 0 && pending == null;
    }

    @Override
    public void addInput(Page page)
    {
        int positionCount = page.positionCount();
        int skip = (int) Math.min(remainingOffset, positionCount);
        remainingOffset -= skip;
        int take = (int) Math.min(remainingLimit, positionCount - skip);
        if (take <= 0) {
            return;
        }
        remainingLimit -= take;
        if (skip == 0 && take == positionCount) {
            pending = page;
            return;
        }
        int[] positions = new int[take];
        for (int i = 0; i < take; i++) {
            positions[i] = skip + i;
        }
        ColumnVector[] columns = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < columns.length; channel++) {
            columns[channel] = page.column(channel).copyPositions(positions, take, context.allocator());
        }
        pending = new Page(take, columns);
    }

    @Override
    public Page getOutput()
    {
        Page page = pending;
        pending = null;
        return page;
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return pending == null && (finishing || remainingLimit == 0);
    }
}
