package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.List;

/**
 * In the recursive term of a {@link RecursiveUnionNode}: input {@code index} of the recursion, a part
 * of the term that does not read the working table, computed once before the first run and read by
 * every run.
 */
public record RecursionInputNode(int index, List<Type> outputTypes, double estimatedRows)
        implements PlanNode
{
    public RecursionInputNode
    {
        outputTypes = List.copyOf(outputTypes);
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of();
    }

    @Override
    public Distribution distribution()
    {
        return Distribution.SINGLE;
    }

    @Override
    public String describe()
    {
        return "ComputedOnce[input " + (index + 1) + "]";
    }
}
