package io.signo.sql.planner;

import org.apache.calcite.plan.Context;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.rel.rules.ReduceExpressionsRule;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexUtil;

/**
 * The planner a statement's cluster is made with (Hep planners do the rewriting; the cluster's planner
 * lends rules its executor). Its executor is a {@link CastFoldingExecutor}, which every simplifier
 * takes. Calcite's reduction rules fold whole constant expressions only when the cluster's planner has
 * an executor at all, and Signo's plans have always been made without one: to that one step, {@link
 * ReduceExpressionsRule}'s {@code reduceExpressionsInternal}, this planner says it has none, so the
 * plans stay exactly what they were. Should a Calcite upgrade move that call, {@code ClusterPlannerTest}
 * and the TPC-H plan snapshots fail (Q1 would fold its date arithmetic).
 */
final class ClusterPlanner
        extends VolcanoPlanner
{
    private static final StackWalker STACK = StackWalker.getInstance();
    private static final String REDUCTION_CLASS = ReduceExpressionsRule.class.getName();
    private static final String REDUCTION_METHOD = "reduceExpressionsInternal";

    ClusterPlanner(Context context)
    {
        super(context);
        setExecutor(new CastFoldingExecutor(RexUtil.EXECUTOR));
    }

    @Override
    public RexExecutor getExecutor()
    {
        return calledByConstantReduction() ? null : super.getExecutor();
    }

    private static boolean calledByConstantReduction()
    {
        // frames: this method, getExecutor, its caller
        return STACK.walk(frames -> frames.skip(2)
                .findFirst()
                .map(frame -> frame.getMethodName().equals(REDUCTION_METHOD) && frame.getClassName().equals(REDUCTION_CLASS))
                .orElse(false));
    }
}
