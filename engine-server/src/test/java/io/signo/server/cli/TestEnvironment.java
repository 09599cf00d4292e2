package io.signo.server.cli;

import io.signo.server.cluster.ExchangeSettings;
import io.signo.sql.QueryResult;
import io.signo.storage.db.Database;
import io.signo.storage.source.DataSource;
import io.signo.storage.table.Catalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * An environment whose "TPC-H" and "TPC-DS" are empty catalogs, whose query texts are
 * {@code tpch query N} and {@code tpcds query qNN},
 * and whose engine answers with the given function; records what the commands asked for.
 */
final class TestEnvironment
        implements CommandEnvironment
{
    private final Function<String, QueryResult> answers;
    final List<String> executed = new ArrayList<>();
    double generatedScaleFactor = -1;
    int generatedThreads = -1;
    int engineThreads = -1;
    Catalog engineCatalog;
    /** The directory of the database the engine opened; null for one in memory (or none opened). */
    Path engineDatabase;
    Long engineCacheBytes;
    boolean engineClosed;

    TestEnvironment(Function<String, QueryResult> answers)
    {
        this.answers = answers;
    }

    @Override
    public Catalog generateTpch(double scaleFactor, int threads)
    {
        generatedScaleFactor = scaleFactor;
        generatedThreads = threads;
        return new Catalog("tpch");
    }

    @Override
    public String tpchQuery(int number)
    {
        return "tpch query " + number + ";\n";
    }

    @Override
    public Catalog generateTpcds(double scaleFactor, int threads)
    {
        generatedScaleFactor = scaleFactor;
        generatedThreads = threads;
        return new Catalog("tpcds");
    }

    @Override
    public String tpcdsQuery(String name)
    {
        return "tpcds query " + name + ";\n";
    }

    @Override
    public QueryEngine openDatabase(Path directory, int threads, Long cacheBytes)
    {
        engineDatabase = directory;
        engineCacheBytes = cacheBytes;
        return createEngine(new Catalog(Database.SCHEMA_NAME), threads);
    }

    @Override
    public QueryEngine createEngine(Catalog catalog, int threads)
    {
        engineThreads = threads;
        engineCatalog = catalog;
        return new QueryEngine()
        {
            @Override
            public QueryResult execute(String sql)
            {
                executed.add(sql);
                return answers.apply(sql);
            }

            @Override
            public void close()
            {
                engineClosed = true;
            }
        };
    }

    @Override
    public ClusterSession startCluster(DataSource source, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings)
    {
        throw new UnsupportedOperationException("the test environment has no cluster");
    }

    @Override
    public ClusterSession startDatabaseCluster(Path directory, Long cacheBytes, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings)
    {
        throw new UnsupportedOperationException("the test environment has no cluster");
    }
}
