package io.signo.server.cli;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.query.ClusterQueryRunner;
import io.signo.sql.QueryResult;

import java.util.ArrayList;
import java.util.List;

/** A cluster session over a coordinator in this process and its worker processes. */
final class ProcessCluster
        implements ClusterSession
{
    private final ClusterQueryRunner runner;
    private final ClusterCoordinator coordinator;

    /** Closing the session closes the runner, which stops the workers it started. */
    ProcessCluster(ClusterQueryRunner runner)
    {
        this.runner = runner;
        this.coordinator = runner.coordinator();
    }

    @Override
    public QueryResult execute(String sql)
    {
        return coordinator.execute(sql);
    }

    @Override
    public long generationMillis()
    {
        return coordinator.generationMillis();
    }

    @Override
    public long rowCount()
    {
        return coordinator.rowCount();
    }

    @Override
    public List<String> workers()
    {
        return coordinator.workers();
    }

    @Override
    public List<String> lastQueryStatistics()
    {
        List<String> lines = new ArrayList<>(ExchangeStatisticsText.render(coordinator.lastQueryExchanges()));
        lines.addAll(QueryStepsText.render(coordinator.lastQuerySteps()));
        return lines;
    }

    @Override
    public void close()
    {
        runner.close();
    }
}
