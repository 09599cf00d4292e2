package io.signo.sql.rel;

import io.signo.core.operator.sort.SortOrder;
import io.signo.storage.type.Type;

import java.util.List;

/** Keeps the first {@code count} rows in sort order; partial per driver, then final after a gather. */
public record TopNNode(PlanNode source, long count, List<Integer> sortChannels, List<SortOrder> orders, boolean partial, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public TopNNode
    {
        sortChannels = List.copyOf(sortChannels);
        orders = List.copyOf(orders);
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
        return partial ? source.distribution() : Distribution.SINGLE;
    }

    @Override
    public String describe()
    {
        return "TopN[" + (partial ? "PARTIAL, " : "") + count + ", " + SortKeys.describe(sortChannels, orders) + "]";
    }
}
