package io.signo.sql.rel;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A hash join: the build side is read into a hash table first, then the probe side streams through.
 * With the {@link HashJoinStrategy#LOOKUP} strategy it outputs the probe columns in
 * {@code probeOutputs}, then (INNER, LEFT and RIGHT) the build columns in {@code buildOutputs};
 * columns nobody above reads are never copied. With {@link HashJoinStrategy#FILTER_BUILD_ROWS} (a
 * "right" semi join) it hashes the query's left side, the rows to keep, streams the larger right
 * side as its probe, and outputs the build rows, all columns, that matched (SEMI) or did not (ANTI).
 * The residual filter always sees all probe columns followed by all build columns. With
 * {@code runtimeFilters} the join may publish a runtime filter of its build keys to the scans of its
 * probe side (where that leaves the result as it is: see the execution planner's RuntimeFilterPlan).
 */
public record HashJoinNode(PlanNode probe, PlanNode build, JoinType joinType, HashJoinStrategy strategy, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual,
        String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows, List<Integer> probeOutputs, List<Integer> buildOutputs,
        boolean runtimeFilters)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public HashJoinNode
    {
        requireNonNull(strategy, "strategy is null");
        if (strategy == HashJoinStrategy.FILTER_BUILD_ROWS && joinType != JoinType.SEMI && joinType != JoinType.ANTI) {
            throw new IllegalArgumentException("only a SEMI or ANTI join filters its build rows, not " + joinType);
        }
        probeKeys = List.copyOf(probeKeys);
        buildKeys = List.copyOf(buildKeys);
        probeOutputs = List.copyOf(probeOutputs);
        buildOutputs = joinType.outputsBuildColumns() ? List.copyOf(buildOutputs) : List.of();
    }

    /** A SEMI or ANTI join that outputs the build rows, all columns, that some probe row matches (SEMI) or none does (ANTI). */
    public static HashJoinNode filteringBuildRows(PlanNode probe, PlanNode build, JoinType joinType, List<Integer> probeKeys, List<Integer> buildKeys, Expression residual,
            String residualText, JoinDistribution joinDistribution, Distribution distribution, double estimatedRows, boolean runtimeFilters)
    {
        return new HashJoinNode(probe, build, joinType, HashJoinStrategy.FILTER_BUILD_ROWS, probeKeys, buildKeys, residual, residualText, joinDistribution, distribution,
                estimatedRows, List.of(), List.of(), runtimeFilters);
    }

    /**
     * This join of two inputs that every worker holds whole, run on every worker over its own copies:
     * each computes the whole result, so its output is replicated.
     */
    public HashJoinNode onEveryWorker(PlanNode probeOnEveryWorker, PlanNode buildOnEveryWorker)
    {
        JoinDistribution local = new JoinDistribution(JoinDistribution.Kind.COLOCATED, Double.NaN, Double.NaN, Double.NaN, "replicated on every worker");
        return new HashJoinNode(probeOnEveryWorker, buildOnEveryWorker, joinType, strategy, probeKeys, buildKeys, residual, residualText, local, Distribution.REPLICATED,
                estimatedRows, probeOutputs, buildOutputs, runtimeFilters);
    }

    public boolean filtersBuildRows()
    {
        return strategy == HashJoinStrategy.FILTER_BUILD_ROWS;
    }

    @Override
    public List<Type> outputTypes()
    {
        if (filtersBuildRows()) {
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
        boolean allProbe = filtersBuildRows() || probeOutputs.size() == probe.outputTypes().size();
        boolean allBuild = buildOutputs.size() == build.outputTypes().size() || buildOutputs.isEmpty() && !joinType.outputsBuildColumns();
        return "HashJoin[" + joinType + (filtersBuildRows() ? ", build=left" : "") + ", probe keys=" + probeKeys + ", build keys=" + buildKeys
                + (residual == null ? "" : ", filter=" + residualText)
                + (allProbe && allBuild ? "" : ", output probe " + probeOutputs + " build " + buildOutputs)
                + ", " + joinDistribution + "]";
    }
}
