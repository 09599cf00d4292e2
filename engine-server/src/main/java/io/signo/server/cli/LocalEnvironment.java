package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;


/** Generates data and runs queries in this process: a cluster of one, as the CLI uses it. */
public final class LocalEnvironment
        implements CommandEnvironment
{
    @Override
    public Catalog generateTpch(double scaleFactor, int threads)
    {
        // The JVM's own direct-memory limit bounds the tables; this pool only counts them.
        return TpchData.generate(scaleFactor, threads, MemoryPool.unbounded("tpch-data"));
    }

    @Override
    public String tpchQuery(int number)
    {
        return TpchQueries.query(number);
    }

    @Override
    public QueryEngine createEngine(Catalog catalog, int threads)
    {
        SignoEngine engine = new SignoEngine(catalog, threads);
        return new QueryEngine()
        {
            @Override
            public QueryResult execute(String sql)
            {
                return engine.execute(sql);
            }

            @Override
            public void close()
            {
                engine.close();
            }
        };
    }
}
