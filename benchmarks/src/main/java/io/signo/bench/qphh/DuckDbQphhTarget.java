package io.signo.bench.qphh;

import org.duckdb.DuckDBConnection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/** DuckDB as a {@link QphhTarget}: a connection per stream (DuckDB's MVCC gives each query its snapshot), a refresh function one transaction. */
public final class DuckDbQphhTarget
        implements QphhTarget, AutoCloseable
{
    private final DuckDBConnection database;
    private final Map<Integer, Connection> connections = new ConcurrentHashMap<>();

    public DuckDbQphhTarget(DuckDBConnection database)
    {
        this.database = requireNonNull(database, "database is null");
    }

    @Override
    public void query(int stream, String sql)
            throws SQLException
    {
        try (Statement statement = connection(stream).createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            int columnCount = resultSet.getMetaData().getColumnCount();
            while (resultSet.next()) {
                for (int column = 1; column <= columnCount; column++) {
                    resultSet.getObject(column);
                }
            }
        }
    }

    @Override
    public List<String> refreshFunction1(java.nio.file.Path ordersFile, java.nio.file.Path lineItemFile)
    {
        return List.of(
                "INSERT INTO orders SELECT * FROM read_csv('" + ordersFile.toAbsolutePath() + "', delim = '|', header = false, columns = "
                        + duckDbColumns(io.signo.storage.tpch.TpchRefreshData.ORDERS_COLUMNS) + ")",
                "INSERT INTO lineitem SELECT * FROM read_csv('" + lineItemFile.toAbsolutePath() + "', delim = '|', header = false, columns = "
                        + duckDbColumns(io.signo.storage.tpch.TpchRefreshData.LINEITEM_COLUMNS) + ")");
    }

    /** {@code a BIGINT, b DECIMAL(15, 2)} as DuckDB's struct of names and types. */
    private static String duckDbColumns(String columns)
    {
        StringBuilder struct = new StringBuilder("{");
        for (String column : columns.split(",\\s*(?![^()]*\\))")) {
            int space = column.indexOf(' ');
            struct.append(struct.length() > 1 ? ", " : "").append('\'').append(column, 0, space).append("': '").append(column.substring(space + 1)).append('\'');
        }
        return struct.append('}').toString();
    }

    @Override
    public void refresh(int stream, List<String> statements)
            throws SQLException
    {
        Connection connection = connection(stream);
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
            connection.commit();
        }
        catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        }
        finally {
            connection.setAutoCommit(true);
        }
    }

    private Connection connection(int stream)
            throws SQLException
    {
        Connection connection = connections.get(stream);
        if (connection == null) {
            connection = database.duplicate();
            connections.put(stream, connection);
        }
        return connection;
    }

    @Override
    public void close()
            throws SQLException
    {
        for (Connection connection : connections.values()) {
            connection.close();
        }
        connections.clear();
    }
}
