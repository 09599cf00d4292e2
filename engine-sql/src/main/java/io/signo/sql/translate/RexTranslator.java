package io.signo.sql.translate;

import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.function.FunctionRegistry;
import io.signo.sql.translate.function.FunctionTranslator;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;
import org.apache.calcite.util.TimestampWithTimeZoneString;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns Calcite row expressions into Signo's vectored expressions. Input field i of the Calcite
 * row is read from channel {@code channels[i]} of the page.
 */
public final class RexTranslator
{
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long MICROS_PER_DAY = 1000 * MILLIS_PER_DAY;

    private final RexBuilder rexBuilder;
    private final int[] channels;
    private final List<Type> channelTypes;

    /**
     * @param channels the page channel of each Calcite input field
     * @param channelTypes the type of each page channel
     */
    public RexTranslator(RexBuilder rexBuilder, int[] channels, List<Type> channelTypes)
    {
        this.rexBuilder = rexBuilder;
        this.channels = channels.clone();
        this.channelTypes = List.copyOf(channelTypes);
    }

    public static RexTranslator identity(RexBuilder rexBuilder, List<Type> types)
    {
        int[] channels = new int[types.size()];
        for (int i = 0; i < channels.length; i++) {
            channels[i] = i;
        }
        return new RexTranslator(rexBuilder, channels, types);
    }

    public Expression translate(RexNode node)
    {
        return switch (node) {
            case RexInputRef reference -> {
                int channel = channels[reference.getIndex()];
                yield Expressions.input(channel, channelTypes.get(channel));
            }
            case RexLiteral literal -> constant(literal);
            case RexCall call -> RexUtil.isConstant(call) ? fold(narrowIntegerCheck(call, call(call))) : narrowIntegerCheck(call, call(call));
            default -> throw unsupported("expression " + node.getKind() + ": " + node);
        };
    }

    /** A call typed SMALLINT or TINYINT computes an INTEGER: checked to lie within the narrower type's range. */
    private static Expression narrowIntegerCheck(RexCall call, Expression expression)
    {
        return switch (call.getType().getSqlTypeName()) {
            case SMALLINT -> Expressions.narrowIntegerCheck(expression, "SMALLINT", Short.MIN_VALUE, Short.MAX_VALUE);
            case TINYINT -> Expressions.narrowIntegerCheck(expression, "TINYINT", Byte.MIN_VALUE, Byte.MAX_VALUE);
            default -> expression;
        };
    }

    /** Computes a constant sub-expression once at planning instead of once per row. */
    private static Expression fold(Expression constant)
    {
        ColumnVector value;
        try {
            value = constant.evaluate(new Page(1), null, 1, PageAllocator.transientPages());
        }
        catch (RuntimeException e) {
            // an error such as 1/0 belongs to the rows that reach it (a CASE branch may never run)
            return constant;
        }
        return Expressions.constant(constant.type(), constantValue(value, constant.type()));
    }

    /**
     * The value of a one-row vector of {@code type} as a Java object: a DECIMAL's as a BigDecimal at
     * its scale, anything else as {@link ColumnVector#getObject} gives it; null for a NULL.
     */
    public static Object constantValue(ColumnVector vector, Type type)
    {
        if (vector.isNull(0)) {
            return null;
        }
        return switch (type.kind()) {
            case DECIMAL -> type.isLongDecimal()
                    ? Int128Math.toBigDecimal(vector.getInt128High(0), vector.getInt128Low(0), type.scale())
                    : BigDecimal.valueOf(vector.getLong(0), type.scale());
            default -> vector.getObject(0);
        };
    }

    private Expression constant(RexLiteral literal)
    {
        if (literal.getType().getSqlTypeName() == SqlTypeName.NULL) {
            return Expressions.constant(Type.BOOLEAN, null);
        }
        Type type = CalciteTypes.toSigno(literal.getType());
        if (literal.isNull()) {
            return Expressions.constant(type, null);
        }
        return Expressions.constant(type, literalValue(literal, type));
    }

