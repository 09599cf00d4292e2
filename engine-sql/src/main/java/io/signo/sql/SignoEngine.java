package io.signo.sql;

import io.signo.storage.table.Catalog;

/**
 * Runs SQL statements against a catalog in this process (a cluster of one). Thread safe: several
 * statements may run at once.
 */
public final class SignoEngine
        implements AutoCloseable
{
    private final Catalog catalog;
    private final int threads;

    public SignoEngine(Catalog catalog, int threads)
    {
        this.catalog = catalog;
        this.threads = threads;
    }

    /** Runs one statement (a query, or EXPLAIN of one) and returns its whole result. */
    public QueryResult execute(String sql)
    {
        throw new SignoException(SignoException.ErrorCode.NOT_SUPPORTED, "not built yet");
    }

    @Override
    public void close() {}
}
