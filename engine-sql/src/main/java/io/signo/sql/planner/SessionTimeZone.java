package io.signo.sql.planner;

import io.signo.sql.translate.function.FunctionRegistry;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Gives the session's time zone to whatever reads a TIMESTAMP WITH TIME ZONE (an instant) as a
 * wall-clock time, right after the statement becomes a plan: casts to and from it become Signo's
 * functions that take the zone ({@code CAST(t AS DATE)} is {@code CAST($TO_LOCAL(t, 'Europe/Berlin') AS DATE)}),
 * EXTRACT, DATE_PART, DATE_TRUNC, DATE_DIFF, DAYNAME, MONTHNAME and LAST_DAY read its wall-clock time
 * (but the EPOCH, which is the instant's), STRFTIME writes it with the zone's offset, and interval
 * arithmetic moves it on the zone's calendar. The zone then travels with the plan, as a constant,
 * to every worker, and folds with the rest ({@code TIMESTAMPTZ '2024-01-01 10:00+00'::DATE}).
 */
final class SessionTimeZone
        extends RexShuttle
{
    /** The functions of a date or timestamp that read its calendar fields: a TIMESTAMP WITH TIME ZONE's in the session's zone. */
    private static final Set<String> WALL_CLOCK_FUNCTIONS = Set.of("DATE_DIFF", "DATEDIFF", "DAYNAME", "MONTHNAME", "LAST_DAY");
    private static final Set<String> DATE_PART_FUNCTIONS = Set.of("DATE_PART", "DATEPART");

    private final RexBuilder rexBuilder;
    private final RexLiteral zone;

    private SessionTimeZone(RexBuilder rexBuilder, ZoneId zone)
    {
        this.rexBuilder = requireNonNull(rexBuilder, "rexBuilder is null");
        this.zone = rexBuilder.makeLiteral(zone.getId());
    }

    /** The plan with what reads an instant's wall-clock time reading it in {@code zone}. */
    static RelNode apply(RelNode plan, ZoneId zone)
    {
        return new SessionTimeZone(plan.getCluster().getRexBuilder(), zone).apply(plan);
    }

    /** The expression with what reads an instant's wall-clock time reading it in {@code zone}. */
    static RexNode apply(RexBuilder rexBuilder, RexNode expression, ZoneId zone)
    {
        return expression.accept(new SessionTimeZone(rexBuilder, zone));
    }

    private RelNode apply(RelNode plan)
    {
        SessionTimeZone expressions = this;
        return plan.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                return super.visit(other).accept(expressions);
            }
        });
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery subQuery)
    {
        RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
        RelNode plan = apply(visited.rel);
        return plan == visited.rel ? visited : visited.clone(plan);
    }

    @Override
    public RexNode visitCall(RexCall call)
    {
        RexNode visited = super.visitCall(call);
        if (!(visited instanceof RexCall rewritten)) {
            return visited;
        }
        RexNode replacement = replace(rewritten);
        if (replacement == rewritten || replacement.getType().equals(rewritten.getType())) {
            return replacement;
        }
        // the same value in the type the plan's rows expect (a VARCHAR(n), a precision, a nullability)
        return rexBuilder.makeAbstractCast(rewritten.getType(), replacement, false);
    }

    private RexNode replace(RexCall call)
    {
        List<RexNode> operands = call.getOperands();
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        if (call.getKind() == SqlKind.CAST) {
            return cast(call, call.getType(), operands.getFirst());
        }
        if ((call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS) && operands.size() == 2) {
            return arithmetic(call);
        }
        if (call.getKind().belongsTo(SqlKind.BINARY_COMPARISON) && operands.size() == 2 && isInstant(operands.get(0)) != isInstant(operands.get(1))) {
            // the other side read in the zone (Calcite takes the two as comparable as they are)
            int local = isInstant(operands.get(0)) ? 1 : 0;
            SqlTypeName localType = operands.get(local).getType().getSqlTypeName();
            if (localType == SqlTypeName.TIMESTAMP || localType == SqlTypeName.DATE) {
                List<RexNode> compared = new ArrayList<>(operands);
                compared.set(local, cast(call, rexBuilder.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP_TZ), operands.get(local)));
                return rexBuilder.makeCall(call.getOperator(), compared);
            }
        }
        if (name.equals("EXTRACT") && operands.size() == 2 && isInstant(operands.get(1))
                && !(operands.get(0) instanceof RexLiteral unit && unit.getValue() instanceof TimeUnitRange range && range == TimeUnitRange.EPOCH)) {
            return rexBuilder.makeCall(call.getOperator(), operands.get(0), local(operands.get(1)));
        }
        if (DATE_PART_FUNCTIONS.contains(name) && operands.size() == 2 && isInstant(operands.get(1)) && !isEpoch(operands.get(0))) {
            return rexBuilder.makeCall(call.getOperator(), operands.get(0), local(operands.get(1)));
        }
        if (name.equals("DATE_TRUNC") && operands.size() == 2 && isInstant(operands.get(1))) {
            return instant(rexBuilder.makeCall(call.getOperator(), operands.get(0), local(operands.get(1))));
        }
        if (name.equals("STRFTIME") && operands.size() == 2) {
            int valueIndex = SqlTypeUtil.isCharacter(operands.get(0).getType()) ? 1 : 0;
            if (isInstant(operands.get(valueIndex))) {
                return rexBuilder.makeCall(FunctionRegistry.STRFTIME_IN_ZONE, operands.get(valueIndex), operands.get(1 - valueIndex), zone);
            }
        }
        if (WALL_CLOCK_FUNCTIONS.contains(name) || call.getOperator() == FunctionRegistry.SINCE_EPOCH) {
            return withLocalOperands(call);
        }
        return call;
    }

    /** A cast to or from a TIMESTAMP WITH TIME ZONE, in the zone. */
    private RexNode cast(RexCall call, RelDataType target, RexNode value)
    {
        SqlTypeName from = value.getType().getSqlTypeName();
        SqlTypeName to = target.getSqlTypeName();
        if (to == SqlTypeName.TIMESTAMP_TZ && from != SqlTypeName.TIMESTAMP_TZ) {
            return switch (from) {
                case TIMESTAMP -> instant(value);
                case DATE -> instant(rexBuilder.makeAbstractCast(rexBuilder.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP), value, false));
                case CHAR, VARCHAR -> rexBuilder.makeCall(FunctionRegistry.PARSE_INSTANT, value, zone);
                default -> call;
            };
        }
        if (from == SqlTypeName.TIMESTAMP_TZ && to != SqlTypeName.TIMESTAMP_TZ) {
            return switch (to) {
                case TIMESTAMP -> local(value);
                case DATE, TIME -> rexBuilder.makeAbstractCast(target, local(value), false);
                case CHAR, VARCHAR -> rexBuilder.makeCall(FunctionRegistry.FORMAT_INSTANT, value, zone);
                default -> call;
            };
        }
        return call;
    }

    /** An instant plus or minus an interval: moved on the zone's calendar. */
    private RexNode arithmetic(RexCall call)
    {
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        if (isInstant(left) && isInterval(right)) {
            RexNode interval = call.getKind() == SqlKind.MINUS ? rexBuilder.makeCall(SqlStdOperatorTable.UNARY_MINUS, right) : right;
            return rexBuilder.makeCall(FunctionRegistry.ADD_IN_ZONE, left, interval, zone);
        }
        if (call.getKind() == SqlKind.PLUS && isInterval(left) && isInstant(right)) {
            return rexBuilder.makeCall(FunctionRegistry.ADD_IN_ZONE, right, left, zone);
        }
        return call;
    }

    private RexNode withLocalOperands(RexCall call)
    {
        List<RexNode> operands = new ArrayList<>(call.getOperands());
        boolean changed = false;
        for (int i = 0; i < operands.size(); i++) {
            if (isInstant(operands.get(i))) {
                operands.set(i, local(operands.get(i)));
                changed = true;
            }
        }
        return changed ? rexBuilder.makeCall(call.getOperator(), operands) : call;
    }

    private RexNode local(RexNode instant)
    {
        return rexBuilder.makeCall(FunctionRegistry.TO_LOCAL, instant, zone);
    }

    private RexNode instant(RexNode timestamp)
    {
        return rexBuilder.makeCall(FunctionRegistry.TO_INSTANT, timestamp, zone);
    }

    private static boolean isInstant(RexNode node)
    {
        return node.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ;
    }

    private static boolean isInterval(RexNode node)
    {
        SqlTypeFamily family = node.getType().getSqlTypeName().getFamily();
        return family == SqlTypeFamily.INTERVAL_YEAR_MONTH || family == SqlTypeFamily.INTERVAL_DAY_TIME;
    }

    private static boolean isEpoch(RexNode part)
    {
        return part instanceof RexLiteral literal && SqlTypeUtil.isCharacter(literal.getType()) && !literal.isNull()
                && "epoch".equalsIgnoreCase(requireNonNull(literal.getValueAs(String.class)).strip());
    }
}
