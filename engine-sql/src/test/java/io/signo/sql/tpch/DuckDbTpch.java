package io.signo.sql.tpch;

import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static java.util.Objects.requireNonNull;

/**
 * An in-memory DuckDB holding the very rows Signo generated, to compare query results against.
 * DuckDB's own TPC-H generator writes different comment and address text, so it is never used.
 *
 * <p>Tables are created from Signo's schema with the same types (CHAR(n) becomes VARCHAR, which is
 * what DuckDB makes of CHAR anyway) and filled through the appender, segment by segment. Queries
 * are not thread safe; one instance per test class.
 */
public final class DuckDbTpch
        implements AutoCloseable
{
    private final DuckDBConnection connection;

    private DuckDbTpch(DuckDBConnection connection)
    {
        this.connection = requireNonNull(connection, "connection is null");
    }

    /** Opens an empty in-memory DuckDB. */
    public static DuckDbTpch open()
            throws SQLException
    {
        return new DuckDbTpch(DriverManager.getConnection("jdbc:duckdb:").unwrap(DuckDBConnection.class));
    }

    /**
     * Opens an in-memory DuckDB and loads every table of {@code catalog} into it: one appender per
     * partition, largest tables first, on as many threads as there are cores (one duplicated
     * connection each).
     */
    public static DuckDbTpch load(Catalog catalog)
            throws SQLException
    {
        DuckDbTpch duckDb = open();
        List<Table> tables = new ArrayList<>(catalog.tables());
        tables.sort(Comparator.comparingLong((Table table) -> table.statistics().rowCount()).reversed());
        try (ExecutorService executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors())) {
            List<Future<?>> loads = new ArrayList<>();
            for (Table table : tables) {
                duckDb.createTable(table);
                for (Partition partition : table.partitions()) {
                    loads.add(executor.submit(() -> {
                        try (DuckDBConnection loadConnection = (DuckDBConnection) duckDb.connection.duplicate()) {
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
            duckDb.close();
            if (e.getCause() instanceof SQLException sqlException) {
                throw sqlException;
            }
            throw new SQLException("loading TPC-H into DuckDB failed", e.getCause());
        }
        catch (InterruptedException e) {
            duckDb.close();
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading TPC-H into DuckDB", e);
        }
        catch (SQLException | RuntimeException e) {
            duckDb.close();
            throw e;
        }
        return duckDb;
    }

    /** Creates {@code table} in DuckDB with Signo's column types and appends all of its rows. */
    public void load(Table table)
            throws SQLException
    {
        createTable(table);
        for (Partition partition : table.partitions()) {
            append(connection, table, partition);
        }
    }

    private void createTable(Table table)
            throws SQLException
    {
        try (Statement statement = connection.createStatement()) {
            statement.execute(createTableSql(table));
        }
    }

    private static void append(DuckDBConnection connection, Table table, Partition partition)
            throws SQLException
    {
        int columnCount = table.columns().size();
        try (DuckDBAppender appender = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table.name())) {
            for (Segment segment : partition.segments()) {
                Page page = segment.page();
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
        Type type = vector.type();
        switch (type.kind()) {
            case BOOLEAN -> appender.append(vector.getBoolean(position));
            case INTEGER -> appender.append(vector.getInt(position));
            case BIGINT -> appender.append(vector.getLong(position));
            case DOUBLE -> appender.append(vector.getDouble(position));
            case DECIMAL -> appender.appendDecimal(vector.getLong(position));
            case DATE -> appender.appendEpochDays(vector.getInt(position));
            case VARCHAR, CHAR -> appender.append(vector.getString(position));
        }
    }

    static String createTableSql(Table table)
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

    static String duckDbType(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(" + type.precision() + ", " + type.scale() + ")";
            case DATE -> "DATE";
            case VARCHAR, CHAR -> "VARCHAR";
        };
    }

    /**
     * Runs {@code sql} and returns its rows. Values follow the conventions of the Signo side:
     * Boolean, Integer, Long, BigDecimal (DECIMAL and HUGEINT), Double, String, LocalDate, null.
     */
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
                    row.add(normalize(resultSet.getObject(column)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** The row count of {@code table} in DuckDB. */
    public long rowCount(String table)
            throws SQLException
    {
        return ((Number) query("SELECT count(*) FROM " + table).getFirst().getFirst()).longValue();
    }

    /** The underlying connection, for anything else a test needs (EXPLAIN, settings). */
    public Connection connection()
    {
        return connection;
    }

    private static Object normalize(Object value)
    {
        return switch (value) {
            case null -> null;
            case java.sql.Date date -> date.toLocalDate();
            case LocalDate date -> date;
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
