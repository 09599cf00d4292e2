package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.List;

/** Skips {@code offset} rows, then passes at most {@code limit} rows. */
public record LimitNode(PlanNode source, long limit, long offset, boolean partial, double estimatedRows)
        implements PlanNode
{
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
        return partial ? source.distribution() : Distribution.SINGLE;
    }

    @Override
    public String describe()
    {
        return "Limit[" + (partial ? "PARTIAL, " : "") + limit + (offset > 0 ? ", offset " + offset : "") + "]";
    }
}
