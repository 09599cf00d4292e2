package io.signo.server.jdbc;

import io.signo.server.query.ManagedQuery;

/**
 * One statement of a JDBC connection on the server: the SQL it was prepared with (if any), the
 * query it runs now (to cancel it from another request) and the result it serves frames of.
 * Requests for one statement come one at a time, but a cancel comes on another request thread.
 */
final class JdbcStatement
{
    private final int id;
    private volatile String preparedSql;
    private volatile ManagedQuery running;
    private volatile ResultFrames result;

    JdbcStatement(int id)
    {
        this.id = id;
    }

    int id()
    {
        return id;
    }

    String preparedSql()
    {
        return preparedSql;
    }

    void prepared(String sql)
    {
        this.preparedSql = sql;
    }

    void started(ManagedQuery query)
    {
        this.result = null;
        this.running = query;
    }

    void ended(ResultFrames frames)
    {
        this.running = null;
        this.result = frames;
    }

    ResultFrames result()
    {
        return result;
    }

    /** Cancels the running query; false when none runs. */
    boolean cancel(String reason)
    {
        ManagedQuery query = running;
        if (query == null || query.state().isDone()) {
            return false;
        }
        query.cancel(reason);
        return true;
    }
}
