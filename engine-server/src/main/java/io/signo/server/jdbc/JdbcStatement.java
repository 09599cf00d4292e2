package io.signo.server.jdbc;

import io.signo.server.query.ManagedQuery;

/**
 * One statement of a JDBC connection on the server: the SQL it was prepared with (if any), the
 * query it runs (to cancel it from another request) and the result it serves frames of while that
 * query produces it.
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

    /** A new execution starts: the result of the previous one, if still open, is closed. */
    void started(ManagedQuery query)
    {
        closeResult();
        this.running = query;
    }

    /** The execution's result is ready to be served; its query may still be running. */
    void serving(ResultFrames frames)
    {
        this.result = frames;
    }

    /** The execution failed before it had a result. */
    void failed()
    {
        this.running = null;
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

    /** The statement is closed: its query, if still running, is cancelled and its result let go. */
    void close(String reason)
    {
        cancel(reason);
        closeResult();
    }

    private void closeResult()
    {
        ResultFrames frames = result;
        result = null;
        if (frames != null) {
            frames.close();
        }
    }
}
