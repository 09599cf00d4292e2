package io.signo.sql.rel;

import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.WindowFunctionKind;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows of each partition whose {@code ranking} (ROW_NUMBER, RANK or DENSE_RANK) in sort order is
 * at most {@code maxRank}: a filter on a ranking window function, planned without sorting whole
 * partitions. The final step sees whole partitions and appends the rank; a partial step, before the
 * exchange that brings them together, only drops rows and keeps its source's distribution.
 */
public record TopNPerPartitionNode(PlanNode source, List<Integer> partitionChannels, List<Integer> sortChannels, List<SortOrder> orders,
        WindowFunctionKind ranking, int maxRank, boolean partial, Type rankType, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public TopNPerPartitionNode
    {
        partitionChannels = List.copyOf(partitionChannels);
        sortChannels = List.copyOf(sortChannels);
        orders = List.copyOf(orders);
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>(source.outputTypes());
        if (!partial) {
            types.add(rankType);
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
        return "TopNPerPartition[" + (partial ? "PARTIAL, " : "") + ranking + " <= " + maxRank + ", partition=" + partitionChannels
                + ", order=[" + SortKeys.describe(sortChannels, orders) + "]]";
    }
}
