package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.type.SqlTypeFamily;
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
}
