package io.signo.sql.catalog;

import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

import java.math.RoundingMode;

/**
 * Signo's type rules. DECIMALs hold up to 38 digits: those of up to 18 are scaled longs, longer ones
 * scaled 128-bit integers (see {@link Type#physicalType}), as in Trino and DuckDB.
 *
 * <p>Arithmetic follows the SQL standard's rules (Calcite's: a sum has the larger scale and one
 * more whole digit, a product adds precisions and scales, a quotient has at least 6 digits after
 * the point), with one cap that keeps short decimals short: when no operand is a long DECIMAL
 * (INTEGER and BIGINT count as short), the result keeps at most 18 digits and a value past them
 * fails with NUMERIC_OVERFLOW, as DuckDB caps the product of two short decimals; with a long operand
 * the cap is 38. So TPC-H's {@code l_extendedprice * (1 - l_discount)} stays a long (DECIMAL(18, 4)),
 * and only a long operand brings 128-bit arithmetic. A product whose scale would pass 18 is computed
 * long instead, and so is a quotient whose whole digits the short cap would cut. The common type of
 * several values (CASE, UNION) follows the same cap.
 *
 * <p>SUM of a DECIMAL is a DECIMAL(38, s), as in Trino and DuckDB: sums accumulate in 128 bits
 * anyway, and the result holds any realistic total. AVG of a DECIMAL(p, s) keeps more digits after the
 * point than its argument, rounded half up, exact where DuckDB returns a DOUBLE and Trino keeps the
 * argument's scale: of a short DECIMAL (p up to 18) a short DECIMAL(p - s + s', s') with
 * s' = max(s, min(6, 18 - (p - s))), every whole digit kept (DECIMAL(15, 2) gives DECIMAL(18, 5)); of a
 * long one a DECIMAL(min(38, p - s + max(s, 6)), max(s, 6)), as SQL Server's, where an average past
 * 32 whole digits fails with NUMERIC_OVERFLOW. AVG of an integer type is a DOUBLE (as in
 * DuckDB and Trino) rather than an integer truncated toward zero; SUM and AVG of REAL are DOUBLE, as
 * in DuckDB and PostgreSQL. DECIMAL without a precision is DECIMAL(18, 0).
 */
