package io.signo.bench.qphh;

import java.util.List;

/**
 * An engine the TPC-H run drives. Thread safe: the throughput test calls it from one thread per
 * stream at once, each call naming its stream, which has a session (or connection) of its own.
 */
public interface QphhTarget
{
    /** Runs a query of {@code stream}, reading its whole answer. */
    void query(int stream, String sql)
            throws Exception;

    /**
     * RF1 in this engine's SQL: inserts into orders and lineitem the rows of the update files (written
     * by {@code TpchRefreshData.writeUpdateFiles}), read with the engine's {@code read_csv}.
     */
    List<String> refreshFunction1(java.nio.file.Path ordersFile, java.nio.file.Path lineItemFile);

    /** Runs a refresh function's statements as one atomic unit (one transaction, one commit). */
    void refresh(int stream, List<String> statements)
            throws Exception;
}
