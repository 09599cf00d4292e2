package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableIntList;

import java.util.ArrayList;
import java.util.List;

/**
 * Semi-join reduction ("magic sets") for a decorrelated sub-query: an INNER equi join between a small
 * input Y and an Aggregate A over a big input X, joined on group keys of A, becomes a join with
 * {@code A(SEMI JOIN(X, keys of Y))}. Rows of X whose keys have no partner in Y form groups that can
 * never join, and every group that does join keeps all its rows, so the result is unchanged while the
 * aggregation (and its exchange) sees only the rows that matter (TPC-H Q2, Q17, Q20).
 */
public final class AggregateSemiJoinReduction
        extends RelOptRule
{
    public static final AggregateSemiJoinReduction INSTANCE = new AggregateSemiJoinReduction();

    /** Reduce only when the keys kept are this many times fewer than the rows aggregated. */
    private static final double MIN_REDUCTION = 10;

    private AggregateSemiJoinReduction()
    {
        super(operand(Join.class, any()), "AggregateSemiJoinReduction");
    }

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        Join join = call.rel(0);
        if (join.getJoinType() != JoinRelType.INNER) {
            return;
        }
        RelNode left = unwrap(join.getLeft());
        RelNode right = unwrap(join.getRight());
        // the aggregate on the left, else on the right
        RelNode rewritten = reduce(call, join, left, right, true);
        if (rewritten == null) {
            rewritten = reduce(call, join, right, left, false);
        }
        if (rewritten != null) {
            call.transformTo(rewritten);
        }
    }

    /**
     * Rewrites the join if {@code aggregateSide} is an Aggregate (or a Project of one) that qualifies,
     * else returns null.
     */
    private static RelNode reduce(RelOptRuleCall call, Join join, RelNode aggregateSide, RelNode other, boolean aggregateOnLeft)
    {
        Project project = null;
        RelNode candidate = aggregateSide;
        if (candidate instanceof Project top) {
            project = top;
            candidate = unwrap(top.getInput());
        }
        if (!(candidate instanceof Aggregate aggregate)
                || aggregate.getGroupType() != Aggregate.Group.SIMPLE
                || aggregate.getGroupCount() == 0
                || aggregate.getAggCallList().isEmpty()) {
            // a pure DISTINCT is an EXISTS or IN that the translator already runs as a semi join
            return null;
        }
        RelNode input = unwrap(aggregate.getInput());
        if (input instanceof Join inputJoin && inputJoin.getJoinType() == JoinRelType.SEMI) {
            // already reduced: the rule must not fire again on its own output
            return null;
        }

        // other conjuncts may read the aggregate's results: they hold or fail for a pair exactly as
        // before, because every group that keeps a partner keeps all its rows and so its values
        JoinInfo joinInfo = join.analyzeCondition();
        for (boolean filtersNulls : joinInfo.nullExclusionFlags) {
            if (!filtersNulls) {
                // IS NOT DISTINCT FROM joins null keys, which a plain semi join would drop
                return null;
            }
        }
        ImmutableIntList aggregateKeys = aggregateOnLeft ? joinInfo.leftKeys : joinInfo.rightKeys;
        ImmutableIntList otherKeys = aggregateOnLeft ? joinInfo.rightKeys : joinInfo.leftKeys;
        if (aggregateKeys.isEmpty()) {
            return null;
        }

        // map each key of the aggregate side to the input column of X it groups on
        List<Integer> groupKeys = aggregate.getGroupSet().asList();
        List<Integer> inputKeys = new ArrayList<>(aggregateKeys.size());
        for (int key : aggregateKeys) {
            int aggregateField = key;
            if (project != null) {
                if (!(project.getProjects().get(key) instanceof RexInputRef reference)) {
                    return null;
                }
                aggregateField = reference.getIndex();
            }
            if (aggregateField >= groupKeys.size()) {
                // an aggregate result, not a group key
                return null;
            }
            inputKeys.add(groupKeys.get(aggregateField));
        }

        if (contains(other, aggregate)) {
            return null;
        }
        RelMetadataQuery metadata = call.getMetadataQuery();
        Double otherRows = metadata.getRowCount(other);
        Double inputRows = metadata.getRowCount(input);
        if (otherRows == null || inputRows == null || otherRows * MIN_REDUCTION >= inputRows) {
            return null;
        }

        RelBuilder relBuilder = RelFactoriesHolder.relBuilder(join.getCluster());
        relBuilder.push(input);
        relBuilder.push(other);
        relBuilder.project(relBuilder.fields(otherKeys));
        List<RexNode> conditions = new ArrayList<>(inputKeys.size());
        for (int i = 0; i < inputKeys.size(); i++) {
            conditions.add(relBuilder.equals(relBuilder.field(2, 0, inputKeys.get(i)), relBuilder.field(2, 1, i)));
        }
        RelNode reducedInput = relBuilder.join(JoinRelType.SEMI, conditions).build();

        RelNode reducedAggregate = aggregate.copy(aggregate.getTraitSet(), List.of(reducedInput));
        RelNode reducedSide = project == null ? reducedAggregate : project.copy(project.getTraitSet(), List.of(reducedAggregate));
        List<RelNode> inputs = aggregateOnLeft ? List.of(reducedSide, join.getRight()) : List.of(join.getLeft(), reducedSide);
        return join.copy(join.getTraitSet(), inputs);
    }

    private static RelNode unwrap(RelNode rel)
    {
        return rel instanceof HepRelVertex vertex ? vertex.getCurrentRel() : rel;
    }

    /** Whether {@code tree} reads {@code target}: then Y depends on A and must not filter A's input. */
    private static boolean contains(RelNode tree, RelNode target)
    {
        RelNode rel = unwrap(tree);
        if (rel == target || rel.getDigest().equals(target.getDigest())) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (contains(input, target)) {
                return true;
            }
        }
        return false;
    }
}
