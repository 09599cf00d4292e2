package io.signo.core.expression;

import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Builds vectored expressions; the translator from the planner's expressions codes against this
 * class only. Every method checks its operand types and fails with IllegalArgumentException on a
 * combination it cannot evaluate, so type errors surface when the plan is translated, not per row.
 */
public final class Expressions
{
    private Expressions() {}

    /** Column {@code channel} of the input page. */
    public static Expression input(int channel, Type type)
    {
        return new InputReference(channel, type);
    }

    /** A literal; see {@link ConstantExpression#ConstantExpression} for the accepted Java forms. */
    public static Expression constant(Type type, Object value)
    {
        return new ConstantExpression(type, value);
    }

    public static Expression arithmetic(ArithmeticOperator operator, Expression left, Expression right, Type resultType)
    {
        boolean longDecimal = left.type().isLongDecimal() || right.type().isLongDecimal() || resultType.isLongDecimal();
        if (longDecimal && !resultType.isFloatingPoint()) {
            return new LongDecimalArithmeticExpression(operator, left, right, resultType);
        }
        return new ArithmeticExpression(operator, left, right, resultType);
    }

    public static Expression negate(Expression value)
    {
        return new UnaryArithmeticExpression(UnaryArithmeticExpression.Operator.NEGATE, value);
    }

    public static Expression abs(Expression value)
    {
        return new UnaryArithmeticExpression(UnaryArithmeticExpression.Operator.ABS, value);
    }

    /** SIGN as an INTEGER: -1, 0 or 1. */
    public static Expression sign(Expression value)
    {
        return new SignExpression(value);
    }

    /**
     * ROUND ({@link RoundingMode#HALF_UP}, half away from zero), TRUNC ({@link RoundingMode#DOWN}),
     * FLOOR or CEIL ({@link RoundingMode#CEILING}) of a number to {@code digits} places after the point
     * (before it when negative), as a value of {@code type}.
     */
    public static Expression round(RoundingMode mode, Expression value, int digits, Type type)
    {
        return new RoundingExpression(mode, value, digits, type);
    }

    /** A {@link MathFunction} of its arguments, as a DOUBLE. */
    public static Expression math(MathFunction function, List<Expression> arguments)
    {
        return new MathFunctionExpression(function, arguments);
    }

    /** GREATEST or LEAST of the operands, each cast to {@code type}; NULLs are skipped. */
    public static Expression extremum(boolean greatest, List<Expression> operands, Type type)
    {
        requireNonNull(operands, "operands is null");
        List<Expression> castOperands = new ArrayList<>();
        for (Expression operand : operands) {
            castOperands.add(cast(operand, type));
        }
        return new ExtremumExpression(greatest, castOperands, type);
    }

    /** RANDOM(): a new value in [0, 1) for every row. */
    public static Expression random()
    {
        return new RandomExpression();
    }

    public static Expression comparison(ComparisonOperator operator, Expression left, Expression right)
    {
        return new ComparisonExpression(operator, left, right);
    }

    /** Conjunction; nested ANDs are flattened so that a filter narrows its selection term by term. */
    public static Expression and(List<Expression> terms)
    {
        return logical(LogicalExpression.Form.AND, terms);
    }

    public static Expression or(List<Expression> terms)
    {
        return logical(LogicalExpression.Form.OR, terms);
    }

    private static Expression logical(LogicalExpression.Form form, List<Expression> terms)
    {
        requireNonNull(terms, "terms is null");
        List<Expression> flat = new ArrayList<>();
        for (Expression term : terms) {
            if (term instanceof LogicalExpression logical && logical.form() == form) {
                flat.addAll(logical.terms());
            }
            else {
                flat.add(requireNonNull(term, "term is null"));
            }
        }
        if (flat.size() == 1) {
            return flat.getFirst();
        }
        return new LogicalExpression(form, flat);
    }

    public static Expression not(Expression value)
    {
        return new NotExpression(value);
    }

    /** {@code value}, an INTEGER, checked to lie within [min, max], the range of the SMALLINT or TINYINT it stands for. */
    public static Expression narrowIntegerCheck(Expression value, String typeName, int min, int max)
    {
        return new NarrowIntegerCheck(value, typeName, min, max);
    }

