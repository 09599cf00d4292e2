package io.signo.server.query;

/** Learns when statements start and end, for metrics; called on the thread running the statement. */
public interface QueryEventListener
{
    QueryEventListener NONE = new QueryEventListener() {};

    default void queryStarted(ManagedQuery query) {}

    /** The query is FINISHED, FAILED or CANCELLED; its rows, bytes, error and elapsed time are final. */
    default void queryCompleted(ManagedQuery query) {}
}
