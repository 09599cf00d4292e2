package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * A hash join: the build side is read into a hash table first, then the probe side streams through.
 * Output: the probe columns, then (INNER and LEFT) the build columns; but a SEMI or ANTI join that
 * {@code keepsBuildRows} (a "right" semi join) hashes the query's left side, the rows to keep, as its
 * build, streams the larger right side as its probe, and outputs the build rows that matched (SEMI) or
 * did not (ANTI). Its residual, like every join's, is over the probe columns followed by the build columns.
 */
public record HashJoinNode(PlanNode probe, PlanNode build, JoinType joinType, boolean keepsBuildRows, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual, String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public HashJoinNode
    {
        if (keepsBuildRows && joinType != JoinType.SEMI && joinType != JoinType.ANTI) {
            throw new IllegalArgumentException("only a SEMI or ANTI join keeps its build rows, not " + joinType);
        }
        probeKeys = List.copyOf(probeKeys);
        buildKeys = List.copyOf(buildKeys);
    }

    @Override
    public List<Type> outputTypes()
    {
        if (keepsBuildRows) {
            return build.outputTypes();
        }
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
        return "HashJoin[" + joinType + (keepsBuildRows ? ", build=left" : "") + ", probe keys=" + probeKeys + ", build keys=" + buildKeys
                + (residual == null ? "" : ", filter=" + residualText) + ", " + joinDistribution + "]";
    }
}
