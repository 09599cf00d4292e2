package io.signo.reference;

import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.Interval;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static java.util.Objects.requireNonNull;

/**
 * An in-memory DuckDB limited to a number of threads, holding the very rows Signo generated (TPC-H,
 * TPC-DS or any catalog: Signo's schema, CHAR(n) as VARCHAR, NULLs kept, filled through the appender
 * segment by segment). Not thread safe.
 */
public final class DuckDbDatabase
        implements AutoCloseable
{
    private final DuckDBConnection connection;

    private DuckDbDatabase(DuckDBConnection connection)
    {
        this.connection = requireNonNull(connection, "connection is null");
    }

    public static DuckDbDatabase open(int threads)
            throws SQLException
    {
        return open(threads, null, null);
    }

    /**
     * A DuckDB limited to {@code threads}; with a {@code file}, a persistent database there whose
     * buffer pool is capped at {@code memoryLimit} (DuckDB's own setting, e.g. "5GB"), for scale
     * factors whose in-memory copy would not fit beside Signo's.
     */
    public static DuckDbDatabase open(int threads, java.nio.file.Path file, String memoryLimit)
            throws SQLException
    {
        String url = file == null ? "jdbc:duckdb:" : "jdbc:duckdb:" + file.toAbsolutePath();
        DuckDbDatabase database = new DuckDbDatabase(DriverManager.getConnection(url).unwrap(DuckDBConnection.class));
        try (Statement statement = database.connection.createStatement()) {
            statement.execute("SET threads = " + threads);
            // Signo sorts NULL high, as PostgreSQL does: last ascending, first descending (DuckDB: last either way)
            statement.execute("SET default_null_order = 'nulls_last_on_asc_first_on_desc'");
            if (memoryLimit != null) {
                statement.execute("SET memory_limit = '" + memoryLimit + "'");
            }
        }
        return database;
    }

    /**
     * Appends every table of {@code catalog}: one appender per partition, on {@code threads} threads.
     * With {@code first}, creates the tables and loads the replicated ones; later calls append only the
     * partitions of the partitioned tables that the catalog holds (a slice of the data set).
     */
    public void load(Catalog catalog, int threads, boolean first)
            throws SQLException, InterruptedException
    {
        List<Table> tables = new ArrayList<>(catalog.tables());
        tables.sort(Comparator.comparingLong((Table table) -> table.statistics().rowCount()).reversed());
        try (ExecutorService executor = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> loads = new ArrayList<>();
            for (Table table : tables) {
                if (first) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute(createTableSql(table));
                    }
                }
                else if (table.partitioning().replicated()) {
                    continue;
                }
                for (Partition partition : table.partitions()) {
                    loads.add(executor.submit(() -> {
                        try (DuckDBConnection loadConnection = (DuckDBConnection) connection.duplicate()) {
                            append(loadConnection, table, partition);
                        }
                        return null;
                    }));
                }
            }
            for (Future<?> load : loads) {
                load.get();
            }
        }
        catch (ExecutionException e) {
            throw new SQLException("loading tables into DuckDB failed: " + e.getCause(), e.getCause());
        }
    }

    private static void append(DuckDBConnection connection, Table table, Partition partition)
            throws SQLException
    {
        int columnCount = table.columns().size();
        try (DuckDBAppender appender = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table.name())) {
            for (Segment segment : partition.segments()) {
                Page page = segment.readAll();
                int positionCount = page.positionCount();
                for (int position = 0; position < positionCount; position++) {
                    appender.beginRow();
                    for (int column = 0; column < columnCount; column++) {
                        appendValue(appender, page.column(column), position);
                    }
                    appender.endRow();
                }
            }
        }
    }

    private static void appendValue(DuckDBAppender appender, ColumnVector vector, int position)
            throws SQLException
    {
        if (vector.isNull(position)) {
            appender.appendNull();
            return;
        }
        switch (vector.type().kind()) {
            case BOOLEAN -> appender.append(vector.getBoolean(position));
            case INTEGER -> appender.append(vector.getInt(position));
            case BIGINT -> appender.append(vector.getLong(position));
            case DOUBLE -> appender.append(vector.getDouble(position));
            case REAL -> appender.append((float) vector.getDouble(position));
            case DECIMAL -> appendDecimal(appender, vector.type(), vector.getLong(position));
            case DATE -> appender.appendEpochDays(vector.getInt(position));
            case TIMESTAMP -> appender.appendEpochMicros(vector.getLong(position));
            case VARCHAR, CHAR -> appender.append(vector.getString(position));
            case TIME -> appender.append(CivilTime.toLocalTime(vector.getLong(position)));
            case TIMESTAMP_TZ -> appender.appendEpochMicros(vector.getLong(position));
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> appender.append(Interval.format(vector.type(), vector.getLong(position)));
        }
    }

    /** DuckDB keeps a DECIMAL in the narrowest integer its precision fits, and its appender wants exactly that width. */
    private static void appendDecimal(DuckDBAppender appender, Type type, long unscaled)
            throws SQLException
    {
        if (type.precision() <= 4) {
            appender.appendDecimal((short) unscaled);
        }
        else if (type.precision() <= 9) {
            appender.appendDecimal((int) unscaled);
        }
        else {
            appender.appendDecimal(unscaled);
        }
    }

    private static String createTableSql(Table table)
    {
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(table.name()).append(" (");
        List<Column> columns = table.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                sql.append(", ");
            }
            sql.append(columns.get(i).name()).append(' ').append(duckDbType(columns.get(i).type()));
        }
        return sql.append(')').toString();
    }

    private static String duckDbType(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case REAL -> "REAL";
            case DECIMAL -> "DECIMAL(" + type.precision() + ", " + type.scale() + ")";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case VARCHAR, CHAR -> "VARCHAR";
            case TIME -> "TIME";
            case TIMESTAMP_TZ -> "TIMESTAMPTZ";
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> "INTERVAL";
        };
    }

    /** Runs {@code sql} and returns its rows as Boolean, Integer, Long, BigDecimal, Double, String, LocalDate, LocalDateTime or null. */
    public List<List<Object>> query(String sql)
            throws SQLException
    {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            int columnCount = resultSet.getMetaData().getColumnCount();
            while (resultSet.next()) {
                List<Object> row = new ArrayList<>(columnCount);
                for (int column = 1; column <= columnCount; column++) {
                    row.add(value(resultSet, column));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * The first difference between DuckDB's answer to {@code sql} and another engine's, or empty when
     * they agree: as {@link ResultComparison#differenceOfAnswers}, and where the ORDER BY sorts on
     * expressions of the output columns, with those keys evaluated here so that ties may come in any order.
     */
    public Optional<String> differenceOfAnswers(String sql, List<String> columnNames, List<List<Object>> expected, List<List<Object>> actual)
    {
        if (OrderByKeys.of(sql, columnNames).isEmpty()) {
            Optional<Optional<String>> onExpressions = ExpressionSortKeys.difference(this, sql, columnNames, expected, actual);
            if (onExpressions.isPresent()) {
                return onExpressions.get();
            }
        }
        return ResultComparison.differenceOfAnswers(sql, columnNames, expected, actual);
    }

    /** Runs {@code sql} as a client would, reading every value, and returns the elapsed nanoseconds. */
    public long time(String sql)
            throws SQLException
    {
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            int columnCount = resultSet.getMetaData().getColumnCount();
            while (resultSet.next()) {
                for (int column = 1; column <= columnCount; column++) {
                    resultSet.getObject(column);
                }
            }
        }
        return System.nanoTime() - start;
    }

    /** The rows of one table. */
    public long rowCount(String table)
            throws SQLException
    {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT count(*) FROM " + table)) {
            resultSet.next();
            return resultSet.getLong(1);
        }
    }

    /** The connection, for settings a caller needs beyond these methods. */
    public DuckDBConnection connection()
    {
        return connection;
    }

    /** DuckDB's own count of the memory its buffer manager holds, in bytes. */
    public long bufferManagerBytes()
            throws SQLException
    {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()")) {
            resultSet.next();
            return resultSet.getLong(1);
        }
    }

    /**
     * The value of a column of the current row as Signo's results hold it, for comparing the two. A
     * TIMESTAMP is read as a {@code LocalDateTime}: the driver's {@code java.sql.Timestamp} loses the
     * era of a year before 1 (12 BC, ISO year -11, comes out as 0012-01-01). A DATE is read as
     * {@code getObject} gives it, a {@code LocalDate} with ISO years (asked for a {@code LocalDate}, the
     * driver shifts a year before 1 by one).
     */
    public static Object value(ResultSet resultSet, int column)
            throws SQLException
    {
        Object value = resultSet.getObject(column);
        if (value instanceof java.sql.Timestamp) {
            return resultSet.getObject(column, LocalDateTime.class);
        }
        return normalize(value);
    }

    /** A value from DuckDB's JDBC driver as Signo's results hold it, for comparing the two. */
    public static Object normalize(Object value)
    {
        return switch (value) {
            case null -> null;
            case java.sql.Date date -> date.toLocalDate();
            case LocalDate date -> date;
            case java.sql.Timestamp timestamp -> timestamp.toLocalDateTime();
            // a TIMESTAMP WITH TIME ZONE (DuckDB's reading of a UTC-adjusted Parquet timestamp) as the UTC wall-clock time Signo reads
            case java.time.OffsetDateTime timestamp -> timestamp.withOffsetSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
            case BigInteger integer -> new BigDecimal(integer);
            case Short shortValue -> shortValue.intValue();
            case Byte byteValue -> byteValue.intValue();
            case Float floatValue -> floatValue.doubleValue();
            default -> value;
        };
    }

    @Override
    public void close()
            throws SQLException
    {
        connection.close();
    }
}
