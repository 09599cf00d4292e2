package io.signo.core.expression;

import io.signo.storage.serde.BinaryInput;
import io.signo.storage.serde.BinaryOutput;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Writes an expression tree as a compact binary form for a plan shipped to workers, and reads it
 * back: each expression kind is a tag followed by its fields (types, channels, operators as
 * ordinals, literals, sub-expressions), so that reading it is a walk over bytes rather than Java
 * serialization's class descriptors and reflection. Coordinator and workers run the same build; the
 * plan's format version ({@code PlanCodec}) changes with any change here.
 *
 * <p>Lives beside the expressions because it reads their fields and calls their constructors, which
 * rebuild what is derived (compiled patterns, hash sets of IN lists, native string constants).
 * Literals of a class it has no tag for go through {@link OpaqueValues}, which the plan codec provides.
 */
public final class ExpressionCodec
{
    /**
     * How deep expressions may nest in an encoded plan: bounds the reader's recursion, one frame per
     * level, well within the default thread stack of a worker's request handler.
     */
    public static final int MAX_DEPTH = 256;

    /** Writes and reads a literal of a class the binary form has no tag for. */
    public interface OpaqueValues
    {
        void write(Object value, BinaryOutput out);

        Object read(BinaryInput in);
    }

    // expression tags: append only, and change PlanCodec's version when they change
    private static final int NULL = 0;
    private static final int INPUT = 1;
    private static final int CONSTANT = 2;
    private static final int ARITHMETIC = 3;
    private static final int LONG_DECIMAL_ARITHMETIC = 4;
    private static final int COMPARISON = 5;
    private static final int LOGICAL = 6;
    private static final int NOT = 7;
    private static final int IS_NULL = 8;
    private static final int CAST = 9;
    private static final int IN = 10;
    private static final int LIKE = 11;
    private static final int SEARCHED_CASE = 12;
    private static final int COALESCE = 13;
    private static final int EXTRACT = 14;
    private static final int SUBSTRING = 15;
    private static final int CASE_CONVERSION = 16;
    private static final int CHARACTER_LENGTH = 17;
    private static final int CONCAT = 18;
    private static final int DATE_ADD = 19;
    private static final int DATE_DIFF = 20;
    private static final int DATE_NAME = 21;
    private static final int DATE_TRUNC = 22;
    private static final int EXTREMUM = 23;
    private static final int INTERVAL_ARITHMETIC = 24;
    private static final int LAST_DAY = 25;
    private static final int LEFT_RIGHT = 26;
    private static final int MAKE_DATE = 27;
    private static final int MATH_FUNCTION = 28;
    private static final int NARROW_INTEGER_CHECK = 29;
    private static final int PAD = 30;
    private static final int POSITION = 31;
    private static final int RANDOM = 32;
    private static final int REGEX_EXTRACT = 33;
    private static final int REGEX_MATCH = 34;
    private static final int REGEX_REPLACE = 35;
    private static final int REPLACE = 36;
    private static final int REVERSE = 37;
    private static final int ROUNDING = 38;
    private static final int SIGN = 39;
    private static final int SINCE_EPOCH = 40;
    private static final int SPLIT_PART = 41;
    private static final int STARTS_WITH = 42;
    private static final int STRFTIME = 43;
    private static final int STRPTIME = 44;
    private static final int TIME_ZONE_CONVERSION = 45;
    private static final int TRIM = 46;
    private static final int UNARY_ARITHMETIC = 47;

    // literal tags
    private static final int VALUE_NULL = 0;
    private static final int VALUE_BOOLEAN = 1;
    private static final int VALUE_INTEGER = 2;
    private static final int VALUE_LONG = 3;
    private static final int VALUE_DOUBLE = 4;
    private static final int VALUE_FLOAT = 5;
    private static final int VALUE_STRING = 6;
    private static final int VALUE_DECIMAL = 7;
    private static final int VALUE_BIG_INTEGER = 8;
    private static final int VALUE_DATE = 9;
    private static final int VALUE_TIMESTAMP = 10;
    private static final int VALUE_TIME = 11;
    private static final int VALUE_SHORT = 12;
    private static final int VALUE_BYTE = 13;
    private static final int VALUE_CHARACTER = 14;
    private static final int VALUE_OPAQUE = 15;

