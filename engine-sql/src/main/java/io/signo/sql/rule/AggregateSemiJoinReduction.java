package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableIntList;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Semi-join reduction ("magic sets") for a decorrelated sub-query: an INNER equi join between a small
 * input Y and an Aggregate A over a big input X, joined on group keys of A, becomes a join with
 * {@code A(SEMI JOIN(X, keys of Y))}. Rows of X whose keys have no partner in Y form groups that can
 * never join, and every group that does join keeps all its rows, so the result is unchanged while the
 * aggregation (and its exchange) sees only the rows that matter (TPC-H Q2, Q17, Q20).
 *
 * <p>A need not be an input of the join with Y: a join key of the other side may reach a group key of
 * A through Projects, Filters and INNER joins whose equi conditions make it equal to the group key in
 * every row (join ordering puts TPC-H Q2's aggregate below its joins with partsupp, supplier, nation
 * and region, and the filtered part on top). Each of those operators only drops or combines rows, so a
 * row of A whose key has no partner in Y still leads only to rows the join with Y drops.
 */
public final class AggregateSemiJoinReduction
        extends RelRule<SignoRuleConfig>
{

    /** Reduce only when the keys kept are this many times fewer than the rows aggregated. */
    private static final double MIN_REDUCTION = 10;

    /** Y must keep at most one row in this many of the rows of the table its keys come from. */
    private static final double MIN_TABLE_REDUCTION = 2;

    /** Operators a key is traced through, a bound for deep plans. */
    private static final int MAX_DEPTH = 64;

    private AggregateSemiJoinReduction(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of("AggregateSemiJoinReduction", operand -> operand.operand(Join.class).anyInputs(), AggregateSemiJoinReduction::new);

    /** A group key of {@code aggregate}, read from its input's column {@code inputKey}, equal to Y's key column {@code otherKey}. */
    private record KeyPath(Aggregate aggregate, int inputKey, int otherKey) {}

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        Join join = call.rel(0);
        if (join.getJoinType() != JoinRelType.INNER) {
            return;
        }
        // an aggregate on the left, reduced by the right side; else the other way round
        RelNode rewritten = reduce(call, join, true);
        if (rewritten == null) {
            rewritten = reduce(call, join, false);
        }
        if (rewritten != null) {
            call.transformTo(rewritten);
        }
    }

    /**
     * Rewrites the join if the side {@code aggregateOnLeft} names reaches qualifying Aggregates through
     * the join keys, else returns null.
     */
    private static RelNode reduce(RelOptRuleCall call, Join join, boolean aggregateOnLeft)
    {
        // other conjuncts may read the aggregate's results: they hold or fail for a pair exactly as
        // before, because every group that keeps a partner keeps all its rows and so its values
        JoinInfo joinInfo = join.analyzeCondition();
        ImmutableIntList aggregateKeys = aggregateOnLeft ? joinInfo.leftKeys : joinInfo.rightKeys;
        ImmutableIntList otherKeys = aggregateOnLeft ? joinInfo.rightKeys : joinInfo.leftKeys;
        RelNode aggregateSide = aggregateOnLeft ? join.getLeft() : join.getRight();
        RelNode other = aggregateOnLeft ? join.getRight() : join.getLeft();

        List<KeyPath> paths = new ArrayList<>();
        for (int i = 0; i < aggregateKeys.size(); i++) {
            if (!joinInfo.nullExclusionFlags.get(i)) {
                // IS NOT DISTINCT FROM joins null keys, which a plain semi join would drop
                continue;
            }
            trace(aggregateSide, aggregateKeys.get(i), otherKeys.get(i), paths, 0);
        }
        if (paths.isEmpty()) {
            return null;
        }

        // one semi join per aggregate, on every key that reaches it
        Map<Aggregate, List<KeyPath>> byAggregate = new IdentityHashMap<>();
        for (KeyPath path : paths) {
            List<KeyPath> keys = byAggregate.computeIfAbsent(path.aggregate(), _ -> new ArrayList<>());
            if (!keys.contains(path)) {
                keys.add(path);
            }
        }
        RelMetadataQuery metadata = call.getMetadataQuery();
        Double otherRows = metadata.getRowCount(other);
        if (otherRows == null) {
            return null;
        }
        Map<Aggregate, RelNode> replacements = new IdentityHashMap<>();
        for (Map.Entry<Aggregate, List<KeyPath>> entry : byAggregate.entrySet()) {
            Aggregate aggregate = entry.getKey();
            RelNode input = unwrap(aggregate.getInput());
            Double inputRows = metadata.getRowCount(input);
            if (inputRows == null || otherRows * MIN_REDUCTION >= inputRows || contains(other, aggregate)
                    || !keepsFewKeys(metadata, other, otherRows, entry.getValue())) {
                continue;
            }
            RelBuilder relBuilder = call.builder();
            relBuilder.push(input);
            relBuilder.push(other);
            List<Integer> otherFields = new ArrayList<>();
            for (KeyPath path : entry.getValue()) {
                otherFields.add(path.otherKey());
            }
            relBuilder.project(relBuilder.fields(otherFields));
            List<RexNode> conditions = new ArrayList<>();
            for (int i = 0; i < otherFields.size(); i++) {
                conditions.add(relBuilder.equals(relBuilder.field(2, 0, entry.getValue().get(i).inputKey()), relBuilder.field(2, 1, i)));
            }
            RelNode reducedInput = relBuilder.join(JoinRelType.SEMI, conditions).build();
            replacements.put(aggregate, aggregate.copy(aggregate.getTraitSet(), List.of(reducedInput)));
        }
        if (replacements.isEmpty()) {
            return null;
        }
        RelNode reducedSide = replace(aggregateSide, replacements);
        List<RelNode> inputs = aggregateOnLeft ? List.of(reducedSide, join.getRight()) : List.of(join.getLeft(), reducedSide);
        return join.copy(join.getTraitSet(), inputs);
    }

    /**
     * Whether Y keeps few rows of the table one of its key columns comes from. Every key of a whole
     * table (supplier for the revenue per supplier of TPC-H Q15) would filter nothing and cost a join.
     * A key computed by an expression has no table to compare with and is assumed selective.
     */
    private static boolean keepsFewKeys(RelMetadataQuery metadata, RelNode other, double otherRows, List<KeyPath> keys)
    {
        for (KeyPath key : keys) {
            RelColumnOrigin origin = metadata.getColumnOrigin(other, key.otherKey());
            if (origin == null || origin.isDerived() || otherRows * MIN_TABLE_REDUCTION <= origin.getOriginTable().getRowCount()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Collects the Aggregates whose group key equals column {@code field} of {@code rel} in every row
     * of {@code rel}: through Projects of a plain column, Filters, and INNER joins, where the column
     * also equals the columns an equi condition ties it to.
     */
    private static void trace(RelNode node, int field, int otherKey, List<KeyPath> paths, int depth)
    {
        RelNode rel = unwrap(node);
        if (depth > MAX_DEPTH) {
            return;
        }
        switch (rel) {
            case Aggregate aggregate -> {
                if (aggregate.getGroupType() == Aggregate.Group.SIMPLE
                        && field < aggregate.getGroupCount()
                        && !aggregate.getAggCallList().isEmpty()
                        // already reduced: the rule must not fire again on its own output
                        && !(unwrap(aggregate.getInput()) instanceof Join inputJoin && inputJoin.getJoinType() == JoinRelType.SEMI)) {
                    // a pure DISTINCT is an EXISTS or IN that the translator already runs as a semi join
                    paths.add(new KeyPath(aggregate, aggregate.getGroupSet().asList().get(field), otherKey));
                }
            }
            case Project project -> {
                if (project.getProjects().get(field) instanceof RexInputRef reference) {
                    trace(project.getInput(), reference.getIndex(), otherKey, paths, depth + 1);
                }
            }
            case Filter filter -> trace(filter.getInput(), field, otherKey, paths, depth + 1);
            case Join inner when inner.getJoinType() == JoinRelType.INNER -> {
                JoinInfo info = inner.analyzeCondition();
                int leftCount = inner.getLeft().getRowType().getFieldCount();
                // the columns equal to this one in every row of the join (null keys never join)
                Set<Integer> equal = new LinkedHashSet<>();
                equal.add(field);
                boolean grown = true;
                while (grown) {
                    grown = false;
                    for (int i = 0; i < info.leftKeys.size(); i++) {
                        if (!info.nullExclusionFlags.get(i)) {
                            continue;
                        }
                        int left = info.leftKeys.get(i);
                        int right = leftCount + info.rightKeys.get(i);
                        if (equal.contains(left) && equal.add(right) || equal.contains(right) && equal.add(left)) {
                            grown = true;
                        }
                    }
                }
                for (int column : equal) {
                    if (column < leftCount) {
                        trace(inner.getLeft(), column, otherKey, paths, depth + 1);
                    }
                    else {
                        trace(inner.getRight(), column - leftCount, otherKey, paths, depth + 1);
                    }
                }
            }
            default -> {
            }
        }
    }

    /** Copies the path from {@code node} down to each replaced Aggregate; shares everything else. */
    private static RelNode replace(RelNode node, Map<Aggregate, RelNode> replacements)
    {
        RelNode rel = unwrap(node);
        RelNode replacement = replacements.get(rel);
        if (replacement != null) {
            return replacement;
        }
        List<RelNode> inputs = rel.getInputs();
        List<RelNode> newInputs = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode newInput = replace(input, replacements);
            changed |= newInput != input;
            newInputs.add(newInput);
        }
        return changed ? rel.copy(rel.getTraitSet(), newInputs) : node;
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
