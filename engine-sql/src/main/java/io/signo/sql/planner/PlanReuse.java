package io.signo.sql.planner;

import io.signo.sql.translate.function.FunctionRegistry;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlOperator;

/**
 * Whether a statement's plan may serve the same statement again: not when it reads the clock
 * (CURRENT_DATE and the other functions {@link StatementTime} fixes at the statement's start) or
 * calls a function whose value changes between calls, since the plan holds what planning made of
 * them.
 */
final class PlanReuse
        extends RexShuttle
{
    private boolean reusable = true;

    private PlanReuse() {}

    /** Whether {@code plan}, as converted from SQL before its time functions are replaced, calls no time-dependent or non-deterministic function. */
    static boolean reusable(RelNode plan)
    {
        PlanReuse check = new PlanReuse();
        check.visit(plan);
        return check.reusable;
    }

    private void visit(RelNode plan)
    {
        PlanReuse expressions = this;
        plan.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                other.accept(expressions);
                return super.visit(other);
            }
        });
    }

    @Override
    public RexNode visitCall(RexCall call)
    {
        SqlOperator operator = call.getOperator();
        if (operator.isDynamicFunction() || !operator.isDeterministic() || FunctionRegistry.CURRENT_TIME_FUNCTIONS.contains(operator.getName())) {
            reusable = false;
        }
        return super.visitCall(call);
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery subQuery)
    {
        visit(subQuery.rel);
        return super.visitSubQuery(subQuery);
    }
}
