package io.signo.sql.translate.function;

import io.signo.core.expression.DateField;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.List;
import java.util.Set;

/**
 * EXTRACT, DATE_PART and DATEPART, DATE_TRUNC, DATE_DIFF and DATEDIFF, MAKE_DATE, LAST_DAY, DAYNAME,
 * MONTHNAME, and CURRENT_DATE, CURRENT_TIMESTAMP, NOW() and LOCALTIMESTAMP, typed and computed as
 * DuckDB does. A part or unit is a string constant with DuckDB's names ({@code 'year'}, {@code 'yr'},
 * {@code 'dow'}; see {@link DateField}); the planner passes {@code DATEDIFF('day', ...)} and
 * {@code DATEPART('year', ...)}, which Calcite's grammar parses as its own functions, through to
 * these. The current date and time are the statement's: the planner replaces them by constants
 * before translation (see {@code StatementTime}), so they are never translated here.
 */
final class DateFunctions
{
    /** EXTRACT(part FROM value): a BIGINT, but EPOCH a DOUBLE with the fraction of a second, as in DuckDB. */
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
    /** DATE_TRUNC('unit', value): a TIMESTAMP, of a DATE too, as in DuckDB. */
    static final SqlFunction DATE_TRUNC = SqlBasicFunction.create("DATE_TRUNC", DateFunctions::timestamp,
            OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);
    /** DATE_DIFF('unit', start, end): a BIGINT. */
    static final SqlFunction DATE_DIFF = dateDiff("DATE_DIFF");
    /** DATEDIFF('unit', start, end). */
    static final SqlFunction DATEDIFF = dateDiff("DATEDIFF");
    /** MAKE_DATE(year, month, day). */
    static final SqlFunction MAKE_DATE = SqlBasicFunction.create("MAKE_DATE", ReturnTypes.DATE_NULLABLE,
            OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER), SqlFunctionCategory.TIMEDATE);
    /** CURRENT_TIMESTAMP with microseconds, as DuckDB's (Calcite's has whole seconds). */
    static final SqlFunction CURRENT_TIMESTAMP = new CurrentTimestamp("CURRENT_TIMESTAMP");
    /** LOCALTIMESTAMP, the same without a time zone: Signo has none. */
    static final SqlFunction LOCALTIMESTAMP = new CurrentTimestamp("LOCALTIMESTAMP");
    /** NOW(), PostgreSQL's and DuckDB's CURRENT_TIMESTAMP. */
    static final SqlFunction NOW = SqlBasicFunction.create("NOW", DateFunctions::timestamp, OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE)
            .withDynamic(true)
            .withDeterministic(false);
    /** The days since 1970-01-01 of a DATE, a BIGINT: the planner writes {@code a - b} of two dates as the difference of theirs. */
    static final SqlFunction DAYS_SINCE_EPOCH = SqlBasicFunction.create("$DAYS_SINCE_EPOCH", ReturnTypes.BIGINT_NULLABLE, OperandTypes.DATE,
            SqlFunctionCategory.TIMEDATE);

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
                .operator(SqlLibraryOperators.DAYNAME, (call, translator) -> Expressions.dayName(translator.translate(call.getOperands().get(0))))
                .operator(SqlLibraryOperators.MONTHNAME, (call, translator) -> Expressions.monthName(translator.translate(call.getOperands().get(0))))
                .operator(DAYS_SINCE_EPOCH, (call, translator) -> Expressions.dateDiff(DateField.DAY, Expressions.constant(Type.DATE, 0),
                        translator.translate(call.getOperands().get(0))))
                .function(DateFunctions::currentTime, "CURRENT_DATE")
                .operator(CURRENT_TIMESTAMP, DateFunctions::currentTime)
                .operator(LOCALTIMESTAMP, DateFunctions::currentTime)
                .operator(NOW, DateFunctions::currentTime);
    }

    private static SqlFunction datePart(String name)
    {
        return SqlBasicFunction.create(name, DateFunctions::datePartType, OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME),
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

    private static RelDataType timestamp(SqlOperatorBinding binding)
    {
        return nullableLike(binding, binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP, CalciteTypes.TIMESTAMP_PRECISION));
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

    private static Expression currentTime(RexCall call, RexTranslator translator)
    {
        // the planner puts the statement's time in their place before any translation
        throw new IllegalStateException(call.getOperator().getName() + " was not replaced by the statement's time");
    }

    /** CURRENT_TIMESTAMP and LOCALTIMESTAMP, with microseconds unless a precision is asked. */
    private static final class CurrentTimestamp
            extends SqlAbstractTimeFunction
    {
        CurrentTimestamp(String name)
        {
            super(name, SqlTypeName.TIMESTAMP);
        }

        @Override
        public RelDataType inferReturnType(SqlOperatorBinding binding)
        {
            if (binding.getOperandCount() > 0) {
                return super.inferReturnType(binding);
            }
            return binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP, CalciteTypes.TIMESTAMP_PRECISION);
        }
    }
}
