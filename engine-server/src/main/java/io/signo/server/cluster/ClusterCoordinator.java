package io.signo.server.cluster;

import io.signo.core.driver.TaskExecutor;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.transport.HeartbeatMonitor;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.server.cluster.ClusterMessages.LoadRequest;
import io.signo.server.cluster.ClusterMessages.LoadResponse;
import io.signo.server.cluster.ClusterMessages.TaskDone;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.QuerySteps;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.ddl.StatementKind;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.source.DataSource;
import io.signo.storage.source.NodeShare;
import io.signo.storage.source.SourceData;
import io.signo.storage.source.TpchSource;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/**
 * Plans queries and runs them across worker processes: every worker runs the parallel stages over
 * its share of the data, the coordinator runs the single stages (and holds the small replicated
 * tables) and collects the result. Workers send heartbeats; a worker that dies fails the queries
 * it was part of within seconds, naming it. Generated data is then spread again over the workers
 * left before the next query; a cluster's database ({@link ClusterDatabase}) waits for the worker
 * to come back, since its partitions live nowhere else.
 */
public final class ClusterCoordinator
        implements AutoCloseable
{
    private static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(10);

    private final NodeTransport transport;
    private final ExchangeRouter router;
    private final HeartbeatMonitor heartbeats;
    private final TaskExecutor executor;
    private final int threads;
    /** The generated data the workers share, or null for a cluster's database. */
    private final DataSource source;
    /** The cluster's database, or null when the workers share generated data. */
    private final ClusterDatabase storage;
    private final ExchangeSettings exchangeSettings;
    private final List<String> liveWorkers = new ArrayList<>();
    private final List<String> deadWorkers = new ArrayList<>();
    private final Map<String, RemoteTasks> running = new ConcurrentHashMap<>();
    private final AtomicLong queryCounter = new AtomicLong();
    /** Tells this coordinator's queries from those of one before it on the same workers. */
    private final String coordinatorId = Long.toString(java.util.concurrent.ThreadLocalRandom.current().nextLong() >>> 1, 36);
    private volatile boolean rebalanceNeeded;
    private SourceData replicatedData;
    private SignoEngine planner;
    private long generationMillis;
    private long totalRows;
    private volatile List<ExchangeCounters> lastQueryExchanges = List.of();
    private volatile QuerySteps lastQuerySteps = new QuerySteps();
    private volatile RemoteTasks lastQueryTasks;
    /** The session of callers that bring none (the command line, tests). */
    private final Session defaultSession = new Session("signo");

    /** Connects to the workers at {@code workerAddresses} and has them generate TPC-H at {@code scaleFactor}. */
    public ClusterCoordinator(List<String> workerAddresses, double scaleFactor, int threads)
    {
        this(workerAddresses, scaleFactor, threads, ExchangeSettings.DEFAULT);
    }

    public ClusterCoordinator(List<String> workerAddresses, double scaleFactor, int threads, ExchangeSettings exchangeSettings)
    {
        this(workerAddresses, scaleFactor, threads, exchangeSettings, "127.0.0.1");
    }

    /**
     * @param transportHost the address the coordinator's transport binds and tells the workers to reach it
     * at (its pod's address on Kubernetes); 127.0.0.1 when the workers run on this machine
     */
    public ClusterCoordinator(List<String> workerAddresses, double scaleFactor, int threads, ExchangeSettings exchangeSettings, String transportHost)
    {
        this(workerAddresses, new TpchSource(scaleFactor), threads, exchangeSettings, transportHost);
    }

    /**
     * Connects to the workers at {@code workerAddresses} and has each open its share of {@code source}.
     *
     * @param transportHost the address the coordinator's transport binds and tells the workers to reach it
     * at (its pod's address on Kubernetes); 127.0.0.1 when the workers run on this machine
     */
    public ClusterCoordinator(List<String> workerAddresses, DataSource source, int threads, ExchangeSettings exchangeSettings, String transportHost)
    {
        this(workerAddresses, requireNonNull(source, "source is null"), null, null, threads, exchangeSettings, transportHost);
    }

    /**
     * Connects to the workers at {@code workerAddresses} and opens the cluster's database: its
     * manifest (the one committed version of every table) and replicated tables in
     * {@code databaseDirectory}, the other tables' files on the workers, each in the directory it was
     * started with ({@code signo worker --db}). The workers must be given in the same order every
     * time: worker i holds partitions p with p mod n = i.
     *
     * @param cache the decoded chunks of the coordinator's own files read again; null for the default
     */
    public ClusterCoordinator(List<String> workerAddresses, Path databaseDirectory, BlockCache cache, int threads, ExchangeSettings exchangeSettings, String transportHost)
    {
        this(workerAddresses, null, requireNonNull(databaseDirectory, "databaseDirectory is null"), cache, threads, exchangeSettings, transportHost);
    }

    private ClusterCoordinator(List<String> workerAddresses, DataSource source, Path databaseDirectory, BlockCache cache, int threads, ExchangeSettings exchangeSettings,
            String transportHost)
    {
        this.exchangeSettings = exchangeSettings;
        if (workerAddresses.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one worker");
        }
        this.threads = threads;
        this.source = source;
        this.transport = NodeTransport.start(transportHost, 0, TransportConfig.DEFAULT.withRequestTimeout(Duration.ofMinutes(30)));
        this.router = new ExchangeRouter(transport);
        this.executor = new TaskExecutor(threads);
        this.heartbeats = new HeartbeatMonitor(transport, HEARTBEAT_INTERVAL, HEARTBEAT_TIMEOUT);
        transport.registerHandler(ClusterMessages.TASK_DONE, payload -> {
            taskDone(QueryMessageCodec.decodeTaskDone(payload));
            return new byte[0];
        });
        transport.registerHandler(ClusterMessages.NEXT_SPLITS, payload -> {
            ClusterMessages.NextSplitsRequest request = QueryMessageCodec.decodeNextSplits(payload);
            RemoteTasks query = running.get(request.queryId());
            // a query that ended has nothing left to read
            int[] splits = query == null ? new int[0] : query.splits().take(request.scanIndex(), request.workerIndex(), request.maxSplits());
            return QueryMessageCodec.encode(new ClusterMessages.SplitBatch(splits));
        });
        transport.registerHandler(ClusterMessages.RUNTIME_FILTER_KEYS, payload -> {
            ClusterMessages.RuntimeFilterKeysMessage keys = QueryMessageCodec.decodeRuntimeFilterKeys(payload);
            RemoteTasks query = running.get(keys.queryId());
            // a query that ended has no scan left to filter
            RuntimeFilterRelay relay = query == null ? null : query.runtimeFilters();
            if (relay != null) {
                relay.add(keys);
            }
            return new byte[0];
        });
        transport.onPeerDead(this::workerDied);
        liveWorkers.addAll(workerAddresses);
        for (String worker : workerAddresses) {
            heartbeats.watch(worker);
        }
        try {
            if (databaseDirectory != null) {
                storage = new ClusterDatabase(transport, workerAddresses, databaseDirectory, cache != null ? cache : Database.defaultCache());
                storage.openWorkers();
                planner = new SignoEngine(storage.database(), threads, Runtime.getRuntime().maxMemory(), storage,
                        () -> newTarget(planner, counters -> lastQueryExchanges = counters));
            }
            else {
                storage = null;
                distributeData();
            }
        }
        catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Runs {@code hook} after every worker prepared a statement's files and before the coordinator
     * commits it: fault injection for the tests that kill a worker there.
     */
    public void beforeCommit(Runnable hook)
    {
        if (storage == null) {
            throw new IllegalStateException("the cluster has no database");
        }
        storage.beforeCommit(hook);
    }

    public long generationMillis()
    {
        return generationMillis;
    }

    public long rowCount()
    {
        return totalRows;
    }

    /** The tables queries see: the replicated ones, and the schema and merged statistics of the partitioned ones. */
    public synchronized Catalog catalog()
    {
        return planner.catalog();
    }

    /** The workers that died since the coordinator started. */
    public synchronized List<String> deadWorkers()
    {
        return List.copyOf(deadWorkers);
    }

    /** When the worker last answered a heartbeat (or any message), or null when it never did. */
    public Instant lastHeartbeat(String worker)
    {
        long seen = heartbeats.lastSeenNanos(worker);
        return seen == 0 ? null : Instant.now().minusNanos(System.nanoTime() - seen);
    }

    /** The workers alive now (a cluster's database keeps its dead ones in its list, for when they come back). */
    public synchronized List<String> workers()
    {
        return liveWorkers.stream().filter(worker -> !deadWorkers.contains(worker)).toList();
    }

    /** The exchange counters of the last query, summed over the nodes, by exchange number. */
    public List<ExchangeCounters> lastQueryExchanges()
    {
        return lastQueryExchanges;
    }

    /** The steps of the last query started (see {@link QuerySteps}); a worker's arrive with its report of the end. */
    public List<QuerySteps.Step> lastQuerySteps()
    {
        return lastQuerySteps.steps();
    }

    /** How many of each shared-split scan's splits each worker of the last query took (see {@link SplitQueues}). */
    List<SplitQueues.ScanSplits> lastQuerySplits()
    {
        RemoteTasks tasks = lastQueryTasks;
        return tasks == null ? List.of() : tasks.splits().counts();
    }

    /** Has every live worker open its share of the data source, then plans with their merged statistics. */
    private synchronized void distributeData()
    {
        long start = System.nanoTime();
        List<String> workers = List.copyOf(liveWorkers);
        if (workers.isEmpty()) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "no live workers left");
        }
        List<CompletableFuture<byte[]>> responses = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            LoadRequest request = new LoadRequest(source, new NodeShare(i, workers.size()), threads);
            responses.add(transport.request(workers.get(i), ClusterMessages.LOAD, ClusterMessages.encode(request)));
        }
        Map<String, List<TableStatistics>> statistics = new HashMap<>();
        long rows = 0;
        for (int i = 0; i < workers.size(); i++) {
            LoadResponse response = ClusterMessages.decode(await(responses.get(i), workers.get(i)), LoadResponse.class);
            response.statistics().forEach((table, tableStatistics) -> statistics.computeIfAbsent(table, ignored -> new ArrayList<>()).add(tableStatistics));
            rows += response.rows();
        }
        if (replicatedData != null) {
            replicatedData.close();
        }
        // the coordinator holds the replicated tables itself and only the schema and statistics of the others
        replicatedData = source.open(NodeShare.replicatedOnly(workers.size()), 1, MemoryPool.unbounded(source.schemaName() + "-replicated"));
        Catalog catalog = new Catalog(replicatedData.catalog().schemaName());
        for (Table table : replicatedData.catalog().tables()) {
            if (table.partitioning().replicated()) {
                catalog.addTable(table);
            }
            else {
                catalog.addTable(table.schemaOnly(TableStatistics.merge(statistics.get(table.name()))));
            }
        }
        if (planner != null) {
            planner.close();
        }
        planner = new SignoEngine(catalog, threads, workers.size(), Runtime.getRuntime().maxMemory(), true);
        totalRows = rows;
        generationMillis = (System.nanoTime() - start) / 1_000_000;
        rebalanceNeeded = false;
    }

    private static byte[] await(CompletableFuture<byte[]> response, String worker)
    {
        try {
            return response.get();
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "interrupted waiting for worker " + worker, e);
        }
        catch (ExecutionException e) {
            throw workerFailed(worker, e.getCause());
        }
    }

    /** A request to {@code worker} that failed: with the failure's code when it has one (a dead peer is NODE_FAILED), else an internal error. */
    static SignoException workerFailed(String worker, Throwable failure)
    {
        Throwable cause = WorkerServer.unwrap(failure);
        ErrorCode code = cause instanceof SignoException signo ? signo.errorCode() : ErrorCode.INTERNAL_ERROR;
        return new SignoException(code, "worker " + worker + " failed: " + WorkerServer.describe(cause), cause);
    }

    /** Runs one statement across the cluster with the coordinator's own session (the command line's). */
    public QueryResult execute(String sql)
    {
        return execute(defaultSession, sql, new QueryControl(), counters -> {});
    }

    /**
     * Runs one statement across the cluster for a client's session and returns its whole result
     * once every task of it ended; see {@link #start}.
     */
    public QueryResult execute(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters)
    {
        ResultStream stream = start(session, sql, control, exchangeCounters);
        QueryResult result = stream.collect();
        stream.awaitStatistics();
        return result;
    }

    /**
     * Runs INSERT, UPDATE and DELETE statements on the cluster's database as one atomic unit: every
     * worker makes the files of all of them durable, then the coordinator commits one version naming
     * them all, or none (see {@link SignoEngine#executeAtomically}). Returns each statement's row count.
     */
    public List<Long> executeAtomically(Session session, List<String> statements, QueryControl control)
    {
        if (storage == null) {
            throw new SignoException(ErrorCode.READ_ONLY_TABLE, "the cluster serves generated tables, which are read-only; start it with --db DIR to change tables");
        }
        if (storage.openWorkers()) {
            workersRejoined();
        }
        SignoEngine engine;
        synchronized (this) {
            engine = planner;
        }
        return engine.executeAtomically(session, statements, control);
    }

    /**
     * Starts one statement across the cluster for a client's session and returns its result as the
     * coordinator's root stage produces it; {@code control} learns the plan and may cancel it, which
     * stops its tasks on every worker. The exchange counters of the query, summed by node, go to
     * {@code exchangeCounters} when it finished.
     */
    public ResultStream start(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters)
    {
        QueryResult set = SignoEngine.trySetStatement(session, sql);
        if (set != null) {
            return ResultStream.of(set);
        }
        if (storage != null) {
            // after a worker died, every worker opens its share again (the dead one once restarted)
            if (storage.openWorkers()) {
                workersRejoined();
            }
            StatementKind kind = StatementKind.of(sql);
            if (kind != StatementKind.QUERY) {
                return ResultStream.of(planner.executeStatement(kind, session, sql, control));
            }
        }
        else if (rebalanceNeeded) {
            distributeData();
        }
        SignoEngine engine;
        synchronized (this) {
            engine = planner;
        }
        lastQuerySteps = control.steps();
        SignoEngine.PlannedQuery planned = engine.plan(session, sql, control);
        if (planned.explain() && !planned.analyze()) {
            return ResultStream.of(SignoEngine.explainResult(planned));
        }
        Consumer<List<ExchangeCounters>> counters = queryCounters -> {
            lastQueryExchanges = queryCounters;
            exchangeCounters.accept(queryCounters);
        };
        if (planned.analyze()) {
            return ResultStream.of(SignoEngine.explainAnalyzeResult(planned, session, control, newTarget(engine, counters)));
        }
        return SignoEngine.start(planned, session, control, newTarget(engine, counters));
    }

    /** Every worker opened its share of the database again: the dead ones are back, and watched again. */
    private synchronized void workersRejoined()
    {
        for (String worker : deadWorkers) {
            heartbeats.watch(worker);
        }
        deadWorkers.clear();
    }

    /** The nodes of one query: the live workers (all of them, for a database) and this coordinator. */
    private ClusterTarget newTarget(SignoEngine engine, Consumer<List<ExchangeCounters>> counters)
    {
        List<String> workers;
        synchronized (this) {
            workers = List.copyOf(liveWorkers);
        }
        String queryId = "query-" + coordinatorId + "-" + queryCounter.incrementAndGet();
        RemoteTasks remoteTasks = new RemoteTasks(workers);
        running.put(queryId, remoteTasks);
        lastQueryTasks = remoteTasks;
        return new ClusterTarget(transport, router, executor, engine, exchangeSettings, queryId, remoteTasks, threads, counters, () -> running.remove(queryId),
                storage == null ? _ -> null : storage::reference);
    }

    private void taskDone(TaskDone done)
    {
        RemoteTasks query = running.get(done.queryId());
        if (query == null) {
            return;
        }
        if (done.nodeIndex() >= query.workers().size()) {
            throw new SignoException(ErrorCode.CORRUPT_DATA, "malformed TaskDone message: node index " + done.nodeIndex() + " is not one of the query's " + query.workers().size() + " workers");
        }
        CompletableFuture<TaskDone> task = query.task(done.nodeIndex());
        if (done.error() == null) {
            task.complete(done);
        }
        else {
            ErrorCode code = ErrorCode.ofNumber(done.errorNumber());
            String worker = query.workers().get(done.nodeIndex());
            // a user error (memory limit, division by zero) reads as it is; an internal one names the worker
            task.completeExceptionally(new SignoException(code, code == ErrorCode.INTERNAL_ERROR ? "worker " + worker + " failed: " + done.error() : done.error() + " (on worker " + worker + ")"));
        }
    }

    private void workerDied(String worker)
    {
        synchronized (this) {
            if (storage != null) {
                // its partitions live nowhere else: the cluster waits for it to come back at its address
                if (deadWorkers.contains(worker)) {
                    return;
                }
                deadWorkers.add(worker);
                storage.workerDied();
            }
            else {
                if (!liveWorkers.remove(worker)) {
                    return;
                }
                deadWorkers.add(worker);
                rebalanceNeeded = true;
            }
        }
        heartbeats.unwatch(worker);
        for (RemoteTasks query : running.values()) {
            int index = query.workers().indexOf(worker);
            if (index >= 0) {
                query.task(index).completeExceptionally(new SignoException(ErrorCode.NODE_FAILED, "worker " + worker + " died; the query was stopped"));
            }
        }
    }

    @Override
    public void close()
    {
        heartbeats.close();
        if (planner != null) {
            planner.close();
        }
        else if (storage != null) {
            storage.close();
        }
        executor.close();
        transport.close();
        if (replicatedData != null) {
            replicatedData.close();
        }
    }
}
