package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * The source's rows, or one given row when it has none: the empty grouping set's row of a ROLLUP or
 * CUBE over no input. One stream, after a gather.
 *
 * @param row the values, as {@link io.signo.core.operator.RowIfEmptyOperator} takes them
 */
public record RowIfEmptyNode(PlanNode source, List<Object> row)
        implements PlanNode
{
    public RowIfEmptyNode
    {
        // a list that holds NULLs, which List.copyOf takes none of
        row = new ArrayList<>(row);
        if (!source.distribution().isSingle()) {
            throw new IllegalArgumentException("a row for an empty input needs the whole input in one stream");
        }
    }

    @Override
    public List<Type> outputTypes()
    {
        return source.outputTypes();
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of(source);
    }

    @Override
    public Distribution distribution()
    {
        return Distribution.SINGLE;
    }

    @Override
    public double estimatedRows()
    {
        return Math.max(1, source.estimatedRows());
    }

    @Override
    public String describe()
    {
        return "RowIfEmpty" + row;
    }
}
