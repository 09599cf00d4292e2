package io.signo.server.pg;

import io.signo.reference.DuckDbDatabase;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryManager;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;

/**
 * The PostgreSQL protocol on 127.0.0.1 (a free port) over TPC-H at a small scale factor, with DuckDB
 * loaded with the same data as the reference, as the tests of the protocol's clients use it.
 */
final class PgTestServer
        implements AutoCloseable
{
    private final QueryManager queryManager;
    private final PgServer server;
    private final DuckDbDatabase duckDb;

    PgTestServer(double scaleFactor, String token)
            throws Exception
    {
        Catalog catalog = TpchData.generate(scaleFactor, 2, MemoryPool.unbounded("tpch"));
        duckDb = DuckDbDatabase.open(2);
        duckDb.load(catalog, 2, true);
        queryManager = new QueryManager(new LocalQueryRunner(new SignoEngine(catalog, 2), "127.0.0.1"), QueryEventListener.NONE, 100);
        server = PgServer.start("127.0.0.1", 0, queryManager, token);
    }

    int port()
    {
        return server.port();
    }

    QueryManager queryManager()
    {
        return queryManager;
    }

    DuckDbDatabase duckDb()
    {
        return duckDb;
    }

    String jdbcUrl()
    {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/signo";
    }

    @Override
    public void close()
    {
        server.close();
        queryManager.close();
        try {
            duckDb.close();
        }
        catch (java.sql.SQLException e) {
            throw new IllegalStateException("closing DuckDB failed", e);
        }
    }
}