    public static Expression isNull(Expression value)
    {
        return new IsNullExpression(value, false);
    }

    public static Expression isNotNull(Expression value)
    {
        return new IsNullExpression(value, true);
    }

    /**
     * CASE WHEN conditions[i] THEN results[i] ... ELSE elseResult END; results are cast to
     * {@code resultType}; a null {@code elseResult} means ELSE NULL.
     */
    public static Expression searchedCase(List<Expression> conditions, List<Expression> results, Expression elseResult, Type resultType)
    {
        requireNonNull(results, "results is null");
        List<Expression> castResults = new ArrayList<>();
        for (Expression result : results) {
            castResults.add(cast(result, resultType));
        }
        return new SearchedCaseExpression(conditions, castResults, elseResult == null ? null : cast(elseResult, resultType), resultType);
    }

    public static Expression coalesce(List<Expression> operands, Type resultType)
    {
        requireNonNull(operands, "operands is null");
        List<Expression> castOperands = new ArrayList<>();
        for (Expression operand : operands) {
            castOperands.add(cast(operand, resultType));
        }
        return new CoalesceExpression(castOperands, resultType);
    }

    /** {@code value LIKE pattern [ESCAPE escape]} with a constant pattern. */
    public static Expression like(Expression value, String pattern, Character escape)
    {
        return new LikeExpression(value, pattern, escape);
    }

    /**
     * Whether the regular expression {@code pattern} matches somewhere in {@code value}
     * (REGEXP_MATCHES, {@code ~}) or, when {@code wholeValue}, the whole of it (REGEXP_FULL_MATCH);
     * {@code function} names it in errors. A constant pattern is compiled here, so a bad one fails now.
     */
    public static Expression regexMatches(String function, Expression value, Expression pattern, RegexOptions options, boolean wholeValue)
    {
        RegexMatchExpression matches = new RegexMatchExpression(function, value, pattern, options, wholeValue);
        return matches.patterns().isConstantNull() ? constant(Type.BOOLEAN, null) : matches;
    }

    /** REGEXP_REPLACE(value, pattern, replacement [, options]), {@code \1} in the replacement being the first group. */
    public static Expression regexReplace(Expression value, Expression pattern, Expression replacement, RegexOptions options, Type type)
    {
        RegexReplaceExpression replace = new RegexReplaceExpression(value, pattern, replacement, options, type);
        boolean nullReplacement = replacement instanceof ConstantExpression constant && constant.isNull();
        return replace.patterns().isConstantNull() || nullReplacement ? constant(type, null) : replace;
    }

    /** REGEXP_EXTRACT(value, pattern, group [, options]): the group's text in the first match, '' when none. */
    public static Expression regexExtract(Expression value, Expression pattern, int group, RegexOptions options, Type type)
    {
        RegexExtractExpression extract = new RegexExtractExpression(value, pattern, group, options, type);
        return extract.patterns().isConstantNull() ? constant(type, null) : extract;
    }

    /** {@code value SIMILAR TO pattern [ESCAPE escape]} with a constant pattern; {@code escape} is "" for none. */
    public static Expression similarTo(Expression value, String pattern, String escape)
    {
        return new RegexMatchExpression("SIMILAR TO", value, constant(Type.VARCHAR, SimilarToPattern.toRegex(pattern, escape)), RegexOptions.DOTALL, true);
    }

    /** SUBSTRING(value FROM start [FOR length]); {@code length} may be null. */
    public static Expression substring(Expression value, Expression start, Expression length)
    {
        return new SubstringExpression(value, start, length);
    }

    public static Expression upper(Expression value)
    {
        return new CaseConversionExpression(value, true);
    }

    public static Expression lower(Expression value)
    {
        return new CaseConversionExpression(value, false);
    }

    /** LENGTH in characters, of the given INTEGER or BIGINT type. */
    public static Expression characterLength(Expression value, Type type)
    {
        return new CharacterLengthExpression(value, type);
    }

    /** TRIM of the characters of {@code characters} from the start, the end or both. */
    public static Expression trim(Expression value, String characters, boolean leading, boolean trailing, Type type)
    {
        return new TrimExpression(value, characters, leading, trailing, type);
    }

