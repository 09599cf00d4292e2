package io.signo.sql.planner;

import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.function.FunctionRegistry;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;
import org.apache.calcite.util.TimestampWithTimeZoneString;

import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;

import static java.util.Objects.requireNonNull;

/**
 * Puts the statement's start in place of CURRENT_DATE, CURRENT_TIMESTAMP, NOW() and LOCALTIMESTAMP
 * right after the statement becomes a plan, as constants: every row, driver and worker sees the same
 * value, and the constant folds into what uses it ({@code CURRENT_DATE - 30}) like any literal.
 * CURRENT_TIMESTAMP and NOW() are the instant (a TIMESTAMP WITH TIME ZONE); CURRENT_DATE and
 * LOCALTIMESTAMP the date and the wall-clock time in the session's time zone.
 */
final class StatementTime
        extends RexShuttle
{
    private final RexBuilder rexBuilder;
    /** The wall-clock time in the session's zone. */
    private final long micros;
    private final long instantMicros;

    private StatementTime(RexBuilder rexBuilder, Instant start, ZoneId zone)
    {
        this.rexBuilder = requireNonNull(rexBuilder, "rexBuilder is null");
        Instant local = start.plusSeconds(zone.getRules().getOffset(start).getTotalSeconds());
        this.micros = ChronoUnit.MICROS.between(Instant.EPOCH, local);
        this.instantMicros = ChronoUnit.MICROS.between(Instant.EPOCH, start);
    }

    /** The plan with the current date and time functions replaced by the time of {@code start} in {@code zone}. */
    static RelNode replace(RelNode plan, Instant start, ZoneId zone)
    {
        return new StatementTime(plan.getCluster().getRexBuilder(), start, zone).replace(plan);
    }

    private RelNode replace(RelNode plan)
    {
        StatementTime expressions = this;
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
    public RexNode visitCall(RexCall call)
    {
        RexNode visited = super.visitCall(call);
        if (!(visited instanceof RexCall replaced) || !FunctionRegistry.CURRENT_TIME_FUNCTIONS.contains(replaced.getOperator().getName())) {
            return visited;
        }
        if (replaced.getType().getSqlTypeName() == SqlTypeName.DATE) {
            return rexBuilder.makeDateLiteral(DateString.fromDaysSinceEpoch(Math.toIntExact(Math.floorDiv(micros, 86_400_000_000L))));
        }
        int precision = replaced.getType().getPrecision();
        long unit = (long) Math.pow(10, 6 - Math.min(precision, CalciteTypes.TIMESTAMP_PRECISION));
        if (replaced.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ) {
            TimestampWithTimeZoneString instant = CalciteTypes.instantString(Math.floorDiv(instantMicros, unit) * unit);
            return rexBuilder.makeTimestampTzLiteral(requireNonNull(instant, "the current time has no literal"), precision);
        }
        TimestampString value = CalciteTypes.timestampString(Math.floorDiv(micros, unit) * unit);
        return rexBuilder.makeTimestampLiteral(requireNonNull(value, "the current time has no literal"), precision);
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery subQuery)
    {
        RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
        RelNode plan = replace(visited.rel);
        return plan == visited.rel ? visited : visited.clone(plan);
    }
}
