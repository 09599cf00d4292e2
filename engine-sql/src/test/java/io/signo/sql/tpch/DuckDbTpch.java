package io.signo.sql.tpch;

import io.signo.reference.DuckDbDatabase;
import io.signo.storage.table.Catalog;
import org.duckdb.DuckDBConnection;

import java.sql.SQLException;
import java.util.List;

/**
 * An in-memory DuckDB holding the very rows Signo generated, for the tests to compare against; the
 * loading and value conventions are {@link DuckDbDatabase}'s, shared with the benchmarks.
 */
public final class DuckDbTpch
        implements AutoCloseable
{
    private static final int LOAD_THREADS = 2;

    private final DuckDbDatabase database;

    private DuckDbTpch(DuckDbDatabase database)
    {
        this.database = database;
    }

    /** A DuckDB with every table of {@code catalog}, CHAR(n) as VARCHAR. */
    public static DuckDbTpch load(Catalog catalog)
            throws SQLException
    {
        DuckDbDatabase database = DuckDbDatabase.open(LOAD_THREADS);
        try {
            database.load(catalog, LOAD_THREADS, true);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            database.close();
            throw new SQLException("interrupted while loading DuckDB", e);
        }
        catch (SQLException | RuntimeException e) {
            database.close();
            throw e;
        }
        return new DuckDbTpch(database);
    }

    /** Rows as Boolean, Integer, Long, BigDecimal, Double, String, LocalDate or null. */
    public List<List<Object>> query(String sql)
            throws SQLException
    {
        return database.query(sql);
    }

    public long rowCount(String table)
            throws SQLException
    {
        return database.rowCount(table);
    }

    public DuckDBConnection connection()
    {
        return database.connection();
    }

    @Override
    public void close()
            throws SQLException
    {
        database.close();
    }
}
