package io.signo.sql.planner;

import org.apache.calcite.avatica.util.DateTimeUtils;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * Any other constant is compiled by {@code delegate} once per statement. Not thread safe: one per statement.
 */
final class ConstantFoldingExecutor
        implements RexExecutor
{
    private final RexExecutor delegate;
    private final Map<RexNode, RexNode> compiled = new HashMap<>();

    ConstantFoldingExecutor(RexExecutor delegate)
    {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues)
    {
        // each expression on its own: folded here when it can be, else compiled once per statement
        for (RexNode expression : constExps) {
            RexNode folded = foldDirectly(rexBuilder, expression);
            if (folded == null) {
                folded = compiled.get(expression);
            }
            if (folded == null) {
                List<RexNode> values = new ArrayList<>(1);
                delegate.reduce(rexBuilder, List.of(expression), values);
                folded = values.getFirst();
                compiled.put(expression, folded);
            }
            reducedValues.add(folded);
        }
    }

    /** The literal of a literal, of a cast of one or of literal date or exact arithmetic (folded inside out); null for anything else. */
    private static RexNode foldDirectly(RexBuilder rexBuilder, RexNode expression)
    {
        if (expression instanceof RexLiteral literal) {
            return literal.isNull() ? null : literal;
        }
        if (!(expression instanceof RexCall call) || call.getOperands().size() > 2) {
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
        if (type.getSqlTypeName() == SqlTypeName.DATE && leftType == SqlTypeName.DATE && call.getKind() != SqlKind.TIMES
                && SqlTypeName.INTERVAL_TYPES.contains(rightType)) {
            LocalDate date = LocalDate.ofEpochDay(requireNonNull(left.getValueAs(DateString.class)).getDaysSinceEpoch());
            BigDecimal amount = requireNonNull(right.getValueAs(BigDecimal.class));
            if (call.getKind() == SqlKind.MINUS) {
                amount = amount.negate();
            }
            LocalDate result;
            if (SqlTypeName.YEAR_INTERVAL_TYPES.contains(rightType)) {
                // year-month intervals count months
                result = date.plusMonths(amount.longValueExact());
            }
            else {
                // day-time intervals count milliseconds; a DATE moves by whole days only
                BigDecimal[] days = amount.divideAndRemainder(BigDecimal.valueOf(DateTimeUtils.MILLIS_PER_DAY));
                if (days[1].signum() != 0) {
                    return null;
                }
                result = date.plusDays(days[0].longValueExact());
            }
            return rexBuilder.makeLiteral(DateString.fromDaysSinceEpoch((int) result.toEpochDay()), type, false);
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
