package io.signo.server.query;

/** Where a statement is in its life; the last three are final. */
public enum QueryState
{
    PLANNING,
    RUNNING,
    FINISHED,
    FAILED,
    CANCELLED;

    public boolean isDone()
    {
        return this == FINISHED || this == FAILED || this == CANCELLED;
    }
}