    /**
     * A literal as a value of {@code target}, which a VALUES row gives it. Calcite keeps a string
     * literal CHAR(n) even in a VARCHAR column; as a VARCHAR it keeps all its characters, trailing
     * spaces included, as the SQL standard's cast of a CHAR(n) value to VARCHAR does (the engine's
     * CHAR form would drop them).
     */
    public Expression translateAs(RexLiteral literal, Type target)
    {
        if (target.kind() == TypeKind.VARCHAR && !literal.isNull() && literal.getType().getSqlTypeName() == SqlTypeName.CHAR) {
            String text = literalString(literal, target);
            if (target.length() <= 0 || text.codePointCount(0, text.length()) <= target.length()) {
                return Expressions.constant(target, text);
            }
        }
        return constant(literal);
    }

    /** The text of a string literal as a value of {@code type}: a CHAR one without its pad spaces. */
    public static String literalString(RexLiteral literal, Type type)
    {
        Object value = literal.getValue();
        String text = value instanceof NlsString nls ? nls.getValue() : literal.getValueAs(String.class);
        if (type.kind() == TypeKind.CHAR) {
            text = text.stripTrailing();
        }
        return text;
    }

    private Expression call(RexCall call)
    {
        SqlKind kind = call.getKind();
        List<RexNode> operands = call.getOperands();
        return switch (kind) {
            case PLUS, MINUS -> plusOrMinus(call);
            case TIMES -> isInterval(operands.get(0)) || isInterval(operands.get(1))
                    ? intervalArithmetic(ArithmeticOperator.MULTIPLY, call)
                    : arithmetic(ArithmeticOperator.MULTIPLY, call);
            case DIVIDE -> isInterval(operands.get(0))
                    ? intervalArithmetic(ArithmeticOperator.DIVIDE, call)
                    : arithmetic(ArithmeticOperator.DIVIDE, call);
            case MOD -> arithmetic(ArithmeticOperator.MODULUS, call);
            case MINUS_PREFIX -> isInterval(operands.get(0)) ? negatedInterval(translate(operands.get(0))) : Expressions.negate(translate(operands.get(0)));
            case PLUS_PREFIX -> translate(operands.get(0));
            case EQUALS -> comparison(ComparisonOperator.EQUAL, call);
            case NOT_EQUALS -> comparison(ComparisonOperator.NOT_EQUAL, call);
            case LESS_THAN -> comparison(ComparisonOperator.LESS_THAN, call);
            case LESS_THAN_OR_EQUAL -> comparison(ComparisonOperator.LESS_THAN_OR_EQUAL, call);
            case GREATER_THAN -> comparison(ComparisonOperator.GREATER_THAN, call);
            case GREATER_THAN_OR_EQUAL -> comparison(ComparisonOperator.GREATER_THAN_OR_EQUAL, call);
            case IS_DISTINCT_FROM -> comparison(ComparisonOperator.IS_DISTINCT_FROM, call);
            case IS_NOT_DISTINCT_FROM -> comparison(ComparisonOperator.IS_NOT_DISTINCT_FROM, call);
            case AND -> Expressions.and(translateAll(operands));
            case OR -> Expressions.or(translateAll(operands));
            case NOT -> Expressions.not(translate(operands.get(0)));
            case IS_NULL -> Expressions.isNull(translate(operands.get(0)));
            case IS_NOT_NULL -> Expressions.isNotNull(translate(operands.get(0)));
            case IS_TRUE -> Expressions.coalesce(List.of(translate(operands.get(0)), falseConstant()), Type.BOOLEAN);
            case IS_NOT_TRUE -> Expressions.not(Expressions.coalesce(List.of(translate(operands.get(0)), falseConstant()), Type.BOOLEAN));
            case IS_FALSE -> Expressions.coalesce(List.of(Expressions.not(translate(operands.get(0))), falseConstant()), Type.BOOLEAN);
            case IS_NOT_FALSE -> Expressions.coalesce(List.of(translate(operands.get(0)), Expressions.constant(Type.BOOLEAN, true)), Type.BOOLEAN);
            case CASE -> searchedCase(call);
            case COALESCE -> Expressions.coalesce(translateAll(operands), CalciteTypes.toSigno(call.getType()));
            // ILIKE is a LIKE to Calcite, and a function of PostgreSQL's registered with the others
            case LIKE -> "ILIKE".equals(call.getOperator().getName()) ? function(call) : like(call, false);
            case CAST -> cast(call);
            case SEARCH -> search(call);
            // the planner makes a cast of a number to text a cast of another kind, which Calcite's simplifier leaves whole
            default -> call.getOperator() == NumberToText.OPERATOR ? cast(call) : function(call);
        };
    }

