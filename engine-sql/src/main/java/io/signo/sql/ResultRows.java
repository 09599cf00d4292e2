package io.signo.sql;

import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A result as rows of Java values, for clients that want objects (JDBC, tests): Boolean, Integer,
 * Long, Double, Float for REAL, BigDecimal for DECIMAL, LocalDate for DATE, LocalDateTime for TIMESTAMP, LocalTime for TIME,
 * OffsetDateTime in UTC for TIMESTAMP WITH TIME ZONE, String for VARCHAR, CHAR and the intervals (their text, as DuckDB's
 * JDBC driver returns them), or null.
 */
public final class ResultRows
{
    private ResultRows() {}

    public static List<List<Object>> toRows(QueryResult result)
    {
        List<List<Object>> rows = new ArrayList<>();
        List<Type> types = result.columnTypes();
        for (Page page : result.pages()) {
            for (int position = 0; position < page.positionCount(); position++) {
                Object[] row = new Object[types.size()];
                for (int column = 0; column < row.length; column++) {
                    row[column] = value(page.column(column), types.get(column), position);
                }
                rows.add(Arrays.asList(row));
            }
        }
        return rows;
    }

    public static Object value(ColumnVector vector, Type type, int position)
    {
        if (vector.isNull(position)) {
            return null;
        }
        return switch (type.kind()) {
            case BOOLEAN -> vector.getBoolean(position);
            case INTEGER -> vector.getInt(position);
            case BIGINT -> vector.getLong(position);
            case DOUBLE -> vector.getDouble(position);
            case REAL -> (float) vector.getDouble(position);
            case DECIMAL -> type.isLongDecimal()
                    ? Int128Math.toBigDecimal(vector.getInt128High(position), vector.getInt128Low(position), type.scale())
                    : BigDecimal.valueOf(vector.getLong(position), type.scale());
            case DATE -> LocalDate.ofEpochDay(vector.getInt(position));
            case TIMESTAMP -> CivilTimestamp.toLocalDateTime(vector.getLong(position));
            case VARCHAR, CHAR -> vector.getString(position);
            case TIME -> CivilTime.toLocalTime(vector.getLong(position));
            case TIMESTAMP_TZ -> CivilTimestamp.toLocalDateTime(vector.getLong(position)).atOffset(ZoneOffset.UTC);
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> Interval.format(type, vector.getLong(position));
        };
    }
}
