package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.error.SignoException;

/** Runs SQL statements; what the commands need of {@link io.signo.sql.SignoEngine}. */
public interface QueryEngine
        extends AutoCloseable
{
    /** Runs one statement and returns its whole result; user errors are {@link SignoException}s. */
    QueryResult execute(String sql);

    @Override
    void close();
}