    /** A call of a function, translated by the family that registered it. */
    private Expression function(RexCall call)
    {
        String name = call.getOperator().getName();
        FunctionRegistry registry = FunctionRegistry.instance();
        FunctionTranslator translator = registry.translator(name);
        if (translator == null) {
            throw unsupported("function " + name);
        }
        // the keyword NULL, which Calcite leaves untyped where a function infers no type for it (LPAD(NULL, 3, 'x')),
        // makes the result NULL, except of the functions that skip NULLs
        if (!registry.skipsNulls(name)) {
            for (RexNode operand : call.getOperands()) {
                if (operand.getType().getSqlTypeName() == SqlTypeName.NULL) {
                    return Expressions.constant(CalciteTypes.toSigno(call.getType()), null);
                }
            }
        }
        return translator.translate(call, this);
    }

    private Expression falseConstant()
    {
        return Expressions.constant(Type.BOOLEAN, false);
    }

    public List<Expression> translateAll(List<RexNode> nodes)
    {
        List<Expression> expressions = new ArrayList<>(nodes.size());
        for (RexNode node : nodes) {
            expressions.add(translate(node));
        }
        return expressions;
    }

    private Expression plusOrMinus(RexCall call)
    {
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        boolean minus = call.getKind() == SqlKind.MINUS;
        if (isInterval(left) && isInterval(right)) {
            return intervalArithmetic(minus ? ArithmeticOperator.SUBTRACT : ArithmeticOperator.ADD, call);
        }
        if (isInterval(right)) {
            return dateArithmetic(translate(left), right, minus);
        }
        if (isInterval(left) && !minus) {
            return dateArithmetic(translate(right), left, false);
        }
        if (isDateTime(left) || isDateTime(right)) {
            throw unsupported("date and time arithmetic other than ± an interval: " + call);
        }
        return arithmetic(minus ? ArithmeticOperator.SUBTRACT : ArithmeticOperator.ADD, call);
    }

    private static boolean isDateTime(RexNode node)
    {
        return SqlTypeName.DATETIME_TYPES.contains(node.getType().getSqlTypeName());
    }

    private static boolean isInterval(RexNode node)
    {
        return node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH
                || node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME;
    }

    private Expression intervalArithmetic(ArithmeticOperator operator, RexCall call)
    {
        return Expressions.intervalArithmetic(operator, translate(call.getOperands().get(0)), translate(call.getOperands().get(1)), CalciteTypes.toSigno(call.getType()));
    }

    private static Expression negatedInterval(Expression interval)
    {
        return Expressions.intervalArithmetic(ArithmeticOperator.MULTIPLY, interval, Expressions.constant(Type.BIGINT, -1L), interval.type());
    }

