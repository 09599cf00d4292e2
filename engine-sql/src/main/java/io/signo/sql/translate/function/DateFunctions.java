package io.signo.sql.translate.function;

import io.signo.core.expression.DateField;
import io.signo.core.expression.DateTimeFormat;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.TimeZoneConversionExpression.Conversion;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * EXTRACT, DATE_PART and DATEPART, DATE_TRUNC, DATE_DIFF and DATEDIFF, MAKE_DATE, LAST_DAY, DAYNAME,
 * MONTHNAME, STRFTIME, STRPTIME, TIMEZONE, and CURRENT_DATE, CURRENT_TIMESTAMP, NOW() and
 * LOCALTIMESTAMP, typed and computed as DuckDB does. A part or unit is a string constant with DuckDB's names ({@code 'year'}, {@code 'yr'},
 * {@code 'dow'}; see {@link DateField}); the planner passes {@code DATEDIFF('day', ...)} and
 * {@code DATEPART('year', ...)}, which Calcite's grammar parses as its own functions, through to
 * these. The current date and time are the statement's: the planner replaces them by constants
 * before translation (see {@code StatementTime}), so they are never translated here. What reads a
 * TIMESTAMP WITH TIME ZONE in the session's time zone (casts, EXTRACT, DATE_TRUNC, STRFTIME,
 * arithmetic) the planner writes with the zone as an argument of Signo's own functions
 * ({@code $TO_LOCAL}, {@code $TO_INSTANT}, ...; see {@code SessionTimeZone}), translated here too.
 */
