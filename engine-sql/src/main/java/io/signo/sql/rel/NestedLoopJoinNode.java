package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/** A join without equality keys: every probe row against every build row, then the filter. */
public record NestedLoopJoinNode(PlanNode probe, PlanNode build, JoinType joinType, Expression residual, String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows)
        implements PlanNode
{
    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>(probe.outputTypes());
        types.addAll(build.outputTypes());
        return types;
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of(probe, build);
    }

    @Override
    public String describe()
    {
        return "NestedLoopJoin[" + joinType + (residual == null ? "" : ", filter=" + residualText) + ", " + joinDistribution + "]";
    }
}