    public static Expression replace(Expression value, Expression search, Expression replacement, Type type)
    {
        return new ReplaceExpression(value, search, replacement, type);
    }

    /** {@code parts[0] || parts[1] || ...} as a string of the given type. */
    public static Expression concat(List<Expression> parts, Type type)
    {
        return new ConcatExpression(parts, type, false);
    }

    /** CONCAT(parts...): as {@link #concat}, but NULL parts are skipped and the result is never NULL. */
    public static Expression concatSkippingNulls(List<Expression> parts, Type type)
    {
        return new ConcatExpression(parts, type, true);
    }

    /** POSITION(substring IN value): the character position of the first occurrence, 1 for an empty substring, 0 for none. */
    public static Expression position(Expression substring, Expression value, Type type)
    {
        return new PositionExpression(substring, value, type);
    }

    /** STARTS_WITH(value, prefix). */
    public static Expression startsWith(Expression value, Expression prefix)
    {
        return new StartsWithExpression(value, prefix);
    }

    /** LPAD ({@code left}) or RPAD of value to {@code length} characters with the characters of {@code fill}. */
    public static Expression pad(boolean left, Expression value, Expression length, Expression fill, Type type)
    {
        return new PadExpression(left, value, length, fill, type);
    }

    /** LEFT ({@code left}) or RIGHT(value, count): the first or last characters; a negative count drops that many from the other end. */
    public static Expression leftOrRight(boolean left, Expression value, Expression count, Type type)
    {
        return new LeftRightExpression(left, value, count, type);
    }

    /** SPLIT_PART(value, delimiter, index). */
    public static Expression splitPart(Expression value, Expression delimiter, Expression index, Type type)
    {
        return new SplitPartExpression(value, delimiter, index, type);
    }

    /** REVERSE: the characters in the opposite order. */
    public static Expression reverse(Expression value, Type type)
    {
        return new ReverseExpression(value, type);
    }

    /** EXTRACT(field FROM date) and DATE_PART: a BIGINT, the EPOCH a DOUBLE. */
    public static Expression extract(DateField field, Expression date)
    {
        return new ExtractExpression(field, date);
    }

    /** DATE_TRUNC(unit, date or timestamp), a TIMESTAMP; a part that is no unit to truncate to (DOW) is an INVALID_ARGUMENT error. */
    public static Expression dateTrunc(DateField unit, Expression value)
    {
        return new DateTruncExpression(unit, value);
    }

    /** DATE_DIFF(unit, start, end): the unit boundaries from start to end, a BIGINT. */
    public static Expression dateDiff(DateField unit, Expression start, Expression end)
    {
        return new DateDiffExpression(unit, start, end);
    }

    /** MAKE_DATE(year, month, day). */
    public static Expression makeDate(Expression year, Expression month, Expression day)
    {
        return new MakeDateExpression(year, month, day);
    }

    /** LAST_DAY(date or timestamp): the last day of its month. */
    public static Expression lastDay(Expression value)
    {
        return new LastDayExpression(value);
    }

    /** DAYNAME(date or timestamp): 'Monday' .. 'Sunday'. */
    public static Expression dayName(Expression value)
    {
        return new DateNameExpression(false, value);
    }

    /** MONTHNAME(date or timestamp): 'January' .. 'December'. */
    public static Expression monthName(Expression value)
    {
        return new DateNameExpression(true, value);
    }

    public static Expression addDays(Expression date, Expression days)
    {
        return new DateAddExpression(DateAddExpression.Unit.DAY, date, days, null);
    }

    /** A TIMESTAMP or TIME plus microseconds (a BIGINT or a day-time interval). */
    public static Expression addMicroseconds(Expression timestamp, Expression micros)
    {
        return addMicroseconds(timestamp, micros, null);
    }

    /** {@link #addMicroseconds(Expression, Expression)}, where a TIMESTAMP WITH TIME ZONE moves whole days on the calendar of {@code zone}. */
    public static Expression addMicroseconds(Expression timestamp, Expression micros, TimeZoneOffsets zone)
    {
        return new DateAddExpression(DateAddExpression.Unit.MICROSECOND, timestamp, micros, zone);
    }

