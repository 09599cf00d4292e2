package io.signo.sql.rule;

import io.signo.sql.cost.EqualColumns;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Drops from an inner join the key pairs its inputs already imply: with {@code l = r} a condition, a
 * second {@code l' = r'} where every row of the left input has {@code l' = l} and every row of the
 * right input {@code r' = r} (or the same columns) keeps exactly the rows the first keeps. Join
 * ordering leaves such pairs where it joins inputs that the equalities of {@link
 * MultiJoinTransitiveKeys} connect several ways (TPC-H Q9's lineitem with partsupp joined to part:
 * {@code l_partkey = ps_partkey} and {@code l_partkey = p_partkey}); each one would be hashed,
 * compared and tested in the runtime filter for nothing.
 */
public final class JoinRedundantKeys
        extends RelRule<SignoRuleConfig>
{
    private JoinRedundantKeys(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of("JoinRedundantKeys",
            operand -> operand.operand(Join.class).predicate(join -> join.getJoinType() == JoinRelType.INNER).anyInputs(), JoinRedundantKeys::new);

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        Join join = call.rel(0);
        List<RexNode> conditions = RelOptUtil.conjunctions(join.getCondition());
        int leftCount = join.getLeft().getRowType().getFieldCount();
        List<int[]> keyPairs = new ArrayList<>();
        for (RexNode condition : conditions) {
            int[] pair = keyPair(condition, leftCount);
            if (pair != null) {
                keyPairs.add(pair);
            }
        }
        if (keyPairs.size() < 2) {
            return;
        }
        EqualColumns left = EqualColumns.of(join.getLeft());
        EqualColumns right = EqualColumns.of(join.getRight());
        List<RexNode> kept = new ArrayList<>();
        List<int[]> keptPairs = new ArrayList<>();
        boolean dropped = false;
        for (RexNode condition : conditions) {
            int[] pair = keyPair(condition, leftCount);
            if (pair != null && impliedByKept(pair, keptPairs, left, right, leftCount)) {
                dropped = true;
                continue;
            }
            if (pair != null) {
                keptPairs.add(pair);
            }
            kept.add(condition);
        }
        if (dropped) {
            RexNode condition = RexUtil.composeConjunction(join.getCluster().getRexBuilder(), kept);
            call.transformTo(join.copy(join.getTraitSet(), condition, join.getLeft(), join.getRight(), join.getJoinType(), join.isSemiJoinDone()));
        }
    }

    private static boolean impliedByKept(int[] pair, List<int[]> keptPairs, EqualColumns left, EqualColumns right, int leftCount)
    {
        for (int[] kept : keptPairs) {
            if (left.equal(kept[0], pair[0]) && right.equal(kept[1] - leftCount, pair[1] - leftCount)) {
                return true;
            }
        }
        return false;
    }

    /** {@code [left field, right field]} of an equality between a column of each input, or null. */
    private static int[] keyPair(RexNode condition, int leftCount)
    {
        if (condition.getKind() != SqlKind.EQUALS || !(condition instanceof RexCall call) || !(call.getOperands().get(0) instanceof RexInputRef a)
                || !(call.getOperands().get(1) instanceof RexInputRef b)) {
            return null;
        }
        if (a.getIndex() < leftCount && b.getIndex() >= leftCount) {
            return new int[] {a.getIndex(), b.getIndex()};
        }
        if (b.getIndex() < leftCount && a.getIndex() >= leftCount) {
            return new int[] {b.getIndex(), a.getIndex()};
        }
        return null;
    }
}