final class DateFunctions
{
    /** EXTRACT(part FROM value): a BIGINT, but EPOCH a DOUBLE with the fraction of a second, as in DuckDB. */
    /** DAYNAME(date or timestamp): Calcite's is typed NOT NULL whatever its argument, so that NULL IN (...) and IS NULL were folded wrong. */
    static final SqlFunction DAYNAME = SqlBasicFunction.create("DAYNAME", ReturnTypes.VARCHAR_2000_NULLABLE, OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);
    /** MONTHNAME(date or timestamp), NULL of NULL. */
    static final SqlFunction MONTHNAME = SqlBasicFunction.create("MONTHNAME", ReturnTypes.VARCHAR_2000_NULLABLE, OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);
    static final SqlFunction EXTRACT = new SqlExtractFunction("EXTRACT", false)
    {
        @Override
        public RelDataType inferReturnType(SqlOperatorBinding binding)
        {
            TimeUnitRange unit = binding.getOperandLiteralValue(0, TimeUnitRange.class);
            if (unit == TimeUnitRange.EPOCH) {
                return nullableLike(binding, binding.getTypeFactory().createSqlType(SqlTypeName.DOUBLE));
            }
            return super.inferReturnType(binding);
        }
    };
    /** DATE_PART('part', value): as EXTRACT. */
    static final SqlFunction DATE_PART = datePart("DATE_PART");
    /** DATEPART('part', value), SQL Server's name. */
    static final SqlFunction DATEPART = datePart("DATEPART");
    /** DATE_TRUNC('unit', value): a TIMESTAMP, of a DATE too, as in DuckDB; of a TIMESTAMP WITH TIME ZONE one of those. */
    static final SqlFunction DATE_TRUNC = SqlBasicFunction.create("DATE_TRUNC", DateFunctions::truncatedType,
            OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);
    /** DATE_DIFF('unit', start, end): a BIGINT. */
    static final SqlFunction DATE_DIFF = dateDiff("DATE_DIFF");
    /** DATEDIFF('unit', start, end). */
    static final SqlFunction DATEDIFF = dateDiff("DATEDIFF");
    /** MAKE_DATE(year, month, day). */
    static final SqlFunction MAKE_DATE = SqlBasicFunction.create("MAKE_DATE", ReturnTypes.DATE_NULLABLE,
            OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER), SqlFunctionCategory.TIMEDATE);
    /** CURRENT_TIMESTAMP, a TIMESTAMP WITH TIME ZONE with microseconds, as DuckDB's and PostgreSQL's (Calcite's is a TIMESTAMP with whole seconds). */
    static final SqlFunction CURRENT_TIMESTAMP = new CurrentTimestamp("CURRENT_TIMESTAMP", SqlTypeName.TIMESTAMP_TZ);
    /** LOCALTIMESTAMP, the wall-clock time in the session's time zone, a TIMESTAMP. */
    static final SqlFunction LOCALTIMESTAMP = new CurrentTimestamp("LOCALTIMESTAMP", SqlTypeName.TIMESTAMP);
    /** NOW(), PostgreSQL's and DuckDB's CURRENT_TIMESTAMP. */
    static final SqlFunction NOW = SqlBasicFunction.create("NOW", binding -> binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP_TZ,
            CalciteTypes.TIMESTAMP_PRECISION), OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE)
            .withDynamic(true)
            .withDeterministic(false);
    /**
     * STRFTIME(value, 'format') of a DATE, TIMESTAMP or TIMESTAMP WITH TIME ZONE (or DuckDB's other
     * order, STRFTIME('format', value)): text, as {@link DateTimeFormat} writes it.
     */
    static final SqlFunction STRFTIME = SqlBasicFunction.create("STRFTIME", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.or(new ExactFamilies(SqlTypeFamily.DATETIME, SqlTypeFamily.CHARACTER), new ExactFamilies(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME)),
            SqlFunctionCategory.TIMEDATE);
    /** STRPTIME(text, 'format'): a TIMESTAMP, or a TIMESTAMP WITH TIME ZONE when the format reads an offset or a zone ({@code %z}, {@code %Z}). */
    static final SqlFunction STRPTIME = SqlBasicFunction.create("STRPTIME", DateFunctions::parsedType,
            new ExactFamilies(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER), SqlFunctionCategory.TIMEDATE);
    /**
     * TIMEZONE('zone', value), PostgreSQL's {@code value AT TIME ZONE 'zone'}: a TIMESTAMP read as a
     * wall-clock time in the zone becomes the instant it is (a TIMESTAMP WITH TIME ZONE), and a
     * TIMESTAMP WITH TIME ZONE becomes the wall-clock time in the zone at that instant (a TIMESTAMP).
     */
    static final SqlFunction TIMEZONE = SqlBasicFunction.create("TIMEZONE", DateFunctions::convertedType,
            new ExactFamilies(SqlTypeFamily.CHARACTER, SqlTypeFamily.TIMESTAMP), SqlFunctionCategory.TIMEDATE);
    /** The days since 1970-01-01 of a DATE, a BIGINT: the planner writes {@code a - b} of two dates as the difference of theirs. */
    static final SqlFunction DAYS_SINCE_EPOCH = SqlBasicFunction.create("$DAYS_SINCE_EPOCH", ReturnTypes.BIGINT_NULLABLE, OperandTypes.DATE,
            SqlFunctionCategory.TIMEDATE);

    /** $TO_INSTANT(timestamp, 'zone'): the instant at which the zone's clocks show the TIMESTAMP, Signo's own (see {@code SessionTimeZone}). */
    static final SqlFunction TO_INSTANT = internal("$TO_INSTANT", SqlTypeName.TIMESTAMP_TZ, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.CHARACTER);
    /** $TO_LOCAL(timestamp with time zone, 'zone'): the wall-clock time in the zone, a TIMESTAMP. */
    static final SqlFunction TO_LOCAL = internal("$TO_LOCAL", SqlTypeName.TIMESTAMP, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.CHARACTER);
    /** $FORMAT_INSTANT(timestamp with time zone, 'zone'): its text in the zone, {@code 2024-01-02 10:00:00+01}. */
    static final SqlFunction FORMAT_INSTANT = internal("$FORMAT_INSTANT", SqlTypeName.VARCHAR, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.CHARACTER);
    /** $PARSE_INSTANT(text, 'zone'): a TIMESTAMP WITH TIME ZONE, the text's wall-clock time in the zone when it names no offset or zone. */
    static final SqlFunction PARSE_INSTANT = internal("$PARSE_INSTANT", SqlTypeName.TIMESTAMP_TZ, SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER);
    /** $ADD_IN_ZONE(timestamp with time zone, interval, 'zone'): the instant moved on the zone's calendar. */
    static final SqlFunction ADD_IN_ZONE = internal("$ADD_IN_ZONE", SqlTypeName.TIMESTAMP_TZ, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.DATETIME_INTERVAL,
            SqlTypeFamily.CHARACTER);
    /** $STRFTIME_IN_ZONE(timestamp with time zone, 'format', 'zone'): STRFTIME of its wall-clock time and offset in the zone. */
    static final SqlFunction STRFTIME_IN_ZONE = internal("$STRFTIME_IN_ZONE", SqlTypeName.VARCHAR, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.CHARACTER,
            SqlTypeFamily.CHARACTER);
    /** $SINCE_EPOCH(date or timestamp): the time since 1970-01-01, an INTERVAL DAY TO SECOND; the planner writes {@code a - b} of two timestamps as the difference of theirs. */
    static final SqlFunction SINCE_EPOCH = SqlBasicFunction.create("$SINCE_EPOCH", binding -> nullableLike(binding, CalciteTypes.dayTimeInterval(binding.getTypeFactory())),
            OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);

    /**
     * AGE(end, start) and AGE(end), PostgreSQL's and DuckDB's years, months and days between two
     * timestamps (or from midnight today): refused when planned, since that answer mixes months and days
     * in one interval and Signo's INTERVAL types hold one or the other (see the README).
     */
    static final SqlFunction AGE = SqlBasicFunction.create("AGE", binding -> binding.getTypeFactory().createTypeWithNullability(
            binding.getTypeFactory().createSqlIntervalType(new org.apache.calcite.sql.SqlIntervalQualifier(org.apache.calcite.avatica.util.TimeUnit.YEAR,
                    org.apache.calcite.avatica.util.TimeUnit.MONTH, org.apache.calcite.sql.parser.SqlParserPos.ZERO)), true),
            OperandTypes.or(OperandTypes.DATETIME, OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME)), SqlFunctionCategory.TIMEDATE);

    /** The names of the functions whose value is the statement's date or time. */
    static final Set<String> CURRENT_TIME_FUNCTIONS = Set.of("CURRENT_DATE", "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "NOW");

    private DateFunctions() {}

    static void register(FunctionRegistry.Builder registry)
    {
        registry.operator(EXTRACT, DateFunctions::extract)
                .operator(DATE_PART, DateFunctions::datePart)
                .operator(DATEPART, DateFunctions::datePart)
                .operator(DATE_TRUNC, (call, translator) -> Expressions.dateTrunc(part(call, 0), translator.translate(call.getOperands().get(1))))
                .operator(DATE_DIFF, DateFunctions::dateDiff)
                .operator(DATEDIFF, DateFunctions::dateDiff)
                .operator(MAKE_DATE, (call, translator) -> Expressions.makeDate(translator.translate(call.getOperands().get(0)),
                        translator.translate(call.getOperands().get(1)), translator.translate(call.getOperands().get(2))))
                .function((call, translator) -> Expressions.lastDay(translator.translate(call.getOperands().get(0))), "LAST_DAY")
                .operator(DAYNAME, (call, translator) -> Expressions.dayName(translator.translate(call.getOperands().get(0))))
                .operator(MONTHNAME, (call, translator) -> Expressions.monthName(translator.translate(call.getOperands().get(0))))
                .operator(DAYS_SINCE_EPOCH, (call, translator) -> Expressions.dateDiff(DateField.DAY, Expressions.constant(Type.DATE, 0),
                        translator.translate(call.getOperands().get(0))))
                .operator(STRFTIME, DateFunctions::strftime)
                .operator(STRPTIME, DateFunctions::strptime)
                .operator(TIMEZONE, DateFunctions::timeZone)
                .operator(TO_INSTANT, (call, translator) -> Expressions.convertTimeZone(Conversion.TO_INSTANT, operand(call, translator, 0), zone(call, 1)))
                .operator(TO_LOCAL, (call, translator) -> Expressions.convertTimeZone(Conversion.TO_LOCAL, operand(call, translator, 0), zone(call, 1)))
                .operator(FORMAT_INSTANT, (call, translator) -> Expressions.convertTimeZone(Conversion.FORMAT, operand(call, translator, 0), zone(call, 1)))
                .operator(PARSE_INSTANT, (call, translator) -> Expressions.convertTimeZone(Conversion.PARSE, operand(call, translator, 0), zone(call, 1)))
                .operator(ADD_IN_ZONE, DateFunctions::addInZone)
                .operator(STRFTIME_IN_ZONE, (call, translator) -> Expressions.formatDateTime(operand(call, translator, 0), format(call, 1), zone(call, 2)))
                .operator(SINCE_EPOCH, (call, translator) -> Expressions.sinceEpoch(operand(call, translator, 0)))
                .function(DateFunctions::currentTime, "CURRENT_DATE")
                .operator(CURRENT_TIMESTAMP, DateFunctions::currentTime)
                .operator(LOCALTIMESTAMP, DateFunctions::currentTime)
                .operator(NOW, DateFunctions::currentTime)
                .operator(AGE, (call, translator) -> {
                    throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: AGE, whose answer mixes months and days in one interval (Signo's INTERVAL "
                            + "types hold either months or days and time); DATE_DIFF('month', start, end) counts months and end - start gives days and time");
                });
    }

    private static SqlFunction datePart(String name)
    {
        return SqlBasicFunction.create(name, DateFunctions::datePartType,
                OperandTypes.or(OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME), OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME_INTERVAL)),
                SqlFunctionCategory.TIMEDATE);
    }

    /** One of Signo's functions the planner writes (never a statement: a name starting with {@code $} is no identifier). */
    private static SqlFunction internal(String name, SqlTypeName result, SqlTypeFamily... operands)
    {
        return SqlBasicFunction.create(name, binding -> nullableLike(binding, binding.getTypeFactory().createSqlType(result,
                result == SqlTypeName.VARCHAR ? RelDataType.PRECISION_NOT_SPECIFIED : CalciteTypes.TIMESTAMP_PRECISION)), OperandTypes.family(operands),
                SqlFunctionCategory.TIMEDATE);
    }

    private static SqlFunction dateDiff(String name)
    {
        return SqlBasicFunction.create(name, ReturnTypes.BIGINT_NULLABLE,
                OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);
    }

    /** DATE_PART's type: a DOUBLE for the epoch, else a BIGINT (an unknown part fails at translation, naming it). */
    private static RelDataType datePartType(SqlOperatorBinding binding)
    {
        String part = null;
        try {
            part = binding.getOperandLiteralValue(0, String.class);
        }
        catch (RuntimeException e) {
            // not a constant: translation refuses it
        }
        SqlTypeName type = part != null && part.strip().equalsIgnoreCase("epoch") ? SqlTypeName.DOUBLE : SqlTypeName.BIGINT;
        return nullableLike(binding, binding.getTypeFactory().createSqlType(type));
    }

    private static RelDataType truncatedType(SqlOperatorBinding binding)
    {
        SqlTypeName type = binding.getOperandType(1).getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ ? SqlTypeName.TIMESTAMP_TZ : SqlTypeName.TIMESTAMP;
        return nullableLike(binding, binding.getTypeFactory().createSqlType(type, CalciteTypes.TIMESTAMP_PRECISION));
    }

    /** STRPTIME's type: a TIMESTAMP WITH TIME ZONE when its constant format reads an offset or a zone. */
    private static RelDataType parsedType(SqlOperatorBinding binding)
    {
        boolean zoned = false;
        try {
            String pattern = binding.getOperandLiteralValue(1, String.class);
            zoned = pattern != null && DateTimeFormat.of(pattern).readsZone();
        }
        catch (RuntimeException e) {
            // not a constant, or not a format: translation reports it
        }
        return nullableLike(binding, binding.getTypeFactory().createSqlType(zoned ? SqlTypeName.TIMESTAMP_TZ : SqlTypeName.TIMESTAMP, CalciteTypes.TIMESTAMP_PRECISION));
    }

    /** TIMEZONE's type: the other kind of timestamp than its argument's. */
    private static RelDataType convertedType(SqlOperatorBinding binding)
    {
        SqlTypeName type = binding.getOperandType(1).getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ ? SqlTypeName.TIMESTAMP : SqlTypeName.TIMESTAMP_TZ;
        return nullableLike(binding, binding.getTypeFactory().createSqlType(type, CalciteTypes.TIMESTAMP_PRECISION));
    }

    /** The type, nullable when an operand is. */
    private static RelDataType nullableLike(SqlOperatorBinding binding, RelDataType type)
    {
        boolean nullable = false;
        for (int i = 0; i < binding.getOperandCount(); i++) {
            nullable |= binding.getOperandType(i).isNullable();
        }
        RelDataTypeFactory typeFactory = binding.getTypeFactory();
        return typeFactory.createTypeWithNullability(type, nullable);
    }

    private static Expression extract(RexCall call, RexTranslator translator)
    {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
        DateField field = switch (unit) {
            case MILLENNIUM -> DateField.MILLENNIUM;
            case CENTURY -> DateField.CENTURY;
            case DECADE -> DateField.DECADE;
            case YEAR -> DateField.YEAR;
            case ISOYEAR -> DateField.ISO_YEAR;
            case QUARTER -> DateField.QUARTER;
            case MONTH -> DateField.MONTH;
            case WEEK -> DateField.WEEK;
            case DAY -> DateField.DAY;
            case DOW -> DateField.DAY_OF_WEEK;
            case ISODOW -> DateField.ISO_DAY_OF_WEEK;
            case DOY -> DateField.DAY_OF_YEAR;
            case HOUR -> DateField.HOUR;
            case MINUTE -> DateField.MINUTE;
            case SECOND -> DateField.SECOND;
            case MILLISECOND -> DateField.MILLISECOND;
            case MICROSECOND -> DateField.MICROSECOND;
            case EPOCH -> DateField.EPOCH;
            default -> throw RexTranslator.unsupported("EXTRACT(" + unit + ")");
        };
        return Expressions.extract(field, translator.translate(call.getOperands().get(1)));
    }

    private static Expression datePart(RexCall call, RexTranslator translator)
    {
        return Expressions.extract(part(call, 0), translator.translate(call.getOperands().get(1)));
    }

    private static Expression dateDiff(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        return Expressions.dateDiff(part(call, 0), translator.translate(operands.get(1)), translator.translate(operands.get(2)));
    }

    /** The date part named by a string constant operand. */
    private static DateField part(RexCall call, int index)
    {
        if (!(call.getOperands().get(index) instanceof RexLiteral literal)) {
            throw RexTranslator.unsupported(call.getOperator().getName() + " with a date part that is not a constant: " + call);
        }
        if (literal.isNull()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, call.getOperator().getName() + " needs a date part, not NULL");
        }
        return DateField.parse(RexTranslator.literalString(literal, Type.VARCHAR));
    }

    private static Expression operand(RexCall call, RexTranslator translator, int index)
    {
        return translator.translate(call.getOperands().get(index));
    }

    /** The time zone a string constant operand names; an unknown one is an INVALID_ARGUMENT error naming it. */
    private static TimeZoneOffsets zone(RexCall call, int index)
    {
        String name = constantText(call, index, "time zone");
        ZoneId zone = TimeZoneOffsets.zone(name);
        if (zone == null) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "unknown time zone '" + name + "' (a name such as 'Europe/Berlin', 'UTC' or an offset such as '+02:00')");
        }
        return TimeZoneOffsets.of(zone);
    }

    /** The format a string constant operand holds. */
    private static DateTimeFormat format(RexCall call, int index)
    {
        return DateTimeFormat.of(constantText(call, index, "format"));
    }

    private static String constantText(RexCall call, int index, String what)
    {
        if (!(call.getOperands().get(index) instanceof RexLiteral literal)) {
            throw RexTranslator.unsupported(call.getOperator().getName() + " with a " + what + " that is not a constant: " + call);
        }
        if (literal.isNull()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, call.getOperator().getName() + " needs a " + what + ", not NULL");
        }
        return RexTranslator.literalString(literal, Type.VARCHAR);
    }

    /** STRFTIME(value, 'format') or STRFTIME('format', value). */
    private static Expression strftime(RexCall call, RexTranslator translator)
    {
        int formatIndex = SqlTypeUtil.isCharacter(call.getOperands().get(0).getType()) ? 0 : 1;
        Expression value = operand(call, translator, 1 - formatIndex);
        if (value.type().kind() == TypeKind.TIMESTAMP_TZ) {
            throw new IllegalStateException("STRFTIME of a TIMESTAMP WITH TIME ZONE was not given the session's time zone: " + call);
        }
        return Expressions.formatDateTime(value, format(call, formatIndex), null);
    }

    private static Expression strptime(RexCall call, RexTranslator translator)
    {
        return Expressions.parseDateTime(operand(call, translator, 0), format(call, 1));
    }

    /** TIMEZONE('zone', value): a TIMESTAMP to the instant it is in the zone, a TIMESTAMP WITH TIME ZONE to the wall-clock time there. */
    private static Expression timeZone(RexCall call, RexTranslator translator)
    {
        Expression value = operand(call, translator, 1);
        if (value.type().kind() == TypeKind.TIMESTAMP_TZ) {
            return Expressions.convertTimeZone(Conversion.TO_LOCAL, value, zone(call, 0));
        }
        return Expressions.convertTimeZone(Conversion.TO_INSTANT, Expressions.cast(value, Type.TIMESTAMP), zone(call, 0));
    }

    /** $ADD_IN_ZONE(instant, interval, 'zone'). */
    private static Expression addInZone(RexCall call, RexTranslator translator)
    {
        Expression instant = operand(call, translator, 0);
        Expression interval = operand(call, translator, 1);
        TimeZoneOffsets zone = zone(call, 2);
        return interval.type().kind() == TypeKind.INTERVAL_YEAR_MONTH
                ? Expressions.addMonths(instant, interval, zone)
                : Expressions.addMicroseconds(instant, interval, zone);
    }

    private static Expression currentTime(RexCall call, RexTranslator translator)
    {
        // the planner puts the statement's time in their place before any translation
        throw new IllegalStateException(call.getOperator().getName() + " was not replaced by the statement's time");
    }

    /**
     * Operands of these families as they are, without implicit casts: {@code STRFTIME(42, '%Y')} is a
     * validation error naming the function, as in DuckDB, not a cast of 42 to text. A NULL fits any.
     */
    private static final class ExactFamilies
            implements SqlOperandTypeChecker
    {
        private final List<SqlTypeFamily> families;

        ExactFamilies(SqlTypeFamily... families)
        {
            this.families = List.of(families);
        }

        @Override
        public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure)
        {
            for (int i = 0; i < families.size(); i++) {
                SqlTypeName type = binding.getOperandType(i).getSqlTypeName();
                if (type != SqlTypeName.NULL && !families.get(i).getTypeNames().contains(type)) {
                    if (throwOnFailure) {
                        throw binding.newValidationSignatureError();
                    }
                    return false;
                }
            }
            return true;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange()
        {
            return SqlOperandCountRanges.of(families.size());
        }

        @Override
        public String getAllowedSignatures(SqlOperator operator, String name)
        {
            return name + families.stream().map(family -> "<" + family.name() + ">").collect(Collectors.joining(", ", "(", ")"));
        }
    }

    /** CURRENT_TIMESTAMP and LOCALTIMESTAMP, with microseconds unless a precision is asked. */
    private static final class CurrentTimestamp
            extends SqlAbstractTimeFunction
    {
        private final SqlTypeName typeName;

        CurrentTimestamp(String name, SqlTypeName typeName)
        {
            super(name, typeName);
            this.typeName = typeName;
        }

        @Override
        public RelDataType inferReturnType(SqlOperatorBinding binding)
        {
            if (binding.getOperandCount() > 0) {
                return super.inferReturnType(binding);
            }
            return binding.getTypeFactory().createSqlType(typeName, CalciteTypes.TIMESTAMP_PRECISION);
        }
    }
}
