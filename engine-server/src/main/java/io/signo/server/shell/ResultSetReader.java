package io.signo.server.shell;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;

/**
 * Reads a JDBC result set back into Signo's own form (column types and pages), so that a result
 * that came over JDBC prints through the same writers, in the same format, as one computed in
 * this process. The JDBC types map back as the server maps them out (see docs/jdbc.md); a type
 * Signo does not have reads as VARCHAR text.
 */
public final class ResultSetReader
{
    private static final int PAGE_ROWS = 1024;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

    /** A result's column names and types. */
    public record Columns(List<String> names, List<Type> types) {}

    /** Reads a whole result set. */
    public QueryResult read(ResultSet resultSet)
            throws SQLException
    {
        Columns columns = columns(resultSet);
        List<Page> pages = new ArrayList<>();
        QueryResult part;
        while ((part = readPart(resultSet, columns, Integer.MAX_VALUE, Long.MAX_VALUE)) != null) {
            pages.addAll(part.pages());
        }
        return new QueryResult(columns.names(), columns.types(), pages);
    }

    public Columns columns(ResultSet resultSet)
            throws SQLException
    {
        ResultSetMetaData metadata = resultSet.getMetaData();
        int columnCount = metadata.getColumnCount();
        List<String> names = new ArrayList<>(columnCount);
        List<Type> types = new ArrayList<>(columnCount);
        for (int column = 1; column <= columnCount; column++) {
            names.add(metadata.getColumnLabel(column));
            types.add(signoType(metadata, column));
        }
        return new Columns(List.copyOf(names), List.copyOf(types));
    }

    /**
     * Reads the next rows of a result set, up to {@code maxRows} of them and, once it has one, no
     * longer than until {@code System.nanoTime()} passes {@code deadlineNanos} (a row that is slow to
     * come is still waited for); null when the result set has no more rows.
     */
    public QueryResult readPart(ResultSet resultSet, Columns columns, int maxRows, long deadlineNanos)
            throws SQLException
    {
        List<Type> types = columns.types();
        int columnCount = types.size();
        List<Page> pages = new ArrayList<>();
        VectorBuilder[] builders = builders(types);
        int rows = 0;
        long total = 0;
        while (total < maxRows && (total == 0 || (total & 63) != 0 || System.nanoTime() - deadlineNanos < 0) && resultSet.next()) {
            for (int column = 0; column < columnCount; column++) {
                append(resultSet, column + 1, builders[column]);
            }
            rows++;
            total++;
            if (rows == PAGE_ROWS) {
                pages.add(page(builders, rows));
                builders = builders(types);
                rows = 0;
            }
        }
        if (rows > 0) {
            pages.add(page(builders, rows));
        }
        return total == 0 ? null : new QueryResult(columns.names(), types, pages);
    }

    static Type signoType(ResultSetMetaData metadata, int column)
            throws SQLException
    {
        return switch (metadata.getColumnType(column)) {
            case Types.BOOLEAN, Types.BIT -> Type.BOOLEAN;
            case Types.INTEGER, Types.SMALLINT, Types.TINYINT -> Type.INTEGER;
            case Types.BIGINT -> Type.BIGINT;
            case Types.DOUBLE, Types.FLOAT -> Type.DOUBLE;
            case Types.REAL -> Type.REAL;
            case Types.DECIMAL, Types.NUMERIC -> Type.decimal(metadata.getPrecision(column), metadata.getScale(column));
            case Types.DATE -> Type.DATE;
            case Types.TIMESTAMP -> Type.TIMESTAMP;
            case Types.TIME -> Type.TIME;
            case Types.CHAR -> Type.character(metadata.getPrecision(column));
            default -> Type.VARCHAR;
        };
    }

    private void append(ResultSet resultSet, int column, VectorBuilder builder)
            throws SQLException
    {
        Type type = builder.type();
        switch (type.kind()) {
            case BOOLEAN -> {
                boolean value = resultSet.getBoolean(column);
                if (resultSet.wasNull()) {
                    builder.appendNull();
                }
                else {
                    builder.appendBoolean(value);
                }
            }
            case INTEGER -> {
                int value = resultSet.getInt(column);
                if (resultSet.wasNull()) {
                    builder.appendNull();
                }
                else {
                    builder.appendInt(value);
                }
            }
            case BIGINT -> {
                long value = resultSet.getLong(column);
                if (resultSet.wasNull()) {
                    builder.appendNull();
                }
                else {
                    builder.appendLong(value);
                }
            }
            case REAL -> {
                float value = resultSet.getFloat(column);
                if (resultSet.wasNull()) {
                    builder.appendNull();
                }
                else {
                    builder.appendDouble(value);
                }
            }
            case DOUBLE -> {
                double value = resultSet.getDouble(column);
                if (resultSet.wasNull()) {
                    builder.appendNull();
                }
                else {
                    builder.appendDouble(value);
                }
            }
            case DECIMAL -> {
                BigDecimal value = resultSet.getBigDecimal(column);
                if (value == null) {
                    builder.appendNull();
                }
                else {
                    BigDecimal scaled = value.setScale(type.scale());
                    if (type.isLongDecimal()) {
                        long[] words = new long[2];
                        Int128Math.fromBigInteger(scaled.unscaledValue(), words);
                        builder.appendInt128(words[0], words[1]);
                    }
                    else {
                        builder.appendLong(scaled.unscaledValue().longValueExact());
                    }
                }
            }
            case DATE -> {
                // with a UTC calendar the driver puts the date at UTC midnight, whatever this JVM's time zone
                Date value = resultSet.getDate(column, utc);
                if (value == null) {
                    builder.appendNull();
                }
                else {
                    builder.appendInt(Math.toIntExact(Math.floorDiv(value.getTime(), MILLIS_PER_DAY)));
                }
            }
            case TIMESTAMP -> {
                Timestamp value = resultSet.getTimestamp(column, utc);
                if (value == null) {
                    builder.appendNull();
                }
                else {
                    builder.appendLong(Math.floorDiv(value.getTime(), 1000L) * 1_000_000L + value.getNanos() / 1000);
                }
            }
            case TIME -> {
                Time value = resultSet.getTime(column, utc);
                if (value == null) {
                    builder.appendNull();
                }
                else {
                    builder.appendLong(Math.floorMod(value.getTime(), MILLIS_PER_DAY) * 1000L);
                }
            }
            case TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> throw new IllegalStateException("read as text: " + type);
            case VARCHAR, CHAR -> {
                String value = resultSet.getString(column);
                if (value == null) {
                    builder.appendNull();
                }
                else {
                    builder.appendString(value);
                }
            }
        }
    }

    private static VectorBuilder[] builders(List<Type> types)
    {
        VectorBuilder[] builders = new VectorBuilder[types.size()];
        for (int column = 0; column < builders.length; column++) {
            builders[column] = new VectorBuilder(types.get(column), PAGE_ROWS);
        }
        return builders;
    }

    private static Page page(VectorBuilder[] builders, int rows)
    {
        ColumnVector[] columns = new ColumnVector[builders.length];
        for (int column = 0; column < builders.length; column++) {
            columns[column] = builders[column].build();
        }
        return new Page(rows, columns);
    }
}
