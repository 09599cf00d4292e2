package io.signo.sql.planner;

import org.apache.calcite.plan.Context;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.rex.RexUtil;

/**
 * The planner a statement's cluster is made with (Hep planners do the rewriting; the cluster's planner
 * lends rules and simplifiers its executor). Its executor is a {@link ConstantFoldingExecutor}: with it
 * the reduction rules fold constant expressions at planning ({@code DATE '1998-12-01' - INTERVAL '90'
 * DAY} becomes {@code 1998-09-02}, which then prunes segments and compares as a plain constant),
 * mostly without compiling code.
 */
final class ClusterPlanner
        extends VolcanoPlanner
{
    ClusterPlanner(Context context)
    {
        super(context);
        setExecutor(new ConstantFoldingExecutor(RexUtil.EXECUTOR));
    }
}