    private static final ArithmeticOperator[] ARITHMETIC_OPERATORS = ArithmeticOperator.values();
    private static final ComparisonOperator[] COMPARISON_OPERATORS = ComparisonOperator.values();
    private static final LogicalExpression.Form[] FORMS = LogicalExpression.Form.values();
    private static final DateField[] DATE_FIELDS = DateField.values();
    private static final DateAddExpression.Unit[] DATE_ADD_UNITS = DateAddExpression.Unit.values();
    private static final MathFunction[] MATH_FUNCTIONS = MathFunction.values();
    private static final RoundingMode[] ROUNDING_MODES = RoundingMode.values();
    private static final TimeZoneConversionExpression.Conversion[] CONVERSIONS = TimeZoneConversionExpression.Conversion.values();
    private static final UnaryArithmeticExpression.Operator[] UNARY_OPERATORS = UnaryArithmeticExpression.Operator.values();
    private static final TypeKind[] TYPE_KINDS = TypeKind.values();

    private final OpaqueValues opaqueValues;

    public ExpressionCodec(OpaqueValues opaqueValues)
    {
        this.opaqueValues = requireNonNull(opaqueValues, "opaqueValues is null");
    }

    public static void writeType(Type type, BinaryOutput out)
    {
        out.writeEnum(type.kind()).writeInt(type.precision()).writeInt(type.scale()).writeInt(type.length());
    }

    public static Type readType(BinaryInput in)
    {
        TypeKind kind = in.readEnum("type kind", TYPE_KINDS);
        int precision = in.readInt("type precision");
        int scale = in.readInt("type scale");
        int length = in.readInt("type length");
        try {
            return new Type(kind, precision, scale, length);
        }
        catch (IllegalArgumentException e) {
            throw in.malformed("type: " + e.getMessage());
        }
    }

    public static void writeTypes(List<Type> types, BinaryOutput out)
    {
        out.writeInt(types.size());
        for (Type type : types) {
            writeType(type, out);
        }
    }

