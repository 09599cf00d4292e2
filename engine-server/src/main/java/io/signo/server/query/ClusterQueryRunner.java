package io.signo.server.query;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.ExchangeCounters;
import io.signo.server.cluster.ExchangeSettings;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.storage.db.BlockCache;
import io.signo.storage.source.DataSource;
import io.signo.storage.table.Catalog;

import java.nio.file.Path;
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

    /**
     * Starts {@code workerCount} worker processes on this machine, or joins the running ones at
     * {@code workerAddresses} when it is 0, and has them open their share of {@code source}; the
     * workers it started stop when this runner closes, or at once when starting fails.
     *
     * @param workerHeap the heap of each started worker, e.g. {@code 2g}
     * @param transportHost the address workers reach the coordinator's transport at (it binds it too)
     * @param address how clients reach this process, for the admin API
     */
    public static ClusterQueryRunner start(int workerCount, List<String> workerAddresses, String workerHeap, DataSource source, int threads,
            ExchangeSettings exchangeSettings, String transportHost, String address)
    {
        WorkerProcesses started = null;
        try {
            List<String> workers = workerAddresses;
            if (workerCount > 0) {
                started = WorkerProcesses.start(workerCount, threads, workerHeap);
                workers = started.addresses();
            }
            ClusterCoordinator coordinator = new ClusterCoordinator(workers, source, threads, exchangeSettings, transportHost);
            return new ClusterQueryRunner(coordinator, started, address);
        }
        catch (RuntimeException e) {
            if (started != null) {
                started.close();
            }
            throw e;
        }
    }

    /**
     * Starts {@code workerCount} worker processes on this machine, each keeping its share of the
     * database in a directory of its own under {@code database}, or joins the running ones at
     * {@code workerAddresses} (started with {@code --db}, in the same order every time) when it is 0,
     * and opens the cluster's database in {@code database}.
     *
     * @param cache the decoded chunks of the coordinator's own files read again; null for the default
     */
    public static ClusterQueryRunner startWithDatabase(int workerCount, List<String> workerAddresses, String workerHeap, Path database, BlockCache cache, int threads,
            ExchangeSettings exchangeSettings, String transportHost, String address)
    {
        WorkerProcesses started = null;
        try {
            List<String> workers = workerAddresses;
            if (workerCount > 0) {
                started = WorkerProcesses.start(workerCount, threads, workerHeap, database);
                workers = started.addresses();
            }
            ClusterCoordinator coordinator = new ClusterCoordinator(workers, database, cache, threads, exchangeSettings, transportHost);
            return new ClusterQueryRunner(coordinator, started, address);
        }
        catch (RuntimeException e) {
            if (started != null) {
                started.close();
            }
            throw e;
        }
    }

    public ClusterCoordinator coordinator()
    {
        return coordinator;
    }

    @Override
    public ResultStream start(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters)
    {
        return coordinator.start(session, sql, control, exchangeCounters);
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
