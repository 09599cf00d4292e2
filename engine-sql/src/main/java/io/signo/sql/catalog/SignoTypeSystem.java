package io.signo.sql.catalog;

import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Keeps every DECIMAL within 18 digits, so decimals stay scaled longs through the whole plan; sums
 * accumulate in 128 bits inside the aggregation and fail only if the result does not fit. AVG of an
 * integer type is a DOUBLE (as in DuckDB and Trino) rather than an integer truncated toward zero.
 */
public final class SignoTypeSystem
        extends RelDataTypeSystemImpl
{
    public static final SignoTypeSystem INSTANCE = new SignoTypeSystem();

    @Override
    public int getMaxPrecision(SqlTypeName typeName)
    {
        if (typeName == SqlTypeName.DECIMAL) {
            return Type.MAX_DECIMAL_PRECISION;
        }
        return super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName)
    {
        if (typeName == SqlTypeName.DECIMAL) {
            return Type.MAX_DECIMAL_PRECISION;
        }
        return super.getMaxScale(typeName);
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType)
    {
        if (SqlTypeName.INT_TYPES.contains(argumentType.getSqlTypeName())) {
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }
}