    public static List<Type> readTypes(BinaryInput in, String field)
    {
        int count = in.readCount(field, 13);
        List<Type> types = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            types.add(readType(in));
        }
        return types;
    }

    /** Writes {@code expression}, or a null marker when it is null. */
    public void write(Expression expression, BinaryOutput out)
    {
        switch (expression) {
            case null -> out.writeByte(NULL);
            case InputReference input -> {
                out.writeByte(INPUT).writeInt(input.channel);
                writeType(input.type, out);
            }
            case ConstantExpression constant -> {
                out.writeByte(CONSTANT);
                writeType(constant.type, out);
                writeValue(constant.value, out);
            }
            case ArithmeticExpression arithmetic -> {
                out.writeByte(ARITHMETIC).writeEnum(arithmetic.operator);
                write(arithmetic.left, out);
                write(arithmetic.right, out);
                writeType(arithmetic.type, out);
            }
            case LongDecimalArithmeticExpression arithmetic -> {
                out.writeByte(LONG_DECIMAL_ARITHMETIC).writeEnum(arithmetic.operator);
                write(arithmetic.left, out);
                write(arithmetic.right, out);
                writeType(arithmetic.type, out);
            }
            case ComparisonExpression comparison -> {
                out.writeByte(COMPARISON).writeEnum(comparison.operator);
                write(comparison.left, out);
                write(comparison.right, out);
            }
            case LogicalExpression logical -> {
                out.writeByte(LOGICAL).writeEnum(logical.form);
                writeList(logical.terms, out);
            }
            case NotExpression not -> {
                out.writeByte(NOT);
                write(not.value, out);
            }
            case IsNullExpression isNull -> {
                out.writeByte(IS_NULL).writeBoolean(isNull.negated);
                write(isNull.value, out);
            }
            case CastExpression cast -> {
                out.writeByte(CAST);
                write(cast.value, out);
                writeType(cast.type, out);
            }
            case InExpression in -> {
                out.writeByte(IN);
                write(in.value, out);
                out.writeInt(in.constants.size());
                for (Object constant : in.constants) {
                    writeValue(constant, out);
                }
            }
            case LikeExpression like -> {
                out.writeByte(LIKE);
                write(like.value, out);
                out.writeString(like.pattern.pattern());
                Character escape = like.pattern.escape();
                out.writeBoolean(escape != null);
                if (escape != null) {
                    out.writeInt(escape);
                }
            }
            case SearchedCaseExpression searchedCase -> {
                out.writeByte(SEARCHED_CASE);
                writeList(searchedCase.conditions, out);
                writeList(searchedCase.results, out);
                write(searchedCase.elseResult, out);
                writeType(searchedCase.type, out);
            }
            case CoalesceExpression coalesce -> {
                out.writeByte(COALESCE);
                writeList(coalesce.operands, out);
                writeType(coalesce.type, out);
            }
            case ExtractExpression extract -> {
                out.writeByte(EXTRACT).writeEnum(extract.field);
                write(extract.date, out);
            }
            case SubstringExpression substring -> {
                out.writeByte(SUBSTRING);
                write(substring.value, out);
                write(substring.start, out);
                write(substring.length, out);
            }
            case CaseConversionExpression caseConversion -> {
                out.writeByte(CASE_CONVERSION).writeBoolean(caseConversion.upper);
                write(caseConversion.value, out);
            }
            case CharacterLengthExpression characterLength -> {
                out.writeByte(CHARACTER_LENGTH);
                write(characterLength.value, out);
                writeType(characterLength.type, out);
            }
            case ConcatExpression concat -> {
                out.writeByte(CONCAT).writeBoolean(concat.skipNulls);
                writeList(concat.parts, out);
                writeType(concat.type, out);
            }
            case DateAddExpression dateAdd -> {
                out.writeByte(DATE_ADD).writeEnum(dateAdd.unit);
                write(dateAdd.date, out);
                write(dateAdd.amount, out);
                out.writeNullableString(dateAdd.zone == null ? null : dateAdd.zone.zone().getId());
            }
            case DateDiffExpression dateDiff -> {
                out.writeByte(DATE_DIFF).writeEnum(dateDiff.unit);
                write(dateDiff.start, out);
                write(dateDiff.end, out);
            }
            case DateNameExpression dateName -> {
                out.writeByte(DATE_NAME).writeBoolean(dateName.month);
                write(dateName.value, out);
            }
            case DateTruncExpression dateTrunc -> {
                out.writeByte(DATE_TRUNC).writeEnum(dateTrunc.unit);
                write(dateTrunc.value, out);
            }
            case ExtremumExpression extremum -> {
                out.writeByte(EXTREMUM).writeBoolean(extremum.greatest);
                writeList(extremum.operands, out);
                writeType(extremum.type, out);
            }
            case IntervalArithmeticExpression interval -> {
                out.writeByte(INTERVAL_ARITHMETIC).writeEnum(interval.operator);
                write(interval.intervalLeft ? interval.interval : interval.other, out);
                write(interval.intervalLeft ? interval.other : interval.interval, out);
                writeType(interval.type, out);
            }
            case LastDayExpression lastDay -> {
                out.writeByte(LAST_DAY);
                write(lastDay.value, out);
            }
            case LeftRightExpression leftRight -> {
                out.writeByte(LEFT_RIGHT).writeBoolean(leftRight.left);
                write(leftRight.value, out);
                write(leftRight.count, out);
                writeType(leftRight.type, out);
            }
            case MakeDateExpression makeDate -> {
                out.writeByte(MAKE_DATE);
                write(makeDate.year, out);
                write(makeDate.month, out);
                write(makeDate.day, out);
            }
            case MathFunctionExpression math -> {
                out.writeByte(MATH_FUNCTION).writeEnum(math.function);
                writeList(math.arguments, out);
            }
            case NarrowIntegerCheck check -> {
                out.writeByte(NARROW_INTEGER_CHECK);
                write(check.value, out);
                out.writeString(check.typeName).writeInt(check.min).writeInt(check.max);
            }
            case PadExpression pad -> {
                out.writeByte(PAD).writeBoolean(pad.left);
                write(pad.value, out);
                write(pad.length, out);
                write(pad.fill, out);
                writeType(pad.type, out);
            }
            case PositionExpression position -> {
                out.writeByte(POSITION);
                write(position.substring, out);
                write(position.value, out);
                writeType(position.type, out);
            }
            case RandomExpression _ -> out.writeByte(RANDOM);
            case RegexExtractExpression extract -> {
                out.writeByte(REGEX_EXTRACT);
                write(extract.value, out);
                writePatterns(extract.patterns, out);
                out.writeInt(extract.group);
                writeType(extract.type, out);
            }
            case RegexMatchExpression match -> {
                out.writeByte(REGEX_MATCH).writeBoolean(match.wholeValue);
                write(match.value, out);
                out.writeString(match.patterns.function);
                writePatterns(match.patterns, out);
            }
            case RegexReplaceExpression replace -> {
                out.writeByte(REGEX_REPLACE);
                write(replace.value, out);
                writePatterns(replace.patterns, out);
                write(replace.replacement, out);
                writeType(replace.type, out);
            }
            case ReplaceExpression replace -> {
                out.writeByte(REPLACE);
                write(replace.value, out);
                write(replace.search, out);
                write(replace.replacement, out);
                writeType(replace.type, out);
            }
            case ReverseExpression reverse -> {
                out.writeByte(REVERSE);
                write(reverse.value, out);
                writeType(reverse.type, out);
            }
            case RoundingExpression rounding -> {
                out.writeByte(ROUNDING).writeEnum(rounding.mode);
                write(rounding.value, out);
                out.writeInt(rounding.digits);
                writeType(rounding.type, out);
            }
            case SignExpression sign -> {
                out.writeByte(SIGN);
                write(sign.value, out);
            }
            case SinceEpochExpression sinceEpoch -> {
                out.writeByte(SINCE_EPOCH);
                write(sinceEpoch.value, out);
            }
            case SplitPartExpression splitPart -> {
                out.writeByte(SPLIT_PART);
                write(splitPart.value, out);
                write(splitPart.delimiter, out);
                write(splitPart.index, out);
                writeType(splitPart.type, out);
            }
            case StartsWithExpression startsWith -> {
                out.writeByte(STARTS_WITH);
                write(startsWith.value, out);
                write(startsWith.prefix, out);
            }
            case StrftimeExpression strftime -> {
                out.writeByte(STRFTIME);
                write(strftime.value, out);
                out.writeString(strftime.format.pattern());
                out.writeNullableString(strftime.zone == null ? null : strftime.zone.zone().getId());
            }
            case StrptimeExpression strptime -> {
                out.writeByte(STRPTIME);
                write(strptime.text, out);
                out.writeString(strptime.format.pattern());
            }
            case TimeZoneConversionExpression conversion -> {
                out.writeByte(TIME_ZONE_CONVERSION).writeEnum(conversion.conversion);
                write(conversion.value, out);
                out.writeString(conversion.zone.zone().getId());
            }
            case TrimExpression trim -> {
                out.writeByte(TRIM).writeBoolean(trim.leading).writeBoolean(trim.trailing);
                write(trim.value, out);
                out.writeString(trim.characters);
                writeType(trim.type, out);
            }
            case UnaryArithmeticExpression unary -> {
                out.writeByte(UNARY_ARITHMETIC).writeEnum(unary.operator);
                write(unary.value, out);
            }
            default -> throw new IllegalArgumentException("no binary form for expression " + expression.getClass().getName());
        }
    }

    /** Reads an expression that {@link #write} wrote; null where it wrote null. */
    public Expression read(BinaryInput in)
    {
        return read(in, 0, false);
    }

    private Expression read(BinaryInput in, int depth, boolean required)
    {
        if (depth > MAX_DEPTH) {
            throw in.malformed("expression exceeds the limits (depth " + depth + " of " + MAX_DEPTH + ")");
        }
        int tag = in.readByte("expression tag");
        if (tag == NULL) {
            if (required) {
                throw in.malformed("a required expression is missing");
            }
            return null;
        }
        int next = depth + 1;
        try {
            return switch (tag) {
                case INPUT -> new InputReference(in.readInt("input channel", 0, Integer.MAX_VALUE), readType(in));
                case CONSTANT -> new ConstantExpression(readType(in), readValue(in));
                case ARITHMETIC -> new ArithmeticExpression(in.readEnum("arithmetic operator", ARITHMETIC_OPERATORS), read(in, next, true), read(in, next, true), readType(in));
                case LONG_DECIMAL_ARITHMETIC ->
                    new LongDecimalArithmeticExpression(in.readEnum("arithmetic operator", ARITHMETIC_OPERATORS), read(in, next, true), read(in, next, true), readType(in));
                case COMPARISON -> new ComparisonExpression(in.readEnum("comparison operator", COMPARISON_OPERATORS), read(in, next, true), read(in, next, true));
                case LOGICAL -> new LogicalExpression(in.readEnum("logical form", FORMS), readList(in, next));
                case NOT -> new NotExpression(read(in, next, true));
                case IS_NULL -> {
                    boolean negated = in.readBoolean("is null negated");
                    yield new IsNullExpression(read(in, next, true), negated);
                }
                case CAST -> new CastExpression(read(in, next, true), readType(in));
                case IN -> {
                    Expression value = read(in, next, true);
                    int count = in.readCount("in list", 1);
                    List<Object> constants = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        constants.add(readValue(in));
                    }
                    yield new InExpression(value, constants);
                }
                case LIKE -> {
                    Expression value = read(in, next, true);
                    String pattern = in.readString("like pattern");
                    Character escape = in.readBoolean("like escape present") ? (char) in.readInt("like escape", 0, Character.MAX_VALUE) : null;
                    yield new LikeExpression(value, pattern, escape);
                }
                case SEARCHED_CASE -> new SearchedCaseExpression(readList(in, next), readList(in, next), read(in, next, false), readType(in));
                case COALESCE -> new CoalesceExpression(readList(in, next), readType(in));
                case EXTRACT -> new ExtractExpression(in.readEnum("extract field", DATE_FIELDS), read(in, next, true));
                case SUBSTRING -> new SubstringExpression(read(in, next, true), read(in, next, true), read(in, next, false));
                case CASE_CONVERSION -> {
                    boolean upper = in.readBoolean("upper");
                    yield new CaseConversionExpression(read(in, next, true), upper);
                }
                case CHARACTER_LENGTH -> new CharacterLengthExpression(read(in, next, true), readType(in));
                case CONCAT -> {
                    boolean skipNulls = in.readBoolean("concat skips nulls");
                    yield new ConcatExpression(readList(in, next), readType(in), skipNulls);
                }
                case DATE_ADD -> new DateAddExpression(in.readEnum("date add unit", DATE_ADD_UNITS), read(in, next, true), read(in, next, true), readZone(in, true));
                case DATE_DIFF -> new DateDiffExpression(in.readEnum("date diff unit", DATE_FIELDS), read(in, next, true), read(in, next, true));
                case DATE_NAME -> {
                    boolean month = in.readBoolean("date name of month");
                    yield new DateNameExpression(month, read(in, next, true));
                }
                case DATE_TRUNC -> new DateTruncExpression(in.readEnum("date trunc unit", DATE_FIELDS), read(in, next, true));
                case EXTREMUM -> {
                    boolean greatest = in.readBoolean("greatest");
                    yield new ExtremumExpression(greatest, readList(in, next), readType(in));
                }
                case INTERVAL_ARITHMETIC ->
                    new IntervalArithmeticExpression(in.readEnum("interval operator", ARITHMETIC_OPERATORS), read(in, next, true), read(in, next, true), readType(in));
                case LAST_DAY -> new LastDayExpression(read(in, next, true));
                case LEFT_RIGHT -> {
                    boolean left = in.readBoolean("left");
                    yield new LeftRightExpression(left, read(in, next, true), read(in, next, true), readType(in));
                }
                case MAKE_DATE -> new MakeDateExpression(read(in, next, true), read(in, next, true), read(in, next, true));
                case MATH_FUNCTION -> new MathFunctionExpression(in.readEnum("math function", MATH_FUNCTIONS), readList(in, next));
                case NARROW_INTEGER_CHECK -> new NarrowIntegerCheck(read(in, next, true), in.readString("narrow type name"), in.readInt("narrow minimum"), in.readInt("narrow maximum"));
                case PAD -> {
                    boolean left = in.readBoolean("pad left");
                    yield new PadExpression(left, read(in, next, true), read(in, next, true), read(in, next, true), readType(in));
                }
                case POSITION -> new PositionExpression(read(in, next, true), read(in, next, true), readType(in));
                case RANDOM -> new RandomExpression();
                case REGEX_EXTRACT -> {
                    Expression value = read(in, next, true);
                    Expression pattern = read(in, next, true);
                    RegexOptions options = readRegexOptions(in);
                    yield new RegexExtractExpression(value, pattern, in.readInt("regex group"), options, readType(in));
                }
                case REGEX_MATCH -> {
                    boolean wholeValue = in.readBoolean("regex whole value");
                    Expression value = read(in, next, true);
                    String function = in.readString("regex function");
                    Expression pattern = read(in, next, true);
                    yield new RegexMatchExpression(function, value, pattern, readRegexOptions(in), wholeValue);
                }
                case REGEX_REPLACE -> {
                    Expression value = read(in, next, true);
                    Expression pattern = read(in, next, true);
                    RegexOptions options = readRegexOptions(in);
                    yield new RegexReplaceExpression(value, pattern, read(in, next, true), options, readType(in));
                }
                case REPLACE -> new ReplaceExpression(read(in, next, true), read(in, next, true), read(in, next, true), readType(in));
                case REVERSE -> new ReverseExpression(read(in, next, true), readType(in));
                case ROUNDING -> new RoundingExpression(in.readEnum("rounding mode", ROUNDING_MODES), read(in, next, true), in.readInt("rounding digits"), readType(in));
                case SIGN -> new SignExpression(read(in, next, true));
                case SINCE_EPOCH -> new SinceEpochExpression(read(in, next, true));
                case SPLIT_PART -> new SplitPartExpression(read(in, next, true), read(in, next, true), read(in, next, true), readType(in));
                case STARTS_WITH -> new StartsWithExpression(read(in, next, true), read(in, next, true));
                case STRFTIME -> new StrftimeExpression(read(in, next, true), DateTimeFormat.of(in.readString("strftime format")), readZone(in, true));
                case STRPTIME -> new StrptimeExpression(read(in, next, true), DateTimeFormat.of(in.readString("strptime format")));
                case TIME_ZONE_CONVERSION -> new TimeZoneConversionExpression(in.readEnum("time zone conversion", CONVERSIONS), read(in, next, true), readZone(in, false));
                case TRIM -> {
                    boolean leading = in.readBoolean("trim leading");
                    boolean trailing = in.readBoolean("trim trailing");
                    yield new TrimExpression(read(in, next, true), in.readString("trim characters"), leading, trailing, readType(in));
                }
                case UNARY_ARITHMETIC -> new UnaryArithmeticExpression(in.readEnum("unary operator", UNARY_OPERATORS), read(in, next, true));
                default -> throw in.malformed("expression tag " + tag + " is not one this build knows");
            };
        }
        catch (IllegalArgumentException | NullPointerException | ClassCastException | ArithmeticException e) {
            // the fields were read but do not fit together (a type that does not match its operands)
            throw in.malformed("expression tag " + tag + ": " + e.getMessage());
        }
    }

    private void writeList(List<Expression> expressions, BinaryOutput out)
    {
        out.writeInt(expressions.size());
        for (Expression expression : expressions) {
            write(expression, out);
        }
    }

    private List<Expression> readList(BinaryInput in, int depth)
    {
        int count = in.readCount("expression list", 1);
        List<Expression> expressions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            expressions.add(read(in, depth, true));
        }
        return expressions;
    }

    private void writePatterns(RegexPatterns patterns, BinaryOutput out)
    {
        write(patterns.pattern, out);
        RegexOptions options = patterns.options;
        out.writeBoolean(options.caseInsensitive()).writeBoolean(options.dotMatchesNewline()).writeBoolean(options.literal()).writeBoolean(options.global());
    }

    private static RegexOptions readRegexOptions(BinaryInput in)
    {
        return new RegexOptions(in.readBoolean("regex case insensitive"), in.readBoolean("regex dot matches newline"), in.readBoolean("regex literal"), in.readBoolean("regex global"));
    }

    private static TimeZoneOffsets readZone(BinaryInput in, boolean nullable)
    {
        String zone = nullable ? in.readNullableString("time zone") : in.readString("time zone");
        return zone == null ? null : TimeZoneOffsets.of(TimeZoneOffsets.zone(zone));
    }

    /**
     * Writes a literal as its Java form: null, a boxed primitive, a String, a BigDecimal or BigInteger,
     * a LocalDate, LocalDateTime or LocalTime; anything else through {@link OpaqueValues}.
     */
    public void writeValue(Object value, BinaryOutput out)
    {
        switch (value) {
            case null -> out.writeByte(VALUE_NULL);
            case Boolean bool -> out.writeByte(VALUE_BOOLEAN).writeBoolean(bool);
            case Integer integer -> out.writeByte(VALUE_INTEGER).writeInt(integer);
            case Long longValue -> out.writeByte(VALUE_LONG).writeLong(longValue);
            case Double doubleValue -> out.writeByte(VALUE_DOUBLE).writeDouble(doubleValue);
            case Float floatValue -> out.writeByte(VALUE_FLOAT).writeInt(Float.floatToRawIntBits(floatValue));
            case String string -> out.writeByte(VALUE_STRING).writeString(string);
            case BigDecimal decimal -> out.writeByte(VALUE_DECIMAL).writeInt(decimal.scale()).writeBytes(decimal.unscaledValue().toByteArray());
            case BigInteger integer -> out.writeByte(VALUE_BIG_INTEGER).writeBytes(integer.toByteArray());
            case LocalDate date -> out.writeByte(VALUE_DATE).writeLong(date.toEpochDay());
            case LocalDateTime timestamp -> out.writeByte(VALUE_TIMESTAMP).writeLong(timestamp.toLocalDate().toEpochDay()).writeLong(timestamp.toLocalTime().toNanoOfDay());
            case LocalTime time -> out.writeByte(VALUE_TIME).writeLong(time.toNanoOfDay());
            case Short shortValue -> out.writeByte(VALUE_SHORT).writeInt(shortValue);
            case Byte byteValue -> out.writeByte(VALUE_BYTE).writeByte(byteValue);
            case Character character -> out.writeByte(VALUE_CHARACTER).writeInt(character);
            default -> {
                out.writeByte(VALUE_OPAQUE);
                opaqueValues.write(value, out);
            }
        }
    }

    /** Reads a literal that {@link #writeValue} wrote. */
    public Object readValue(BinaryInput in)
    {
        int tag = in.readByte("value tag");
        try {
            return switch (tag) {
                case VALUE_NULL -> null;
                case VALUE_BOOLEAN -> in.readBoolean("boolean value");
                case VALUE_INTEGER -> in.readInt("integer value");
                case VALUE_LONG -> in.readLong("long value");
                case VALUE_DOUBLE -> in.readDouble("double value");
                case VALUE_FLOAT -> Float.intBitsToFloat(in.readInt("real value"));
                case VALUE_STRING -> in.readString("string value");
                case VALUE_DECIMAL -> {
                    int scale = in.readInt("decimal scale");
                    yield new BigDecimal(bigInteger(in, "decimal unscaled value"), scale);
                }
                case VALUE_BIG_INTEGER -> bigInteger(in, "big integer value");
                case VALUE_DATE -> LocalDate.ofEpochDay(in.readLong("date value"));
                case VALUE_TIMESTAMP -> LocalDateTime.of(LocalDate.ofEpochDay(in.readLong("timestamp date")), LocalTime.ofNanoOfDay(in.readLong("timestamp time")));
                case VALUE_TIME -> LocalTime.ofNanoOfDay(in.readLong("time value"));
                case VALUE_SHORT -> (short) in.readInt("short value", Short.MIN_VALUE, Short.MAX_VALUE);
                case VALUE_BYTE -> (byte) in.readByte("byte value");
                case VALUE_CHARACTER -> (char) in.readInt("character value", 0, Character.MAX_VALUE);
                case VALUE_OPAQUE -> opaqueValues.read(in);
                default -> throw in.malformed("value tag " + tag + " is not one this build knows");
            };
        }
        catch (java.time.DateTimeException e) {
            throw in.malformed("value tag " + tag + ": " + e.getMessage());
        }
    }

    private static BigInteger bigInteger(BinaryInput in, String field)
    {
        byte[] bytes = in.readBytes(field);
        if (bytes.length == 0) {
            throw in.malformed(field + " has no bytes");
        }
        return new BigInteger(bytes);
    }
}
