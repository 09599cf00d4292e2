package io.signo.server.cli;

import java.util.List;

/** A query engine over worker processes that hold TPC-H data. */
public interface ClusterSession
        extends QueryEngine
{
    long generationMillis();

    long rowCount();

    List<String> workers();

    /** Lines describing the exchange counters and the steps of the last query, for {@code --stats}. */
    List<String> lastQueryStatistics();
}
