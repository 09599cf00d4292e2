package io.signo.sql.planner;

import io.signo.sql.translate.function.FunctionRegistry;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeCoercionRule;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

import java.util.List;
import java.util.Set;

/**
 * Calcite's implicit casts, except that a string that is not a literal is never cast to a number to
 * fit a function: {@code SQRT(n_name)} is a validation error naming the function and its argument
 * types, as DuckDB reports it, instead of a cast that fails on the first row. A string literal still
 * converts ({@code SQRT('2')}), as in DuckDB.
 *
 * <p>Dates take DuckDB's arithmetic with numbers of days: {@code date + n}, {@code n + date} and
 * {@code date - n} for an integer {@code n} are the date moved by {@code n * INTERVAL '1' DAY}, and
 * {@code a - b} of two dates is the BIGINT number of days between them (each date's days since 1970
 * subtracted). A difference of timestamps (or of a timestamp and a date) is an INTERVAL DAY TO SECOND,
 * as in DuckDB: each operand's time since 1970-01-01 subtracted (a TIMESTAMP WITH TIME ZONE's
 * wall-clock time in the session's zone, as DuckDB subtracts them on its calendar).
 */
final class SignoTypeCoercion
        extends TypeCoercionImpl
{
    private static final Set<SqlTypeFamily> NUMERIC_FAMILIES = Set.of(
            SqlTypeFamily.NUMERIC, SqlTypeFamily.INTEGER, SqlTypeFamily.EXACT_NUMERIC, SqlTypeFamily.APPROXIMATE_NUMERIC, SqlTypeFamily.DECIMAL);

    SignoTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator)
    {
        super(typeFactory, validator);
    }

    @Override
    public boolean builtinFunctionCoercion(SqlCallBinding binding, List<RelDataType> operandTypes, List<SqlTypeFamily> expectedFamilies)
    {
        for (int i = 0; i < operandTypes.size() && i < expectedFamilies.size(); i++) {
            if (SqlTypeUtil.isCharacter(operandTypes.get(i)) && NUMERIC_FAMILIES.contains(expectedFamilies.get(i))
                    && !(binding.operand(i) instanceof SqlLiteral)) {
                return false;
            }
        }
        return super.builtinFunctionCoercion(binding, operandTypes, expectedFamilies);
    }

    /**
     * A BOOLEAN compared with a number is cast to the number's type (TRUE is 1, FALSE 0), as DuckDB
     * compares them: for equality a numeric literal included (Calcite's own coercion turns the literal
     * into a BOOLEAN instead, any number but 0 TRUE, so that {@code TRUE = 2} was TRUE where DuckDB's is
     * FALSE), and in the ordering comparisons, which Calcite refuses.
     */
    @Override
    public boolean binaryComparisonCoercion(SqlCallBinding binding)
    {
        if (binding.getOperandCount() == 2 && binding.getOperator().getKind().belongsTo(SqlKind.BINARY_COMPARISON)
                && booleanAsNumber(binding, binding.getOperandType(0), binding.getOperandType(1))) {
            return true;
        }
        return super.binaryComparisonCoercion(binding);
    }

    @Override
    protected boolean booleanEquality(SqlCallBinding binding, RelDataType left, RelDataType right)
    {
        return booleanAsNumber(binding, left, right) || super.booleanEquality(binding, left, right);
    }

    /** Casts the BOOLEAN operand to the other's numeric type; false where there is none (a BOOLEAN does not cast to a floating-point type). */
    private boolean booleanAsNumber(SqlCallBinding binding, RelDataType left, RelDataType right)
    {
        for (int numeric = 0; numeric < 2; numeric++) {
            RelDataType numericType = numeric == 0 ? left : right;
            RelDataType other = numeric == 0 ? right : left;
            if (SqlTypeUtil.isNumeric(numericType) && SqlTypeUtil.isBoolean(other) && !SqlUtil.isNullLiteral(binding.operand(numeric), false)
                    && SqlTypeUtil.canCastFrom(numericType, other, SqlTypeCoercionRule.lenientInstance())) {
                return coerceOperandType(binding.getScope(), binding.getCall(), 1 - numeric, numericType);
            }
        }
        return false;
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding)
    {
        SqlKind kind = binding.getOperator().getKind();
        if (binding.getOperandCount() == 2 && (kind == SqlKind.PLUS || kind == SqlKind.MINUS)) {
            SqlTypeName left = binding.getOperandType(0).getSqlTypeName();
            SqlTypeName right = binding.getOperandType(1).getSqlTypeName();
            SqlCall call = binding.getCall();
            if (left == SqlTypeName.DATE && SqlTypeName.INT_TYPES.contains(right)) {
                return days(binding, call, 1);
            }
            if (kind == SqlKind.PLUS && SqlTypeName.INT_TYPES.contains(left) && right == SqlTypeName.DATE) {
                return days(binding, call, 0);
            }
            if (kind == SqlKind.MINUS && left == SqlTypeName.DATE && right == SqlTypeName.DATE) {
                return daysSinceEpoch(binding, call, 0) & daysSinceEpoch(binding, call, 1);
            }
            if (kind == SqlKind.MINUS && isDateTime(left) && isDateTime(right)) {
                return sinceEpoch(binding, call, 0) & sinceEpoch(binding, call, 1);
            }
        }
        return super.binaryArithmeticCoercion(binding);
    }

    private static boolean isDateTime(SqlTypeName type)
    {
        return type == SqlTypeName.DATE || type == SqlTypeName.TIMESTAMP || type == SqlTypeName.TIMESTAMP_TZ;
    }

    /** Makes a date or timestamp operand its time since 1970-01-01, an INTERVAL DAY TO SECOND. */
    private boolean sinceEpoch(SqlCallBinding binding, SqlCall call, int index)
    {
        SqlNode operand = call.operand(index);
        return replace(binding, call, index, FunctionRegistry.SINCE_EPOCH.createCall(operand.getParserPosition(), operand));
    }

    /** Makes the integer operand a number of days: {@code n * INTERVAL '1' DAY}. */
    private boolean days(SqlCallBinding binding, SqlCall call, int index)
    {
        SqlNode operand = call.operand(index);
        SqlParserPos position = operand.getParserPosition();
        SqlNode oneDay = SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, position), position);
        return replace(binding, call, index, SqlStdOperatorTable.MULTIPLY.createCall(position, operand, oneDay));
    }

    /** Makes a DATE operand its days since 1970-01-01. */
    private boolean daysSinceEpoch(SqlCallBinding binding, SqlCall call, int index)
    {
        SqlNode operand = call.operand(index);
        return replace(binding, call, index, FunctionRegistry.DAYS_SINCE_EPOCH.createCall(operand.getParserPosition(), operand));
    }

    private boolean replace(SqlCallBinding binding, SqlCall call, int index, SqlNode replacement)
    {
        call.setOperand(index, replacement);
        updateInferredType(replacement, validator.deriveType(binding.getScope(), replacement));
        return true;
    }
}
