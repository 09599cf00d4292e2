package io.signo.sql.rel;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.List;

/** Constant rows. */
public record ValuesNode(List<Type> outputTypes, List<Page> pages, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public ValuesNode
    {
        outputTypes = List.copyOf(outputTypes);
        pages = List.copyOf(pages);
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
        return "Values[" + (long) estimatedRows + " rows]";
    }
}
