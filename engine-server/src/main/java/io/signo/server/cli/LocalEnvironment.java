package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

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
        // TODO: call io.signo.storage.tpch.TpchQueries.query(number) directly once that class is
        // merged; it is written on another branch in parallel, so it is looked up by name for now.
        try {
            Method query = Class.forName("io.signo.storage.tpch.TpchQueries").getMethod("query", int.class);
            return (String) query.invoke(null, number);
        }
        catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("TPC-H query texts are not available in this build", e);
        }
        catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            throw new IllegalStateException(e.getCause());
        }
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
