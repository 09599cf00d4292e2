package io.signo.sql.planner;

import io.signo.core.expression.Expression;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.DateIntervalFolding;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static java.util.Objects.requireNonNull;

/**
 * Constant folding for the planning of one statement, for the simplifier and the reduction rules.
 * Calcite folds a constant expression by generating Java source and compiling it with Janino, about
 * a millisecond a time while the JIT is cool, and asks again each time it simplifies a condition that
 * holds one (a search argument over a CHAR(25) column makes {@code CAST('GERMANY' AS CHAR(25))} anew
 * on every pass). Here the constants of SQL as people write it are folded directly: a character
 * literal cast to a character type it fits, a DATE plus or minus an interval
 * ({@code DATE '1998-12-01' - INTERVAL '90' DAY}), exact numbers added, subtracted or multiplied
 * ({@code 0.06 - 0.01}), an exact number cast to an exact type it fits ({@code CAST(1 + 10 AS DECIMAL(15, 2))}),
 * each into the very literal the generated code gives ({@code RexExecutable}
 * hands its value to {@link RexBuilder#makeLiteral(Object, RelDataType, boolean)} the same way).
 * Any other constant that Signo runs is computed by Signo's own kernels, so that a constant folded
 * here and a column computed at run time get the same answer: Calcite's generated code wraps integer
 * overflow, truncates casts to integers, reads NaN as 0 and writes dates past 9999 wrongly. A constant
 * whose computation fails (an overflow, an invalid cast) or whose value has no literal (a DATE outside
 * the years 1 to 9999) is left as it is: the rows that reach it compute it (or fail) at run time. Only a
 * constant Signo cannot run is compiled by {@code delegate}, once per statement. Not thread safe: one per statement.
 */
