package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * Every source row once per grouping set: the source's columns, a copy of each grouping key (NULL
 * where the set does not group by it) and the set's index, for the aggregation of GROUPING SETS.
 *
 * @param keyChannels the source channels of the grouping keys, in the order of their copies
 * @param groupingSets per set, the indexes into {@code keyChannels} of the keys it groups by
 */
public record GroupIdNode(PlanNode source, List<Integer> keyChannels, List<List<Integer>> groupingSets, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public GroupIdNode
    {
        keyChannels = List.copyOf(keyChannels);
        groupingSets = groupingSets.stream().map(List::copyOf).toList();
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>(source.outputTypes());
        for (int channel : keyChannels) {
            types.add(source.outputTypes().get(channel));
        }
        types.add(Type.INTEGER);
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
        return "GroupId[keys=" + keyChannels + ", sets=" + groupingSets + "]";
    }
}