public final class SignoTypeSystem
        extends RelDataTypeSystemImpl
{
    public static final SignoTypeSystem INSTANCE = new SignoTypeSystem();
    /** The fewest digits after the point of an AVG of a DECIMAL. */
    private static final int AVG_MIN_SCALE = 6;

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
        if (typeName == SqlTypeName.DECIMAL) {
            return Type.MAX_SHORT_DECIMAL_PRECISION;
        }
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
            // the sum keeps the scale and takes every digit: a long result whatever the input (see the class comment)
            RelDataType sum = typeFactory.createSqlType(SqlTypeName.DECIMAL, Type.MAX_DECIMAL_PRECISION, argumentType.getScale());
            return typeFactory.createTypeWithNullability(sum, argumentType.isNullable());
        }
        if (argumentType.getSqlTypeName() == SqlTypeName.INTEGER || argumentType.getSqlTypeName() == SqlTypeName.SMALLINT || argumentType.getSqlTypeName() == SqlTypeName.TINYINT) {
            // a sum of narrower integers is a BIGINT, as in PostgreSQL and Trino: a few thousand rows of INTEGER quantities pass 2^31
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BIGINT), argumentType.isNullable());
        }
        if (argumentType.getSqlTypeName() == SqlTypeName.REAL) {
            // a sum of floats is a DOUBLE, as in DuckDB and PostgreSQL
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return super.deriveSumType(typeFactory, argumentType);
    }

    @Override
    public @Nullable RelDataType deriveDecimalPlusType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2)
    {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        RelDataType left = asDecimal(typeFactory, type1);
        RelDataType right = asDecimal(typeFactory, type2);
        int scale = Math.max(left.getScale(), right.getScale());
        int precision = Math.max(left.getPrecision() - left.getScale(), right.getPrecision() - right.getScale()) + scale + 1;
        return typeFactory.createSqlType(SqlTypeName.DECIMAL, Math.min(precision, maxPrecision(type1, type2)), scale);
    }

    @Override
    public @Nullable RelDataType deriveDecimalMultiplyType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2)
    {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        RelDataType left = asDecimal(typeFactory, type1);
        RelDataType right = asDecimal(typeFactory, type2);
        int scale = left.getScale() + right.getScale();
        int precision = left.getPrecision() + right.getPrecision();
        // a scale that a short result cannot hold makes the product long, as DuckDB does
        int maxPrecision = scale > Type.MAX_SHORT_DECIMAL_PRECISION ? Type.MAX_DECIMAL_PRECISION : maxPrecision(type1, type2);
        return typeFactory.createSqlType(SqlTypeName.DECIMAL, Math.min(precision, maxPrecision), Math.min(scale, Type.MAX_DECIMAL_PRECISION));
    }

    /**
     * Calcite's rule (at least 6 digits after the point, whole digits first), under the short cap
     * when the quotient's whole digits fit it, else under the long one: a quotient may have as many
     * whole digits as the dividend (and the divisor's fraction) give it, so a short cap that dropped
     * some would make plain values overflow ({@code DECIMAL(18, 4) / 2}).
     */
    @Override
    public @Nullable RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2)
    {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        RelDataType left = asDecimal(typeFactory, type1);
        RelDataType right = asDecimal(typeFactory, type2);
        int wholeDigits = left.getPrecision() - left.getScale() + right.getScale();
        RelDataType quotient = decimalQuotient(typeFactory, left, right, maxPrecision(type1, type2));
        if (quotient.getPrecision() - quotient.getScale() < wholeDigits && quotient.getPrecision() < Type.MAX_DECIMAL_PRECISION) {
            return decimalQuotient(typeFactory, left, right, Type.MAX_DECIMAL_PRECISION);
        }
        return quotient;
    }

    private static RelDataType decimalQuotient(RelDataTypeFactory typeFactory, RelDataType left, RelDataType right, int maxPrecision)
    {
        int minScale = 6;
        int wholeDigits = left.getPrecision() - left.getScale() + right.getScale();
        int scale = Math.min(Math.max(minScale, left.getScale() + right.getPrecision() + 1), maxPrecision);
        int precision = wholeDigits + scale;
        if (precision <= maxPrecision - minScale) {
            scale = Math.min(scale, maxPrecision - wholeDigits);
        }
        else {
            scale = Math.min(minScale, scale);
        }
        return typeFactory.createSqlType(SqlTypeName.DECIMAL, Math.min(precision, maxPrecision), scale);
    }

    private static boolean isDecimalArithmetic(RelDataType type1, RelDataType type2)
    {
        return SqlTypeUtil.isExactNumeric(type1) && SqlTypeUtil.isExactNumeric(type2) && (SqlTypeUtil.isDecimal(type1) || SqlTypeUtil.isDecimal(type2));
    }

    private static RelDataType asDecimal(RelDataTypeFactory typeFactory, RelDataType type)
    {
        return SqlTypeUtil.isDecimal(type) ? type : typeFactory.decimalOf(type);
    }

    /** 38 digits when an operand is a long DECIMAL, else 18: short operands make a short result. */
    static int maxPrecision(RelDataType... types)
    {
        for (RelDataType type : types) {
            if (SqlTypeUtil.isDecimal(type) && type.getPrecision() > Type.MAX_SHORT_DECIMAL_PRECISION) {
                return Type.MAX_DECIMAL_PRECISION;
            }
        }
        return Type.MAX_SHORT_DECIMAL_PRECISION;
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType)
    {
        if (SqlTypeName.INT_TYPES.contains(argumentType.getSqlTypeName()) || argumentType.getSqlTypeName() == SqlTypeName.REAL) {
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        if (argumentType.getSqlTypeName() == SqlTypeName.DECIMAL) {
            int wholeDigits = argumentType.getPrecision() - argumentType.getScale();
            int scale;
            int precision;
            if (argumentType.getPrecision() <= Type.MAX_SHORT_DECIMAL_PRECISION) {
                // a short argument keeps a short average with every whole digit it can have, and up to six after the point in the room left
                scale = Math.max(argumentType.getScale(), Math.min(AVG_MIN_SCALE, Type.MAX_SHORT_DECIMAL_PRECISION - wholeDigits));
                precision = wholeDigits + scale;
            }
            else {
                // a long one (SUM's DECIMAL(38, s) included) gets six digits after the point even where that leaves fewer whole digits than the argument's
                scale = Math.max(argumentType.getScale(), AVG_MIN_SCALE);
                precision = Math.min(Type.MAX_DECIMAL_PRECISION, wholeDigits + scale);
            }
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale), argumentType.isNullable());
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }
}
