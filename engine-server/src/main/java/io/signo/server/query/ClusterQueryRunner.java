package io.signo.server.query;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.ExchangeCounters;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.Session;
import io.signo.storage.table.Catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/** Runs statements across worker processes through a coordinator in this process. */
public final class ClusterQueryRunner
        implements QueryRunner
{
    private final ClusterCoordinator coordinator;
    private final WorkerProcesses startedWorkers;
    private final String address;

    /**
     * @param startedWorkers the worker processes this server started and stops, or null when it joined running ones
     * @param address how clients reach this process, for the admin API
     */
    public ClusterQueryRunner(ClusterCoordinator coordinator, WorkerProcesses startedWorkers, String address)
    {
        this.coordinator = requireNonNull(coordinator, "coordinator is null");
        this.startedWorkers = startedWorkers;
        this.address = requireNonNull(address, "address is null");
    }

    @Override
    public QueryResult execute(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters)
    {
        return coordinator.execute(session, sql, control, exchangeCounters);
    }

    @Override
    public Catalog catalog()
    {
        return coordinator.catalog();
    }

    @Override
    public List<NodeInfo> nodes()
    {
        List<NodeInfo> nodes = new ArrayList<>();
        nodes.add(LocalQueryRunner.thisProcess(address, "coordinator"));
        for (String worker : coordinator.workers()) {
            nodes.add(new NodeInfo(worker, "worker", "active", -1, -1, coordinator.lastHeartbeat(worker)));
        }
        for (String worker : coordinator.deadWorkers()) {
            nodes.add(new NodeInfo(worker, "worker", "dead", -1, -1, null));
        }
        return nodes;
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
