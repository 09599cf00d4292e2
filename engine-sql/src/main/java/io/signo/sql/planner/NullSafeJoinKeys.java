package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.ArrayList;
import java.util.List;

/**
 * Join keys compared with {@code IS NOT DISTINCT FROM}, where a NULL key matches a NULL key, as keys
 * the hash join matches: Signo's hash join, as SQL's {@code =}, never matches a row whose key is
 * NULL. Calcite writes such keys when it joins a DISTINCT aggregate's groups back to the other
 * aggregates' ({@code SELECT n, COUNT(DISTINCT x), AVG(x) ... GROUP BY n} lost its NULL group) and
 * when it decorrelates. A nullable key {@code l IS NOT DISTINCT FROM r} becomes two keys,
 * {@code COALESCE(l, v) = COALESCE(r, v)} and {@code (l IS NULL) = (r IS NULL)} with {@code v} any
 * value of the type, computed by projections below the join.
 */
final class NullSafeJoinKeys
{
    private NullSafeJoinKeys() {}

    static RelNode apply(RelNode root)
    {
        return root.accept(new RelShuttleImpl()
        {
            @Override
            public RelNode visit(LogicalJoin join)
            {
                RelNode visited = super.visit(join);
                return visited instanceof Join rewritten ? rewrite(rewritten) : visited;
            }
        });
    }

    private static RelNode rewrite(Join join)
    {
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        List<RexNode> nonEquiList = new ArrayList<>();
        RelOptUtil.splitJoinCondition(left, right, join.getCondition(), leftKeys, rightKeys, filterNulls, nonEquiList);
        RexBuilder rexBuilder = join.getCluster().getRexBuilder();
        int leftCount = left.getRowType().getFieldCount();
        List<RexNode> conjuncts = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < leftKeys.size(); i++) {
            RexNode leftKey = rexBuilder.makeInputRef(left.getRowType().getFieldList().get(leftKeys.get(i)).getType(), leftKeys.get(i));
            RelDataType rightType = right.getRowType().getFieldList().get(rightKeys.get(i)).getType();
            RexNode rightKey = rexBuilder.makeInputRef(rightType, leftCount + rightKeys.get(i));
            boolean nullSafe = !filterNulls.get(i) && leftKey.getType().isNullable() && rightType.isNullable();
            RexNode leftSubstitute = nullSafe ? substitute(rexBuilder, leftKey.getType()) : null;
            RexNode rightSubstitute = nullSafe ? substitute(rexBuilder, rightType) : null;
            if (leftSubstitute == null || rightSubstitute == null) {
                conjuncts.add(rexBuilder.makeCall(filterNulls.get(i) ? SqlStdOperatorTable.EQUALS : SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, leftKey, rightKey));
                continue;
            }
            changed = true;
            conjuncts.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
                    rexBuilder.makeCall(SqlStdOperatorTable.COALESCE, leftKey, leftSubstitute),
                    rexBuilder.makeCall(SqlStdOperatorTable.COALESCE, rightKey, rightSubstitute)));
            conjuncts.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
                    rexBuilder.makeCall(SqlStdOperatorTable.IS_NULL, leftKey),
                    rexBuilder.makeCall(SqlStdOperatorTable.IS_NULL, rightKey)));
        }
        if (!changed) {
            return join;
        }
        conjuncts.addAll(nonEquiList);
        Join split = join.copy(join.getTraitSet(), RexUtil.composeConjunction(rexBuilder, conjuncts), left, right, join.getJoinType(), join.isSemiJoinDone());
        return RelOptUtil.pushDownJoinConditions(split, RelFactoriesHolder.relBuilder(join.getCluster()));
    }

    /** A value of the type to stand for NULL beside the IS NULL key, or null for a type without a zero literal. */
    private static RexNode substitute(RexBuilder rexBuilder, RelDataType type)
    {
        SqlTypeName name = type.getSqlTypeName();
        if (SqlTypeName.NUMERIC_TYPES.contains(name) || SqlTypeName.CHAR_TYPES.contains(name) || name == SqlTypeName.BOOLEAN || name == SqlTypeName.DATE
                || name == SqlTypeName.TIMESTAMP) {
            return rexBuilder.makeZeroLiteral(rexBuilder.getTypeFactory().createTypeWithNullability(type, false));
        }
        return null;
    }
}
