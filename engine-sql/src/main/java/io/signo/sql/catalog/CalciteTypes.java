package io.signo.sql.catalog;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;

/** Converts between Signo's types and Calcite's SQL types. */
public final class CalciteTypes
{
    /** Digits of a second's fraction a TIMESTAMP keeps: microseconds, as in PostgreSQL and DuckDB. */
    public static final int TIMESTAMP_PRECISION = 6;

    private CalciteTypes() {}

    /** The microseconds since 1970-01-01 of a TIMESTAMP literal's value (digits past microseconds dropped). */
    public static long timestampMicros(TimestampString value)
    {
        long micros = CivilTimestamp.parse(value.toString());
        if (micros == CivilTimestamp.INVALID) {
            throw new IllegalArgumentException("not a timestamp: " + value);
        }
        return micros;
    }

    /** The literal value of a TIMESTAMP, or null outside the years 1 to 9999 that a literal holds. */
    public static TimestampString timestampString(long micros)
    {
        int year = CivilTimestamp.toLocalDateTime(micros).getYear();
        return year < 1 || year > 9999 ? null : new TimestampString(CivilTimestamp.format(micros));
    }

    public static RelDataType toCalcite(Type type, RelDataTypeFactory factory, boolean nullable)
    {
        RelDataType sqlType = switch (type.kind()) {
            case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
            case INTEGER -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case REAL -> factory.createSqlType(SqlTypeName.REAL);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> factory.createSqlType(SqlTypeName.TIMESTAMP, TIMESTAMP_PRECISION);
            case VARCHAR -> type.length() > 0 ? factory.createSqlType(SqlTypeName.VARCHAR, type.length()) : factory.createSqlType(SqlTypeName.VARCHAR);
            case CHAR -> factory.createSqlType(SqlTypeName.CHAR, type.length());
        };
        return factory.createTypeWithNullability(sqlType, nullable);
    }

    public static Type toSigno(RelDataType type)
    {
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> Type.BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> Type.INTEGER;
            case BIGINT -> Type.BIGINT;
            // FLOAT without a precision is DOUBLE PRECISION, as in the SQL standard and PostgreSQL
            case FLOAT, DOUBLE -> Type.DOUBLE;
            case REAL -> Type.REAL;
            case DECIMAL -> {
                if (type.getPrecision() > Type.MAX_DECIMAL_PRECISION) {
                    throw new SignoException(ErrorCode.NOT_SUPPORTED,
                            "DECIMAL precision above " + Type.MAX_DECIMAL_PRECISION + " is not supported: " + type.getFullTypeString());
                }
                yield Type.decimal(type.getPrecision(), type.getScale());
            }
            case DATE -> Type.DATE;
            case TIMESTAMP -> Type.TIMESTAMP;
            case VARCHAR -> type.getPrecision() > 0 && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED ? Type.varchar(type.getPrecision()) : Type.VARCHAR;
            case CHAR -> Type.character(Math.max(type.getPrecision(), 1));
            case NULL -> Type.BOOLEAN;
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "type not supported: " + type.getFullTypeString());
        };
    }
}
