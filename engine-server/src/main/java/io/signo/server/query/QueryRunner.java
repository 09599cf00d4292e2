package io.signo.server.query;

import io.signo.server.cluster.ExchangeCounters;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Catalog;

import java.util.List;
import java.util.function.Consumer;

/**
 * Where a server's statements run: this process alone ({@link LocalQueryRunner}) or a coordinator
 * with worker processes ({@link ClusterQueryRunner}). The {@link QueryManager} in front of it
 * tracks, limits and cancels the statements.
 */
public interface QueryRunner
        extends AutoCloseable
{
    /**
     * Starts one statement for a session and returns its result as the query produces it; the
     * caller must close it. {@code control} learns the plan and may cancel it; the exchange counters,
     * where there are any, go to {@code exchangeCounters} when it finished. User errors are
     * {@link SignoException}s, thrown here (planning) or by the stream (running).
     */
    ResultStream start(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters);

    /** The tables clients can query. */
    Catalog catalog();

    /** The cache of decoded chunks of this process's database, or null when it reads no database. */
    default io.signo.storage.db.BlockCache blockCache()
    {
        return null;
    }

    /** The nodes that run queries, this process first. */
    List<NodeInfo> nodes();

    @Override
    void close();
}
