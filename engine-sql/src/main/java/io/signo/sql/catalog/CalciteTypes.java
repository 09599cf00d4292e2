package io.signo.sql.catalog;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;
import org.apache.calcite.util.TimestampWithTimeZoneString;

import java.math.BigDecimal;
import java.util.TimeZone;

import static java.util.Objects.requireNonNull;

/** Converts between Signo's types and Calcite's SQL types. */
public final class CalciteTypes
{
    /** Digits of a second's fraction a TIMESTAMP keeps: microseconds, as in PostgreSQL and DuckDB. */
    public static final int TIMESTAMP_PRECISION = 6;
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

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

    /** The microseconds since 1970-01-01 00:00:00 UTC of a TIMESTAMP WITH TIME ZONE literal's value. */
    public static long instantMicros(TimestampWithTimeZoneString value)
    {
        return timestampMicros(value.withTimeZone(UTC).getLocalTimestampString());
    }

    /** The literal value of a TIMESTAMP WITH TIME ZONE (in UTC), or null outside the years 1 to 9999 that a literal holds. */
    public static TimestampWithTimeZoneString instantString(long micros)
    {
        TimestampString local = timestampString(micros);
        return local == null ? null : new TimestampWithTimeZoneString(local, UTC);
    }

    /** The microseconds since midnight of a TIME literal's value. */
    public static long timeMicros(TimeString value)
    {
        long micros = CivilTime.parse(value.toString());
        if (micros == CivilTime.INVALID) {
            throw new IllegalArgumentException("not a time: " + value);
        }
        return micros;
    }

    /**
     * The value of an interval literal as Signo holds it: months for a year-month interval,
     * microseconds for a day-time one (Calcite's value is milliseconds).
     */
    public static long intervalValue(RexLiteral literal)
    {
        try {
            long value = requireNonNull(literal.getValueAs(BigDecimal.class), "interval value").longValueExact();
            return literal.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME ? Math.multiplyExact(value, 1000L) : value;
        }
        catch (ArithmeticException e) {
            throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "INTERVAL out of range: " + literal);
        }
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
            case TIME -> factory.createSqlType(SqlTypeName.TIME, TIMESTAMP_PRECISION);
            case TIMESTAMP_TZ -> factory.createSqlType(SqlTypeName.TIMESTAMP_TZ, TIMESTAMP_PRECISION);
            case INTERVAL_YEAR_MONTH -> factory.createSqlIntervalType(new SqlIntervalQualifier(TimeUnit.YEAR, TimeUnit.MONTH, SqlParserPos.ZERO));
            case INTERVAL_DAY_TIME -> type.precision() == 0
                    ? dayTimeInterval(factory)
                    : factory.createSqlIntervalType(new SqlIntervalQualifier(TimeUnit.HOUR, RelDataType.PRECISION_NOT_SPECIFIED, TimeUnit.SECOND, TIMESTAMP_PRECISION,
                            SqlParserPos.ZERO));
        };
        return factory.createTypeWithNullability(sqlType, nullable);
    }

    /** INTERVAL DAY TO SECOND with microseconds: the type of a difference of timestamps. */
    public static RelDataType dayTimeInterval(RelDataTypeFactory factory)
    {
        return factory.createSqlIntervalType(new SqlIntervalQualifier(TimeUnit.DAY, RelDataType.PRECISION_NOT_SPECIFIED, TimeUnit.SECOND, TIMESTAMP_PRECISION,
                SqlParserPos.ZERO));
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
            case TIME -> Type.TIME;
            case TIMESTAMP_TZ, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Type.TIMESTAMP_TZ;
            case INTERVAL_YEAR, INTERVAL_YEAR_MONTH, INTERVAL_MONTH -> Type.INTERVAL_YEAR_MONTH;
            case INTERVAL_DAY, INTERVAL_DAY_HOUR, INTERVAL_DAY_MINUTE, INTERVAL_DAY_SECOND -> Type.INTERVAL_DAY_TIME;
            case INTERVAL_HOUR, INTERVAL_HOUR_MINUTE, INTERVAL_HOUR_SECOND, INTERVAL_MINUTE, INTERVAL_MINUTE_SECOND, INTERVAL_SECOND -> Type.INTERVAL_HOUR_TO_SECOND;
            case NULL -> Type.BOOLEAN;
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "type not supported: " + type.getFullTypeString());
        };
    }
}
