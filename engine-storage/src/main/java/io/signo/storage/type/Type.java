package io.signo.storage.type;

import java.io.Serializable;

/**
 * A SQL type. A record so that type checks are value comparisons and types can be shared freely.
 *
 * @param precision total digits for DECIMAL; for a day-time interval, 1 when it has no day field
 *        (INTERVAL HOUR, MINUTE, SECOND and their ranges: its hours are never gathered into days),
 *        0 when it has one; 0 otherwise
 * @param scale digits after the point for DECIMAL, 0 otherwise
 * @param length maximum length for VARCHAR and CHAR, 0 when unbounded or not a string
 */
public record Type(TypeKind kind, int precision, int scale, int length)
        implements Serializable
{
    /** The most digits a DECIMAL holds, as in Trino and DuckDB. */
    public static final int MAX_DECIMAL_PRECISION = 38;
    /**
     * The most digits of a short DECIMAL, a scaled long ({@link PhysicalType#LONG}); a long DECIMAL, of
     * 19 to 38 digits, is a scaled 128-bit integer ({@link PhysicalType#INT128}), as Trino and DuckDB
     * split them.
     */
    public static final int MAX_SHORT_DECIMAL_PRECISION = 18;

    public static final Type BOOLEAN = new Type(TypeKind.BOOLEAN, 0, 0, 0);
    public static final Type INTEGER = new Type(TypeKind.INTEGER, 0, 0, 0);
    public static final Type BIGINT = new Type(TypeKind.BIGINT, 0, 0, 0);
    public static final Type DOUBLE = new Type(TypeKind.DOUBLE, 0, 0, 0);
    public static final Type REAL = new Type(TypeKind.REAL, 0, 0, 0);
    public static final Type DATE = new Type(TypeKind.DATE, 0, 0, 0);
    public static final Type TIMESTAMP = new Type(TypeKind.TIMESTAMP, 0, 0, 0);
    public static final Type VARCHAR = new Type(TypeKind.VARCHAR, 0, 0, 0);
    public static final Type TIME = new Type(TypeKind.TIME, 0, 0, 0);
    public static final Type TIMESTAMP_TZ = new Type(TypeKind.TIMESTAMP_TZ, 0, 0, 0);
    public static final Type INTERVAL_YEAR_MONTH = new Type(TypeKind.INTERVAL_YEAR_MONTH, 0, 0, 0);
    public static final Type INTERVAL_DAY_TIME = new Type(TypeKind.INTERVAL_DAY_TIME, 0, 0, 0);
    /** A day-time interval without a day field: 36 hours is {@code 36:00:00}, not {@code 1 day 12:00:00}. */
    public static final Type INTERVAL_HOUR_TO_SECOND = new Type(TypeKind.INTERVAL_DAY_TIME, 1, 0, 0);

    public Type
    {
        if (kind == null) {
            throw new IllegalArgumentException("kind is null");
        }
        if (kind == TypeKind.DECIMAL && (scale < 0 || scale > precision || precision > MAX_DECIMAL_PRECISION)) {
            throw new IllegalArgumentException("invalid DECIMAL(" + precision + ", " + scale + ")");
        }
    }

    public static Type decimal(int precision, int scale)
    {
        return new Type(TypeKind.DECIMAL, precision, scale, 0);
    }

    public static Type varchar(int length)
    {
        return new Type(TypeKind.VARCHAR, 0, 0, length);
    }

    public static Type character(int length)
    {
        return new Type(TypeKind.CHAR, 0, 0, length);
    }

    public PhysicalType physicalType()
    {
        return switch (kind) {
            case BOOLEAN -> PhysicalType.BYTE;
            case INTEGER, DATE -> PhysicalType.INT;
            case BIGINT, TIMESTAMP -> PhysicalType.LONG;
            case DECIMAL -> precision <= MAX_SHORT_DECIMAL_PRECISION ? PhysicalType.LONG : PhysicalType.INT128;
            case DOUBLE, REAL -> PhysicalType.DOUBLE;
            case VARCHAR, CHAR -> PhysicalType.BYTES;
            case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> PhysicalType.LONG;
        };
    }

    /**
     * Whether a vector of this type holds its values as one of {@code other} does: the same kind, width
     * and scale, a string's length and an interval's precision aside. Pages of one are read as pages of
     * the other only then (a 4-byte INTEGER read as an 8-byte BIGINT is out of bounds, or garbage).
     */
    public boolean storedLike(Type other)
    {
        return kind == other.kind && physicalType() == other.physicalType() && scale == other.scale;
    }

    public boolean isString()
    {
        return kind == TypeKind.VARCHAR || kind == TypeKind.CHAR;
    }

    public boolean isNumeric()
    {
        return kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DOUBLE || kind == TypeKind.REAL || kind == TypeKind.DECIMAL;
    }

    /**
     * TIME, TIMESTAMP WITH TIME ZONE or an INTERVAL: a long per value that compares, hashes and sorts
     * as the long it is, like a TIMESTAMP.
     */
    public boolean isTimeOrInterval()
    {
        return kind == TypeKind.TIME || kind == TypeKind.TIMESTAMP_TZ || isInterval();
    }

    public boolean isInterval()
    {
        return kind == TypeKind.INTERVAL_YEAR_MONTH || kind == TypeKind.INTERVAL_DAY_TIME;
    }

    /** A DECIMAL of more than {@link #MAX_SHORT_DECIMAL_PRECISION} digits, held in 128 bits. */
    public boolean isLongDecimal()
    {
        return kind == TypeKind.DECIMAL && precision > MAX_SHORT_DECIMAL_PRECISION;
    }

    /** DOUBLE or REAL: values held as doubles, computed in floating point. */
    public boolean isFloatingPoint()
    {
        return kind == TypeKind.DOUBLE || kind == TypeKind.REAL;
    }

    @Override
    public String toString()
    {
        return switch (kind) {
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            case VARCHAR -> length > 0 ? "VARCHAR(" + length + ")" : "VARCHAR";
            case CHAR -> "CHAR(" + length + ")";
            case TIMESTAMP_TZ -> "TIMESTAMP WITH TIME ZONE";
            case INTERVAL_YEAR_MONTH -> "INTERVAL YEAR TO MONTH";
            case INTERVAL_DAY_TIME -> precision == 0 ? "INTERVAL DAY TO SECOND" : "INTERVAL HOUR TO SECOND";
            default -> kind.name();
        };
    }
}
