package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * A hash join: the build side is read into a hash table first, then the probe side streams through.
 * Output: the probe columns, then (INNER and LEFT) the build columns.
 */
public record HashJoinNode(PlanNode probe, PlanNode build, JoinType joinType, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual, String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public HashJoinNode
    {
        probeKeys = List.copyOf(probeKeys);
        buildKeys = List.copyOf(buildKeys);
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>(probe.outputTypes());
        if (joinType == JoinType.INNER || joinType == JoinType.LEFT) {
            types.addAll(build.outputTypes());
        }
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
        return "HashJoin[" + joinType + ", probe keys=" + probeKeys + ", build keys=" + buildKeys
                + (residual == null ? "" : ", filter=" + residualText) + ", " + joinDistribution + "]";
    }
}