    /** A DATE or TIMESTAMP plus months (a BIGINT or a year-month interval). */
    public static Expression addMonths(Expression date, Expression months)
    {
        return addMonths(date, months, null);
    }

    /** {@link #addMonths(Expression, Expression)}, where a TIMESTAMP WITH TIME ZONE moves on the calendar of {@code zone}. */
    public static Expression addMonths(Expression date, Expression months, TimeZoneOffsets zone)
    {
        return new DateAddExpression(DateAddExpression.Unit.MONTH, date, months, zone);
    }

    /**
     * Interval arithmetic: {@code ADD} and {@code SUBTRACT} of two intervals of one kind,
     * {@code MULTIPLY} of an interval and a number (either side), {@code DIVIDE} of an interval by a
     * number; the result is an interval of the kind of the operands' of {@code type} (with or without
     * a day field).
     */
    public static Expression intervalArithmetic(ArithmeticOperator operator, Expression left, Expression right, Type type)
    {
        return new IntervalArithmeticExpression(operator, left, right, type);
    }

    /** The time since 1970-01-01 00:00:00 of a DATE, TIMESTAMP or TIMESTAMP WITH TIME ZONE as a day-time interval: the difference of two is theirs. */
    public static Expression sinceEpoch(Expression value)
    {
        return new SinceEpochExpression(value);
    }

    /** A conversion between a TIMESTAMP WITH TIME ZONE and a wall-clock time or text, in {@code zone}. */
    public static Expression convertTimeZone(TimeZoneConversionExpression.Conversion conversion, Expression value, TimeZoneOffsets zone)
    {
        return new TimeZoneConversionExpression(conversion, value, zone);
    }

    /**
     * STRFTIME(value, format): a DATE, TIMESTAMP or TIMESTAMP WITH TIME ZONE as text; {@code zone} is
     * the zone a TIMESTAMP WITH TIME ZONE is shown in (null for the others).
     */
    public static Expression formatDateTime(Expression value, DateTimeFormat format, TimeZoneOffsets zone)
    {
        return new StrftimeExpression(value, format, zone);
    }

    /** STRPTIME(text, format): a TIMESTAMP, or a TIMESTAMP WITH TIME ZONE when the format reads an offset or a zone. */
    public static Expression parseDateTime(Expression text, DateTimeFormat format)
    {
        return new StrptimeExpression(text, format);
    }

    /** {@code value IN (constants)}, constants in the Java form of the value's type (null allowed). */
    public static Expression in(Expression value, List<Object> constants)
    {
        if (value.type().isLongDecimal()) {
            // no hash set of 128-bit keys: the list as equalities, which have IN's NULL semantics
            List<Expression> equalities = new ArrayList<>();
            for (Object constant : constants) {
                // a constant of more digits after the point than the value keeps them: it is then never equal
                Type constantType = constant instanceof java.math.BigDecimal decimal && decimal.scale() > value.type().scale()
                        ? Type.decimal(Type.MAX_DECIMAL_PRECISION, Math.min(decimal.scale(), Type.MAX_DECIMAL_PRECISION))
                        : value.type();
                equalities.add(comparison(ComparisonOperator.EQUAL, value, constant(constantType, constant)));
            }
            return or(equalities);
        }
        return new InExpression(value, constants);
    }

    /** CAST(value AS target); returns {@code value} itself when it already has the target type. */
    public static Expression cast(Expression value, Type target)
    {
        requireNonNull(value, "value is null");
        requireNonNull(target, "target is null");
        if (value.type().equals(target)) {
            return value;
        }
        if (value instanceof ConstantExpression constant && constant.isNull()) {
            return new ConstantExpression(target, null);
        }
        // a string literal cast to an unbounded VARCHAR needs no work per row
        if (value instanceof ConstantExpression constant && target.kind() == TypeKind.VARCHAR && target.length() == 0 && value.type().kind() == TypeKind.VARCHAR) {
            return new ConstantExpression(target, constant.value());
        }
        return new CastExpression(value, target);
    }
}