final class ConstantFoldingExecutor
        implements RexExecutor
{
    /** The days since 1970-01-01 of 0001-01-01 and 9999-12-31, the dates a Calcite DATE literal can hold. */
    private static final long FIRST_LITERAL_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    private static final long LAST_LITERAL_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private final RexExecutor delegate;
    private final ZoneId timeZone;
    private final Map<RexNode, RexNode> folded = new HashMap<>();

    ConstantFoldingExecutor(RexExecutor delegate)
    {
        this(delegate, ZoneId.systemDefault());
    }

    /** @param timeZone the session's, in which constants of TIMESTAMP WITH TIME ZONE are read (Calcite simplifies some before the plan is given it) */
    ConstantFoldingExecutor(RexExecutor delegate, ZoneId timeZone)
    {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.timeZone = requireNonNull(timeZone, "timeZone is null");
    }

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues)
    {
        // each expression on its own: folded directly when it can be, else computed once per statement
        for (RexNode expression : constExps) {
            RexNode value = foldDirectly(rexBuilder, expression);
            if (value == null) {
                value = folded.get(expression);
            }
            if (value == null) {
                value = evaluate(rexBuilder, withIntervalProductsFolded(rexBuilder, expression));
                folded.put(expression, value);
            }
            reducedValues.add(value);
        }
    }

    /**
     * The expression with each interval times an exact number ({@code 2 * INTERVAL '3' DAY}) made one
     * interval literal, the only interval Signo's kernels take: the whole expression then runs on them,
     * instead of Calcite's generated code, which writes dates past 9999 wrongly.
     */
    private static RexNode withIntervalProductsFolded(RexBuilder rexBuilder, RexNode expression)
    {
        return expression.accept(new RexShuttle()
        {
            @Override
            public RexNode visitCall(RexCall call)
            {
                RexCall visited = (RexCall) super.visitCall(call);
                if (visited.getKind() != SqlKind.TIMES || visited.getOperands().size() != 2
                        || !(visited.getOperands().get(0) instanceof RexLiteral left) || !(visited.getOperands().get(1) instanceof RexLiteral right)
                        || left.isNull() || right.isNull()) {
                    return visited;
                }
                boolean leftInterval = SqlTypeName.INTERVAL_TYPES.contains(left.getType().getSqlTypeName());
                RexLiteral interval = leftInterval ? left : right;
                RexLiteral number = leftInterval ? right : left;
                if (!SqlTypeName.INTERVAL_TYPES.contains(interval.getType().getSqlTypeName()) || !SqlTypeName.EXACT_TYPES.contains(number.getType().getSqlTypeName())) {
                    return visited;
                }
                BigDecimal product = requireNonNull(interval.getValueAs(BigDecimal.class)).multiply(requireNonNull(number.getValueAs(BigDecimal.class)));
                if (product.stripTrailingZeros().scale() > 0) {
                    // a fraction of the interval's unit has no literal
                    return visited;
                }
                return rexBuilder.makeLiteral(product.setScale(0), visited.getType(), true);
            }
        });
    }

    /** Not something Signo runs: only folding can make it work, so Calcite's generated code folds it. */
    private RexNode foldedByDelegate(RexBuilder rexBuilder, RexNode expression)
    {
        List<RexNode> values = new ArrayList<>(1);
        delegate.reduce(rexBuilder, List.of(expression), values);
        return values.getFirst();
    }

    /** The literal of the value Signo's kernels compute; the expression itself when they fail or the value has no literal. */
    private RexNode evaluate(RexBuilder rexBuilder, RexNode expression)
    {
        Expression translated;
        try {
            translated = RexTranslator.identity(rexBuilder, List.of()).translate(SessionTimeZone.apply(rexBuilder, expression, timeZone));
        }
        catch (SignoException e) {
            if (e.errorCode() != ErrorCode.NOT_SUPPORTED) {
                // a user's error (an invalid regular expression): translating it at run time reports it
                return expression;
            }
            return foldedByDelegate(rexBuilder, expression);
        }
        catch (RuntimeException e) {
            return foldedByDelegate(rexBuilder, expression);
        }
        ColumnVector vector;
        try {
            vector = translated.evaluate(new Page(1), null, 1, PageAllocator.transientPages());
        }
        catch (RuntimeException e) {
            // an error such as an overflow belongs to the rows that reach it (a CASE branch may never run)
            return expression;
        }
        Object value = RexTranslator.constantValue(vector, translated.type());
        if (value == null && !expression.getType().isNullable()) {
            // Calcite typed it NOT NULL (LPAD(NULL, 3, 'x')): a NULL literal would change the row type
            return expression;
        }
        if (value instanceof Double number && !Double.isFinite(number)) {
            // a literal holds a finite number only
            return expression;
        }
        if (value instanceof Integer days && translated.type().kind() == TypeKind.DATE) {
            if (days < FIRST_LITERAL_DAY || days > LAST_LITERAL_DAY) {
                return expression;
            }
            value = DateString.fromDaysSinceEpoch(days);
        }
        if (value instanceof Long number) {
            value = switch (translated.type().kind()) {
                case TIMESTAMP -> CalciteTypes.timestampString(number);
                case TIMESTAMP_TZ -> CalciteTypes.instantString(number);
                case TIME -> new TimeString(CivilTime.format(number));
                case INTERVAL_YEAR_MONTH -> BigDecimal.valueOf(number);
                // Calcite's day-time intervals count milliseconds: a fraction of one has no literal
                case INTERVAL_DAY_TIME -> number % 1000 == 0 ? BigDecimal.valueOf(number / 1000) : null;
                default -> number;
            };
            if (value == null) {
                return expression;
            }
        }
        try {
            return rexBuilder.makeLiteral(value, expression.getType(), true);
        }
        catch (RuntimeException e) {
            // a value no literal of the type holds
            return expression;
        }
    }

    /** The literal of a literal, of a cast of one or of literal date or exact arithmetic (folded inside out); null for anything else. */
    private static RexNode foldDirectly(RexBuilder rexBuilder, RexNode expression)
    {
        if (expression instanceof RexLiteral literal) {
            return literal.isNull() ? null : literal;
        }
        if (!(expression instanceof RexCall call) || call.getOperands().isEmpty() || call.getOperands().size() > 2) {
            return null;
        }
        // operands first, so that a cast of literal arithmetic (Q19's CAST(1 + 10 AS DECIMAL(15, 2))) folds whole
        List<RexLiteral> operands = new ArrayList<>(2);
        for (RexNode operand : call.getOperands()) {
            if (!(foldDirectly(rexBuilder, operand) instanceof RexLiteral literal)) {
                return null;
            }
            operands.add(literal);
        }
        RexLiteral first = operands.getFirst();
        return switch (call.getKind()) {
            case CAST -> SqlTypeName.EXACT_TYPES.contains(call.getType().getSqlTypeName())
                    ? foldExactCast(rexBuilder, call, first)
                    : foldCharacterCast(rexBuilder, call, first);
            case PLUS, MINUS, TIMES -> operands.size() == 2 ? foldArithmetic(rexBuilder, call, first, operands.get(1)) : null;
            default -> null;
        };
    }

    /** {@code CAST(exact number AS exact type)} of a value that fits the type without rounding; null for any other. */
    private static RexNode foldExactCast(RexBuilder rexBuilder, RexCall cast, RexLiteral literal)
    {
        if (!SqlTypeName.EXACT_TYPES.contains(literal.getType().getSqlTypeName())) {
            return null;
        }
        return exactLiteral(rexBuilder, requireNonNull(literal.getValueAs(BigDecimal.class)), cast.getType());
    }

    /** The literal of {@code value} in the exact type, or null when it would round or overflow (the runtime's rules decide). */
    private static RexNode exactLiteral(RexBuilder rexBuilder, BigDecimal value, RelDataType type)
    {
        int scale = Math.max(type.getScale(), 0);
        if (value.scale() > scale || value.precision() - value.scale() > type.getPrecision() - scale) {
            return null;
        }
        long bound = switch (type.getSqlTypeName()) {
            case TINYINT -> Byte.MAX_VALUE;
            case SMALLINT -> Short.MAX_VALUE;
            case INTEGER -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
        // an integer type's digits allow more than its range (INTEGER has 10 digits, yet 3000000000 overflows)
        if (value.compareTo(BigDecimal.valueOf(bound)) > 0 || value.compareTo(BigDecimal.valueOf(-bound - 1)) < 0) {
            return null;
        }
        return rexBuilder.makeLiteral(value.setScale(scale), type, false);
    }

    /** DATE plus or minus a day-time or year-month interval, and exact numbers added, subtracted or multiplied. */
    private static RexNode foldArithmetic(RexBuilder rexBuilder, RexCall call, RexLiteral left, RexLiteral right)
    {
        RelDataType type = call.getType();
        SqlTypeName leftType = left.getType().getSqlTypeName();
        SqlTypeName rightType = right.getType().getSqlTypeName();
        if (type.getSqlTypeName() == SqlTypeName.DATE) {
            // a date outside the years a DATE literal holds is not folded: Signo's DATE holds it (or the runtime fails with DATETIME_OUT_OF_RANGE)
            OptionalInt days = DateIntervalFolding.foldedDays(call);
            return days.isPresent() ? rexBuilder.makeLiteral(DateString.fromDaysSinceEpoch(days.getAsInt()), type, false) : null;
        }
        if (!SqlTypeName.EXACT_TYPES.contains(type.getSqlTypeName()) || !SqlTypeName.EXACT_TYPES.contains(leftType) || !SqlTypeName.EXACT_TYPES.contains(rightType)) {
            return null;
        }
        BigDecimal l = requireNonNull(left.getValueAs(BigDecimal.class));
        BigDecimal r = requireNonNull(right.getValueAs(BigDecimal.class));
        BigDecimal value = switch (call.getKind()) {
            case PLUS -> l.add(r);
            case MINUS -> l.subtract(r);
            default -> l.multiply(r);
        };
        return exactLiteral(rexBuilder, value, type);
    }

    /** {@code CAST('text' AS CHAR(n) / VARCHAR(n))} of a text that fits, padded to {@code n} for CHAR; null for any other cast. */
    private static RexNode foldCharacterCast(RexBuilder rexBuilder, RexCall cast, RexLiteral literal)
    {
        RelDataType type = cast.getType();
        SqlTypeName target = type.getSqlTypeName();
        if ((target != SqlTypeName.CHAR && target != SqlTypeName.VARCHAR)
                || !(literal.getValue() instanceof NlsString string)
                || !SqlTypeFamily.CHARACTER.contains(literal.getType())) {
            return null;
        }
        String value = string.getValue();
        int precision = type.getPrecision();
        if (precision == RelDataType.PRECISION_NOT_SPECIFIED || precision < 0) {
            if (target == SqlTypeName.CHAR) {
                return null;
            }
        }
        else if (value.length() > precision) {
            // whether a longer text is cut or fails is the runtime's call
            return null;
        }
        else if (target == SqlTypeName.CHAR && value.length() < precision) {
            value = value + " ".repeat(precision - value.length());
        }
        try {
            return rexBuilder.makeLiteral(value, type, true);
        }
        catch (RuntimeException e) {
            // a text the type's character set cannot hold: the generated code fails the same way; let it decide
            return null;
        }
    }
}
