package io.signo.server.jdbc;

import io.signo.storage.type.Interval;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.Rep;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * How Signo's types appear to JDBC: the {@link java.sql.Types} code, the name, the size, and the
 * representation the values travel in. DATE travels as days since 1970-01-01 (Avatica turns them
 * into {@code java.sql.Date}), TIMESTAMP as milliseconds since 1970-01-01 00:00 (Avatica's own form
 * of a timestamp, which drops the microseconds), TIME as milliseconds since midnight (a
 * {@code java.sql.Time}, also without microseconds), DECIMAL as {@code BigDecimal} with the column's scale, CHAR as its
 * text without pad spaces (the driver pads it to the declared length, as JDBC's CHAR is). TIMESTAMP
 * WITH TIME ZONE and the intervals travel as their text, as the session shows them
 * ({@code 2024-01-02 10:00:00+01}, {@code 3 days 04:05:06}): Avatica has no form of its own for them.
 */
final class JdbcTypes
{
    /** The size Signo reports for an unbounded VARCHAR. */
    static final int UNBOUNDED = Integer.MAX_VALUE;
    /** Characters of 'YYYY-MM-DD HH:MM:SS.ffffff'. */
    private static final int TIMESTAMP_LENGTH = 26;
    /** Characters of 'HH:MM:SS.ffffff'. */
    private static final int TIME_LENGTH = 15;
    /** Characters of 'YYYY-MM-DD HH:MM:SS.ffffff+HH:MM'. */
    private static final int TIMESTAMP_TZ_LENGTH = 32;

    private JdbcTypes() {}

    static List<ColumnMetaData> columns(List<String> names, List<Type> types)
    {
        List<ColumnMetaData> columns = new ArrayList<>(names.size());
        for (int column = 0; column < names.size(); column++) {
            columns.add(column(column, names.get(column), types.get(column)));
        }
        return columns;
    }

    static ColumnMetaData column(int ordinal, String name, Type type)
    {
        return new ColumnMetaData(ordinal, false, type.isString(), true, false, DatabaseMetaData.columnNullable, type.isNumeric(),
                displaySize(type), name, name, "", precision(type), scale(type), "", "",
                ColumnMetaData.scalar(sqlType(type), typeName(type), rep(type)), true, false, false, className(type));
    }

    static int sqlType(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> Types.BOOLEAN;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DOUBLE -> Types.DOUBLE;
            case REAL -> Types.REAL;
            case DECIMAL -> Types.DECIMAL;
            case DATE -> Types.DATE;
            case TIMESTAMP -> Types.TIMESTAMP;
            case VARCHAR -> Types.VARCHAR;
            case CHAR -> Types.CHAR;
            case TIME -> Types.TIME;
            case TIMESTAMP_TZ -> Types.TIMESTAMP_WITH_TIMEZONE;
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> Types.OTHER;
        };
    }

    static String typeName(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case REAL -> "REAL";
            case DECIMAL -> "DECIMAL";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case VARCHAR -> "VARCHAR";
            case CHAR -> "CHAR";
            case TIME -> "TIME";
            case TIMESTAMP_TZ -> "TIMESTAMP WITH TIME ZONE";
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> "INTERVAL";
        };
    }

    private static Rep rep(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> Rep.BOOLEAN;
            case INTEGER, DATE -> Rep.INTEGER;
            case BIGINT, TIMESTAMP -> Rep.LONG;
            case DOUBLE -> Rep.DOUBLE;
            case REAL -> Rep.FLOAT;
            case DECIMAL -> Rep.NUMBER;
            case VARCHAR, CHAR -> Rep.STRING;
            case TIME -> Rep.INTEGER;
            case TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> Rep.STRING;
        };
    }

    private static String className(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> Boolean.class.getName();
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DOUBLE -> Double.class.getName();
            case REAL -> Float.class.getName();
            case DECIMAL -> java.math.BigDecimal.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case VARCHAR, CHAR -> String.class.getName();
            case TIME -> java.sql.Time.class.getName();
            case TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> String.class.getName();
        };
    }

    /** Digits for numbers, characters for strings (JDBC's COLUMN_SIZE). */
    static int precision(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> 1;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case DOUBLE -> 17;
            case REAL -> 9;
            case DECIMAL -> type.precision();
            case DATE -> 10;
            case TIMESTAMP -> TIMESTAMP_LENGTH;
            case VARCHAR, CHAR -> type.length() > 0 ? type.length() : UNBOUNDED;
            case TIME -> TIME_LENGTH;
            case TIMESTAMP_TZ -> TIMESTAMP_TZ_LENGTH;
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> Interval.MAX_FORMATTED_LENGTH;
        };
    }

    /** Digits after the point (JDBC's DECIMAL_DIGITS). */
    static int scale(Type type)
    {
        return type.kind() == io.signo.storage.type.TypeKind.DECIMAL ? type.scale() : 0;
    }

    static int displaySize(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> 5;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DOUBLE -> 24;
            case REAL -> 15;
            // sign and point
            case DECIMAL -> type.precision() + 2;
            case DATE -> 10;
            case TIMESTAMP -> TIMESTAMP_LENGTH;
            case VARCHAR, CHAR -> type.length() > 0 ? type.length() : UNBOUNDED;
            case TIME -> TIME_LENGTH;
            case TIMESTAMP_TZ -> TIMESTAMP_TZ_LENGTH;
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> Interval.MAX_FORMATTED_LENGTH;
        };
    }
}
