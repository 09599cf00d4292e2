package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.expression.InputReference;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/** Filters rows to a selection vector, then computes the projections at the selected rows. */
public record FilterProjectNode(PlanNode source, Expression filter, String filterText, List<Expression> projections, List<String> projectionTexts, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public FilterProjectNode
    {
        projections = List.copyOf(projections);
        projectionTexts = List.copyOf(projectionTexts);
    }

    /** The same filter and projections over another source with the same columns. */
    public FilterProjectNode withSource(PlanNode newSource)
    {
        return new FilterProjectNode(newSource, filter, filterText, projections, projectionTexts, estimatedRows);
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>();
        for (Expression projection : projections) {
            types.add(projection.type());
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
        int[] sourceOfOutput = new int[projections.size()];
        for (int i = 0; i < sourceOfOutput.length; i++) {
            sourceOfOutput[i] = projections.get(i) instanceof InputReference reference ? reference.channel() : -1;
        }
        return source.distribution().project(sourceOfOutput);
    }

    @Override
    public String describe()
    {
        return (filter == null ? "Project" : "FilterProject[filter=" + filterText + "]")
                + (filter == null ? "[" : ", [") + String.join(", ", projectionTexts) + "]";
    }
}
