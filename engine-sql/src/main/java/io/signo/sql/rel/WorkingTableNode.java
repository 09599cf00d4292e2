package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.List;

import static java.util.Objects.requireNonNull;

/** In the recursive term of a {@link RecursiveUnionNode}: the rows the run before produced (the seed's, in the first run). */
public record WorkingTableNode(String name, List<Type> outputTypes, double estimatedRows)
        implements PlanNode
{
    public WorkingTableNode
    {
        requireNonNull(name, "name is null");
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
        return "WorkingTable[" + name + "]";
    }
}
