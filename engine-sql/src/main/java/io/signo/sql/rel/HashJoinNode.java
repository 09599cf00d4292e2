package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * A hash join: the build side is read into a hash table first, then the probe side streams through.
 * Output: the probe columns in {@code probeOutputs}, then (INNER and LEFT) the build columns in
 * {@code buildOutputs}; columns nobody above reads are never copied. A SEMI or ANTI join that
 * {@code keepsBuildRows} (a "right" semi join) hashes the query's left side, the rows to keep, as
 * its build, streams the larger right side as its probe, and outputs the build rows, all columns,
 * that matched (SEMI) or did not (ANTI). The residual filter always sees all probe columns followed
 * by all build columns.
 */
public record HashJoinNode(PlanNode probe, PlanNode build, JoinType joinType, boolean keepsBuildRows, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual,
        String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows, List<Integer> probeOutputs, List<Integer> buildOutputs)
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
        probeOutputs = List.copyOf(probeOutputs);
        buildOutputs = joinType.outputsBuildColumns() ? List.copyOf(buildOutputs) : List.of();
    }

    /** A join that outputs every column of both sides. */
    public HashJoinNode(PlanNode probe, PlanNode build, JoinType joinType, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual, String residualText,
            JoinDistribution joinDistribution, Distribution distribution, double estimatedRows)
    {
        this(probe, build, joinType, false, probeKeys, buildKeys, residual, residualText, joinDistribution, distribution, estimatedRows,
                allChannels(probe), allChannels(build));
    }

    private static List<Integer> allChannels(PlanNode node)
    {
        List<Integer> channels = new ArrayList<>();
        for (int i = 0; i < node.outputTypes().size(); i++) {
            channels.add(i);
        }
        return channels;
    }

    @Override
    public List<Type> outputTypes()
    {
        if (keepsBuildRows) {
            return build.outputTypes();
        }
        List<Type> types = new ArrayList<>();
        List<Type> probeTypes = probe.outputTypes();
        for (int channel : probeOutputs) {
            types.add(probeTypes.get(channel));
        }
        List<Type> buildTypes = build.outputTypes();
        for (int channel : buildOutputs) {
            types.add(buildTypes.get(channel));
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
        boolean allProbe = keepsBuildRows || probeOutputs.size() == probe.outputTypes().size();
        boolean allBuild = buildOutputs.size() == build.outputTypes().size() || buildOutputs.isEmpty() && !joinType.outputsBuildColumns();
        return "HashJoin[" + joinType + (keepsBuildRows ? ", build=left" : "") + ", probe keys=" + probeKeys + ", build keys=" + buildKeys
                + (residual == null ? "" : ", filter=" + residualText)
                + (allProbe && allBuild ? "" : ", output probe " + probeOutputs + " build " + buildOutputs)
                + ", " + joinDistribution + "]";
    }
}
