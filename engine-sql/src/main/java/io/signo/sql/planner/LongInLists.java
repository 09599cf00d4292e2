package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the long OR of equalities Calcite makes of {@code x IN (c1, ..., cn)} (and the AND of
 * inequalities of NOT IN) into one SEARCH of a set of points, right after the SQL is converted:
 * simplifying the OR one term against the others takes quadratic time (a 1,000-value list, as BI
 * tools write for a filter, took over a minute to plan), a point set takes n log n, and the
 * translator runs it as a hash set lookup.
 */
final class LongInLists
{
    /** Shorter lists are left to Calcite's simplification, which makes the same SEARCH of them quickly. */
    static final int MIN_VALUES = 20;

    private LongInLists() {}

    static RelNode toSearches(RelNode root)
    {
        RexShuttle lists = new ListShuttle(root.getCluster().getRexBuilder());
        return root.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                return super.visit(other).accept(lists);
            }
        });
    }

    private static final class ListShuttle
            extends RexShuttle
    {
        private final RexBuilder rexBuilder;

        ListShuttle(RexBuilder rexBuilder)
        {
            this.rexBuilder = rexBuilder;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery)
        {
            RexSubQuery withOperands = (RexSubQuery) super.visitSubQuery(subQuery);
            return withOperands.clone(toSearches(withOperands.rel));
        }

        @Override
        public RexNode visitCall(RexCall call)
        {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall rewritten)) {
                return visited;
            }
            if (rewritten.getKind() == SqlKind.OR) {
                RexNode search = search(RelOptUtil.disjunctions(rewritten), SqlKind.EQUALS);
                return search == null ? rewritten : search;
            }
            if (rewritten.getKind() == SqlKind.AND) {
                RexNode search = search(RelOptUtil.conjunctions(rewritten), SqlKind.NOT_EQUALS);
                return search == null ? rewritten : rexBuilder.makeCall(SqlStdOperatorTable.NOT, search);
            }
            return rewritten;
        }

        /** {@code value IN (points)} when every term compares the same value with a constant by {@code comparison}; else null. */
        private RexNode search(List<RexNode> terms, SqlKind comparison)
        {
            if (terms.size() < MIN_VALUES) {
                return null;
            }
            RexNode value = null;
            List<RexNode> points = new ArrayList<>(terms.size());
            for (RexNode term : terms) {
                if (term.getKind() != comparison || !(term instanceof RexCall call)) {
                    return null;
                }
                RexNode left = call.getOperands().get(0);
                RexNode right = call.getOperands().get(1);
                RexNode compared = right instanceof RexLiteral ? left : left instanceof RexLiteral ? right : null;
                RexNode point = compared == left ? right : left;
                if (compared == null || compared instanceof RexLiteral || ((RexLiteral) point).isNull() || (value != null && !value.equals(compared))) {
                    return null;
                }
                value = compared;
                points.add(point);
            }
            try {
                return rexBuilder.makeIn(value, points);
            }
            catch (RuntimeException e) {
                // constants of types a point set cannot hold together: keep the terms
                return null;
            }
        }
    }
}
