package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strengthens filters whose conditions are ORs of ANDs with predicates that can be pushed down.
 * {@code (a AND x) OR (a AND y)} becomes {@code a AND (x OR y)} (common factors), and for a column
 * that every branch restricts, {@code (c = 1 AND d = 2) OR (c = 3 AND e = 4)} also implies
 * {@code c = 1 OR c = 3}: that extra conjunct reads one column, so it goes down to that column's scan
 * (and prunes its segments) while the original OR still decides. TPC-H Q7 and Q19 are the examples:
 * without it, whole tables reach the join before the OR throws most rows away.
 */
final class DisjunctionPredicates
{
    private DisjunctionPredicates() {}

    static RelNode apply(RelNode root)
    {
        return root.accept(new RelShuttleImpl()
        {
            @Override
            public RelNode visit(LogicalFilter filter)
            {
                RelNode visited = super.visit(filter);
                if (!(visited instanceof Filter rewritten)) {
                    return visited;
                }
                RexNode strengthened = strengthen(rewritten.getCluster().getRexBuilder(), rewritten.getCondition());
                return strengthened.equals(rewritten.getCondition()) ? rewritten : rewritten.copy(rewritten.getTraitSet(), rewritten.getInput(), strengthened);
            }
        });
    }

    static RexNode strengthen(RexBuilder rexBuilder, RexNode condition)
    {
        RexNode factored = RexUtil.pullFactors(rexBuilder, condition);
        List<RexNode> conjuncts = new ArrayList<>(RelOptUtil.conjunctions(factored));
        List<RexNode> derived = new ArrayList<>();
        for (RexNode conjunct : conjuncts) {
            List<RexNode> branches = RelOptUtil.disjunctions(conjunct);
            if (branches.size() < 2) {
                continue;
            }
            for (RexNode implied : impliedByEveryBranch(rexBuilder, branches)) {
                if (!conjuncts.contains(implied) && !derived.contains(implied)) {
                    derived.add(implied);
                }
            }
        }
        if (derived.isEmpty()) {
            return factored;
        }
        conjuncts.addAll(derived);
        return RexUtil.composeConjunction(rexBuilder, conjuncts);
    }

    /** For each column restricted in every branch, the OR of each branch's restrictions of it. */
    private static List<RexNode> impliedByEveryBranch(RexBuilder rexBuilder, List<RexNode> branches)
    {
        List<Map<Integer, List<RexNode>>> byColumn = new ArrayList<>();
        for (RexNode branch : branches) {
            Map<Integer, List<RexNode>> restrictions = new LinkedHashMap<>();
            for (RexNode conjunct : RelOptUtil.conjunctions(branch)) {
                ImmutableBitSet columns = RelOptUtil.InputFinder.bits(conjunct);
                if (columns.cardinality() == 1 && RexUtil.isDeterministic(conjunct)) {
                    restrictions.computeIfAbsent(columns.nth(0), ignored -> new ArrayList<>()).add(conjunct);
                }
            }
            byColumn.add(restrictions);
        }
        List<RexNode> implied = new ArrayList<>();
        for (Integer column : byColumn.getFirst().keySet()) {
            if (byColumn.stream().allMatch(restrictions -> restrictions.containsKey(column))) {
                List<RexNode> alternatives = new ArrayList<>();
                for (Map<Integer, List<RexNode>> restrictions : byColumn) {
                    alternatives.add(RexUtil.composeConjunction(rexBuilder, restrictions.get(column)));
                }
                implied.add(RexUtil.composeDisjunction(rexBuilder, alternatives));
            }
        }
        return implied;
    }
}
