package io.signo.sql.rel;

import io.signo.core.operator.sort.SortOrder;
import io.signo.storage.type.Type;

import java.util.List;

/** Sorts all its input in one stream. */
public record SortNode(PlanNode source, List<Integer> sortChannels, List<SortOrder> orders, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public SortNode
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
        return Distribution.SINGLE;
    }

    @Override
    public String describe()
    {
        return "Sort[" + SortKeys.describe(sortChannels, orders) + "]";
    }
}
