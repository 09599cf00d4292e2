package io.signo.sql.rel;

import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.WindowFunction;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * Window functions of one PARTITION BY and ORDER BY: the source's columns followed by one column per
 * function. Each driver sees whole partitions, so the rows keep the source's distribution.
 */
public record WindowNode(PlanNode source, List<Integer> partitionChannels, List<Integer> orderChannels, List<SortOrder> orders, List<WindowFunction> functions,
        double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public WindowNode
    {
        partitionChannels = List.copyOf(partitionChannels);
        orderChannels = List.copyOf(orderChannels);
        orders = List.copyOf(orders);
        functions = List.copyOf(functions);
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>(source.outputTypes());
        for (WindowFunction function : functions) {
            types.add(function.outputType());
        }
        return types;
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of(source);
    }

    @Override
    public Distribution distribution()
    {
        return source.distribution();
    }

    @Override
    public String describe()
    {
        return "Window[partition=" + partitionChannels + ", order=[" + SortKeys.describe(orderChannels, orders) + "], " + functions + "]";
    }
}
