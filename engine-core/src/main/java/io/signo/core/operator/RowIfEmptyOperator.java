package io.signo.core.operator;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Passes its input on; when all of it had no row, emits one given row instead. For a result that
 * has a row even for no input: the empty grouping set of a ROLLUP or CUBE. Runs on one stream.
 */
public final class RowIfEmptyOperator
        implements Operator
{
    public static final class RowIfEmptyOperatorFactory
            implements OperatorFactory
    {
        private final List<Type> types;
        private final List<Object> row;

        /** @param row the row's values (null for NULL): Boolean, Integer, Long, Double or String as the types store them */
        public RowIfEmptyOperatorFactory(List<Type> types, List<Object> row)
        {
            this.types = List.copyOf(requireNonNull(types, "types is null"));
            this.row = Collections.unmodifiableList(new ArrayList<>(row));
            if (types.size() != row.size()) {
                throw new IllegalArgumentException(types.size() + " types for " + row.size() + " values");
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new RowIfEmptyOperator(this);
        }

        @Override
        public String name()
        {
            return "RowIfEmpty";
        }
    }

    private final RowIfEmptyOperatorFactory factory;
    private Page pending;
    private boolean sawRows;
    private boolean finishing;

    private RowIfEmptyOperator(RowIfEmptyOperatorFactory factory)
    {
        this.factory = factory;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && pending == null;
    }

    @Override
    public void addInput(Page page)
    {
        if (page.positionCount() > 0) {
            sawRows = true;
            pending = page;
        }
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
        if (!finishing && !sawRows) {
            pending = defaultRow();
        }
        finishing = true;
    }

    private Page defaultRow()
    {
        ColumnVector[] columns = new ColumnVector[factory.types.size()];
        for (int i = 0; i < columns.length; i++) {
            VectorBuilder builder = new VectorBuilder(factory.types.get(i), 1);
            Object value = factory.row.get(i);
            if (value == null) {
                builder.appendNull();
            }
            else {
                switch (value) {
                    case Boolean b -> builder.appendBoolean(b);
                    case Integer n -> builder.appendInt(n);
                    case Long n -> builder.appendLong(n);
                    case Double d -> builder.appendDouble(d);
                    case String s -> builder.appendString(s);
                    default -> throw new IllegalStateException("a default value of " + value.getClass().getSimpleName());
                }
            }
            columns[i] = builder.build();
        }
        return new Page(1, columns);
    }

    @Override
    public boolean isFinished()
    {
        return finishing && pending == null;
    }
}
