package io.signo.server.cli;

import io.signo.server.cluster.ExchangeSettings;
import io.signo.server.query.ClusterQueryRunner;
import io.signo.sql.QueryResult;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.source.DataSource;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpcds.TpcdsQueries;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;

import java.nio.file.Path;
import java.util.List;

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
    public Catalog generateTpcds(double scaleFactor, int threads)
    {
        return TpcdsData.generate(scaleFactor, threads, MemoryPool.unbounded("tpcds-data"));
    }

    @Override
    public String tpcdsQuery(String name)
    {
        return TpcdsQueries.query(name);
    }

    @Override
    public QueryEngine createEngine(Catalog catalog, int threads)
    {
        return engine(new SignoEngine(catalog, threads));
    }

    @Override
    public QueryEngine openDatabase(Path directory, int threads, Long cacheBytes)
    {
        return engine(new SignoEngine(DatabaseOptions.open(directory, cacheBytes), threads));
    }

    private static QueryEngine engine(SignoEngine engine)
    {
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

    @Override
    public ClusterSession startCluster(DataSource source, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings)
    {
        String workerHeap = workerCount > 0 ? workerHeap(workerCount) : null;
        return new ProcessCluster(ClusterQueryRunner.start(workerCount, workerAddresses, workerHeap, source, threads, exchangeSettings, "127.0.0.1", "127.0.0.1"));
    }

    @Override
    public ClusterSession startDatabaseCluster(Path directory, Long cacheBytes, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings)
    {
        String workerHeap = workerCount > 0 ? workerHeap(workerCount) : null;
        return new ProcessCluster(ClusterQueryRunner.startWithDatabase(workerCount, workerAddresses, workerHeap, directory, DatabaseOptions.cache(cacheBytes), threads,
                exchangeSettings, "127.0.0.1", "127.0.0.1"));
    }

    /** A quarter of the machine's memory shared by the workers (their tables live off the heap), unless SIGNO_WORKER_HEAP says otherwise. */
    static String workerHeap(int workerCount)
    {
        String configured = System.getenv("SIGNO_WORKER_HEAP");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        long totalBytes = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return Math.max(512, totalBytes / 4 / workerCount / (1 << 20)) + "m";
    }
}
