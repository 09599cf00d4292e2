package io.signo.server.query;

/**
 * Learns when statements start and end, for metrics: called on the thread that starts the
 * statement, and on the thread that ends it (the one reading its last page, or the one cancelling it).
 */
public interface QueryEventListener
{
    QueryEventListener NONE = new QueryEventListener() {};

    default void queryStarted(ManagedQuery query) {}

    /** The query is FINISHED, FAILED or CANCELLED; its rows, bytes, error and elapsed time are final. */
    default void queryCompleted(ManagedQuery query) {}
}
