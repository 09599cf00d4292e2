package io.signo.server.cli;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QueryResult;

import java.util.List;

/** A cluster session over a coordinator in this process and its worker processes. */
final class ProcessCluster
        implements ClusterSession
{
    private final ClusterCoordinator coordinator;
    private final WorkerProcesses startedWorkers;

    /** @param startedWorkers the workers this session started and stops, or null when it joined running ones */
    ProcessCluster(ClusterCoordinator coordinator, WorkerProcesses startedWorkers)
    {
        this.coordinator = coordinator;
        this.startedWorkers = startedWorkers;
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
        return ExchangeStatisticsText.render(coordinator.lastQueryExchanges());
    }

    @Override
    public void close()
    {
        try {
            coordinator.close();
        }
        finally {
            if (startedWorkers != null) {
                startedWorkers.close();
            }
        }
    }
}
