package io.signo.sql.catalog;

import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.RoundingMode;

/**
 * Keeps every DECIMAL within 19 digits and the long range, so decimals stay scaled longs through the
 * whole plan; sums accumulate in 128 bits inside the aggregation, are typed with the widest
 * precision at their scale, and fail only if the result does not fit a long. AVG of an integer type
 * is a DOUBLE (as in DuckDB and Trino) rather than an integer truncated toward zero; SUM and AVG of
 * REAL are DOUBLE, as in DuckDB and PostgreSQL.
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
        if (isTimeOrTimestamp(typeName)) {
            return CalciteTypes.TIMESTAMP_PRECISION;
        }
        return super.getMaxPrecision(typeName);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName)
    {
        // TIMESTAMP and TIME without a precision keep microseconds, as in PostgreSQL and DuckDB (the standard says 6 for TIMESTAMP)
        if (isTimeOrTimestamp(typeName)) {
            return CalciteTypes.TIMESTAMP_PRECISION;
        }
        return super.getDefaultPrecision(typeName);
    }

    /** TIME and the TIMESTAMPs, which keep microseconds. */
    private static boolean isTimeOrTimestamp(SqlTypeName typeName)
    {
        return typeName == SqlTypeName.TIMESTAMP || typeName == SqlTypeName.TIMESTAMP_TZ || typeName == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                || typeName == SqlTypeName.TIME;
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
    public RoundingMode roundingMode()
    {
        // a literal Calcite casts while planning (CAST(12.7 AS INTEGER), 1.005 as a DECIMAL(10, 2)) rounds as Signo's casts do
        return RoundingMode.HALF_UP;
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType)
    {
        if (argumentType.getSqlTypeName() == SqlTypeName.DECIMAL) {
            // TPC-H Q1's sum of charges passes 10^12 at SF 10: the sum keeps the scale and takes every digit a long holds
            RelDataType sum = typeFactory.createSqlType(SqlTypeName.DECIMAL, Type.MAX_DECIMAL_PRECISION, argumentType.getScale());
            return typeFactory.createTypeWithNullability(sum, argumentType.isNullable());
        }
        if (argumentType.getSqlTypeName() == SqlTypeName.REAL) {
            // a sum of floats is a DOUBLE, as in DuckDB and PostgreSQL
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return super.deriveSumType(typeFactory, argumentType);
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType)
    {
        if (SqlTypeName.INT_TYPES.contains(argumentType.getSqlTypeName()) || argumentType.getSqlTypeName() == SqlTypeName.REAL) {
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }
}