    /**
     * A DATE, TIMESTAMP or TIME plus or minus an interval (a TIMESTAMP WITH TIME ZONE moves in the
     * session's zone: the planner writes its arithmetic with {@code $ADD_IN_ZONE}). A DATE moves by
     * whole days or months only; a TIME around the clock, and not by months.
     */
    private Expression dateArithmetic(Expression date, RexNode interval, boolean subtract)
    {
        if (date.type().kind() == TypeKind.TIMESTAMP_TZ) {
            throw new IllegalStateException("arithmetic on a TIMESTAMP WITH TIME ZONE was not given the session's time zone: " + interval);
        }
        if (date.type().kind() == TypeKind.DATE) {
            Expression moved = dateMoved(date, interval, subtract);
            if (moved != null) {
                return moved;
            }
        }
        boolean months = interval.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        if (interval instanceof RexLiteral literal && literal.isNull()) {
            // a NULL amount: NULL of the date's type
            return Expressions.constant(date.type(), null);
        }
        if (interval instanceof RexLiteral literal) {
            // Calcite's value: months, or milliseconds
            long value = literal.getValueAs(BigDecimal.class).longValueExact() * (subtract ? -1 : 1);
            if (months) {
                return Expressions.addMonths(date, Expressions.constant(Type.BIGINT, value));
            }
            if (Math.abs(value) > Long.MAX_VALUE / 1000) {
                throw new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, date.type().kind() + " out of range");
            }
            return Expressions.addMicroseconds(date, Expressions.constant(Type.BIGINT, value * 1000));
        }
        Expression amount = translate(interval);
        if (subtract) {
            amount = negatedInterval(amount);
        }
        if (months) {
            return Expressions.addMonths(date, amount);
        }
        if (date.type().kind() != TypeKind.DATE) {
            return Expressions.addMicroseconds(date, amount);
        }
        if (interval.getType().getSqlTypeName() != SqlTypeName.INTERVAL_DAY) {
            throw unsupported("intervals smaller than a day on DATE values: " + interval);
        }
        // a whole number of days, as the interval's microseconds divided by a day's
        return Expressions.addDays(date, Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, amount, Expressions.constant(Type.BIGINT, MICROS_PER_DAY), amount.type()));
    }

    /** A DATE moved by an interval whose months or days are known while planning; null when only the rows compute them. */
    private Expression dateMoved(Expression date, RexNode interval, boolean subtract)
    {
        return switch (DateIntervalFolding.shift(interval)) {
            // a NULL amount (date - CAST(NULL AS INTEGER) arrives as a NULL interval)
            case DateIntervalFolding.ToNull _ -> Expressions.constant(date.type(), null);
            case DateIntervalFolding.Months months -> Expressions.addMonths(date, Expressions.constant(Type.BIGINT, subtract ? -months.count() : months.count()));
            case DateIntervalFolding.Days days -> Expressions.addDays(date, Expressions.constant(Type.BIGINT, subtract ? -days.count() : days.count()));
            case DateIntervalFolding.DaysPerRow perRow -> {
                // date ± n: n days, which a DATE holds even where n days of microseconds would overflow the interval
                Expression days = Expressions.cast(translate(perRow.count()), Type.BIGINT);
                yield Expressions.addDays(date, subtract ? Expressions.negate(days) : days);
            }
            case DateIntervalFolding.PartOfDay _ -> throw unsupported("intervals smaller than a day on DATE values: " + interval);
            case DateIntervalFolding.PerRow _ -> null;
        };
    }

    private Expression arithmetic(ArithmeticOperator operator, RexCall call)
    {
        return Expressions.arithmetic(operator, translate(call.getOperands().get(0)), translate(call.getOperands().get(1)),
                CalciteTypes.toSigno(call.getType()));
    }

    private Expression comparison(ComparisonOperator operator, RexCall call)
    {
        return Expressions.comparison(operator, translate(call.getOperands().get(0)), translate(call.getOperands().get(1)));
    }

    private Expression searchedCase(RexCall call)
    {
        List<RexNode> operands = call.getOperands();
        List<Expression> conditions = new ArrayList<>();
        List<Expression> results = new ArrayList<>();
        for (int i = 0; i + 1 < operands.size(); i += 2) {
            conditions.add(translate(operands.get(i)));
            results.add(translate(operands.get(i + 1)));
        }
        Expression elseResult = operands.size() % 2 == 1 ? translate(operands.getLast()) : null;
        return Expressions.searchedCase(conditions, results, elseResult, CalciteTypes.toSigno(call.getType()));
    }

    /**
     * {@code value [NOT] LIKE pattern [ESCAPE escape]} with a constant pattern; when {@code ignoreCase}
     * (ILIKE), the value and the pattern compare in lower case, each character mapped as LOWER maps it.
     */
    public Expression like(RexCall call, boolean ignoreCase)
    {
        List<RexNode> operands = call.getOperands();
        if (!(operands.get(1) instanceof RexLiteral patternLiteral)) {
            throw unsupported(call.getOperator().getName() + " with a pattern that is not a constant");
        }
        String pattern = literalString(patternLiteral, Type.VARCHAR);
        Character escape = null;
        if (operands.size() > 2) {
            String escapeText = literalString((RexLiteral) operands.get(2), Type.VARCHAR);
            if (escapeText.length() != 1) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "LIKE escape must be one character: '" + escapeText + "'");
            }
            escape = escapeText.charAt(0);
        }
        Expression value = translate(operands.get(0));
        if (ignoreCase) {
            value = Expressions.lower(value);
            pattern = lowerCase(pattern);
        }
        Expression like = Expressions.like(value, pattern, escape);
        boolean negated = call.getOperator() instanceof SqlLikeOperator likeOperator && likeOperator.isNegated();
        return negated ? Expressions.not(like) : like;
    }

    private static String lowerCase(String text)
    {
        StringBuilder lower = new StringBuilder(text.length());
        text.codePoints().forEach(codePoint -> lower.appendCodePoint(Character.toLowerCase(codePoint)));
        return lower.toString();
    }

    private Expression cast(RexCall call)
    {
        RexNode operand = call.getOperands().get(0);
        Type target = CalciteTypes.toSigno(call.getType());
        if (operand.getType().getSqlTypeName() == SqlTypeName.NULL) {
            return Expressions.constant(target, null);
        }
        Expression value = translate(operand);
        if (value.type().equals(target)) {
            return value;
        }
        if (value.type().kind() == TypeKind.TIMESTAMP_TZ || target.kind() == TypeKind.TIMESTAMP_TZ) {
            throw new IllegalStateException("a cast between " + value.type() + " and " + target + " was not given the session's time zone: " + call);
        }
        try {
            return Expressions.cast(value, target);
        }
        catch (IllegalArgumentException e) {
            // a cast Calcite allows and DuckDB refuses too (TIME to TIMESTAMP, an interval to a number)
            throw unsupported("CAST from " + value.type() + " to " + target);
        }
    }

    private Expression search(RexCall call)
    {
        RexNode value = call.getOperands().get(0);
        RexLiteral sargLiteral = (RexLiteral) call.getOperands().get(1);
        Sarg<?> sarg = sargLiteral.getValueAs(Sarg.class);
        if (sarg != null && sarg.isPoints() && sarg.nullAs == RexUnknownAs.UNKNOWN && sarg.rangeSet.asRanges().size() > 1) {
            Type type = CalciteTypes.toSigno(value.getType());
            List<Object> constants = new ArrayList<>();
            for (var range : sarg.rangeSet.asRanges()) {
                RexLiteral point = (RexLiteral) rexBuilder.makeLiteral(range.lowerEndpoint(), sargLiteral.getType(), true, true);
                Object constant = literalValue(point, type);
                constants.add(constant instanceof BigDecimal decimal ? decimal.setScale(type.scale(), RoundingMode.UNNECESSARY) : constant);
            }
            return Expressions.in(translate(value), constants);
        }
        return translate(RexUtil.expandSearch(rexBuilder, null, call));
    }

    /** The value of a literal that is not NULL in the Java form {@link Expressions#constant} takes for {@code type}. */
    private static Object literalValue(RexLiteral literal, Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> literal.getValueAs(Boolean.class);
            case INTEGER -> literal.getValueAs(Integer.class);
            case BIGINT -> literal.getValueAs(Long.class);
            case DOUBLE -> literal.getValueAs(Double.class);
            case REAL -> literal.getValueAs(Float.class);
            case DECIMAL -> literal.getValueAs(BigDecimal.class);
            case DATE -> literal.getValueAs(DateString.class).getDaysSinceEpoch();
            case TIMESTAMP -> CalciteTypes.timestampMicros(literal.getValueAs(TimestampString.class));
            case VARCHAR, CHAR -> literalString(literal, type);
            case TIME -> CalciteTypes.timeMicros(literal.getValueAs(TimeString.class));
            case TIMESTAMP_TZ -> literal.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ
                    ? CalciteTypes.instantMicros(literal.getValueAs(TimestampWithTimeZoneString.class))
                    : CalciteTypes.timestampMicros(literal.getValueAs(TimestampString.class));
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> CalciteTypes.intervalValue(literal);
        };
    }

    /** The error for a construct Signo does not run: NOT_SUPPORTED, naming it. */
    public static SignoException unsupported(String what)
    {
        return new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + what);
    }
}
