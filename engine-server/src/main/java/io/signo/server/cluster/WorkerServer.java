package io.signo.server.cluster;

import io.signo.core.driver.TaskExecutor;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.core.operator.write.TableWrite;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.PeerConnection;
import io.signo.net.transport.SocketTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.server.cluster.ClusterMessages.CancelRequest;
import io.signo.server.cluster.ClusterMessages.CopyFileRequest;
import io.signo.server.cluster.ClusterMessages.ExecuteRequest;
import io.signo.server.cluster.ClusterMessages.FileStatistics;
import io.signo.server.cluster.ClusterMessages.FinishWriteRequest;
import io.signo.server.cluster.ClusterMessages.LoadRequest;
import io.signo.server.cluster.ClusterMessages.LoadResponse;
import io.signo.server.cluster.ClusterMessages.NextSplitsRequest;
import io.signo.server.cluster.ClusterMessages.OpenStorageRequest;
import io.signo.server.cluster.ClusterMessages.PrepareRequest;
import io.signo.server.cluster.ClusterMessages.PrepareResponse;
import io.signo.server.cluster.ClusterMessages.RemoveFilesRequest;
import io.signo.server.cluster.ClusterMessages.TaskDone;
import io.signo.sql.QuerySteps;
import io.signo.sql.SignoEngine;
import io.signo.sql.execution.NodeTasks;
import io.signo.sql.execution.QueryExecution;
import io.signo.sql.execution.QueryStatistics;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.fragment.PlanCodec;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableWriterNode;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.WorkerStorage;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.source.SourceData;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A worker process: holds its share of the tables, and runs the stages of queries the coordinator
 * sends it, exchanging pages with the other nodes over the transport. Event loops only move bytes;
 * the stages run on this process's driver threads.
 */
public final class WorkerServer
        implements AutoCloseable
{
    private final NodeTransport transport;
    private final ExchangeRouter router;
    private final TaskExecutor executor;
    private final Map<String, RunningTask> tasks = new ConcurrentHashMap<>();
    /** The latest cancelled queries, so that a query's start arriving after its cancel does not run it; guards the start and the cancel. */
    private final Set<String> cancelledQueries = Collections.newSetFromMap(new LinkedHashMap<>()
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest)
        {
            return size() > 4096;
        }
    });
    private volatile SourceData dataSet;
    /** Where this worker keeps its share of a cluster's database (--db); null when it has none. */
    private final Path databaseDirectory;
    private final BlockCache cache;
    private volatile WorkerStorage storage;
    private volatile int workerCount;
    private volatile long splitDelayMillis;
    /** The writes of statements under way, by write id, until the coordinator says how they ended. */
    private final Map<String, TableWrite> writes = new ConcurrentHashMap<>();
    /** The copies of replicated tables' files received for statements under way, by write id. */
    private final Map<String, List<Long>> copies = new ConcurrentHashMap<>();
    /** The plans of statements sent again; invalidated by whatever changes this worker's tables. */
    private final WorkerPlanCache planCache = new WorkerPlanCache();

    /**
     * @param nodes the addresses of the query's nodes: its workers and its coordinator
     * @param stopReason why the task was stopped from outside (a node died), which its report then gives rather than the cancellation
     */
    private record RunningTask(CompletableFuture<Void> done, NetworkExchangeProvider exchanges, Set<String> nodes, AtomicReference<SignoException> stopReason) {}

    public WorkerServer(String host, int port, int threads)
    {
        this(host, port, threads, null, null);
    }

    /**
     * @param databaseDirectory where this worker keeps its share of the cluster's database, or null
     * @param cache the decoded chunks of its files read again; null for the default
     */
    public WorkerServer(String host, int port, int threads, Path databaseDirectory, BlockCache cache)
    {
        this.databaseDirectory = databaseDirectory;
        this.cache = databaseDirectory == null ? null : cache != null ? cache : Database.defaultCache();
        this.transport = NodeTransport.start(host, port, TransportConfig.DEFAULT.withRequestTimeout(Duration.ofMinutes(30)));
        this.router = new ExchangeRouter(transport);
        this.executor = new TaskExecutor(threads);
        transport.registerHandler(ClusterMessages.LOAD, payload -> ClusterMessages.encode(changingTables(() -> load(ClusterMessages.decode(payload, LoadRequest.class)))));
        // a query's start goes from the event loop straight to a driver thread, which then runs its first
        // driver; the announcements of its channels and the answer to the start leave in one burst
        transport.registerHandOverHandler(ClusterMessages.EXECUTE, payload -> {
            long arrived = System.nanoTime();
            CompletableFuture<byte[]> started = new CompletableFuture<>();
            executor.runSetup(() -> PeerConnection.holdingBursts(() -> {
                try {
                    execute(payload, arrived);
                    started.complete(new byte[0]);
                }
                catch (Throwable e) {
                    started.completeExceptionally(e);
                }
            }));
            return started;
        });
        transport.registerHandler(ClusterMessages.RUNTIME_FILTER, payload -> {
            ClusterMessages.RuntimeFilterMessage message = QueryMessageCodec.decodeRuntimeFilter(payload);
            RunningTask task = tasks.get(message.queryId());
            // a task that ended has no scan left to filter
            if (task != null) {
                task.exchanges().deliver(message);
            }
            return new byte[0];
        });
        transport.registerHandler(ClusterMessages.CANCEL, payload -> {
            cancel(QueryMessageCodec.decodeCancel(payload));
            return new byte[0];
        });
        transport.registerHandler(ClusterMessages.OPEN_STORAGE, payload -> ClusterMessages.encode(changingTables(() -> openStorage(ClusterMessages.decode(payload, OpenStorageRequest.class)))));
        transport.registerHandler(ClusterMessages.PREPARE, payload -> ClusterMessages.encode(changingTables(() -> prepare(ClusterMessages.decode(payload, PrepareRequest.class)))));
        transport.registerHandler(ClusterMessages.FINISH_WRITE, payload -> changingTables(() -> {
            finishWrite(ClusterMessages.decode(payload, FinishWriteRequest.class));
            return new byte[0];
        }));
        transport.registerHandler(ClusterMessages.COPY_FILE, payload -> changingTables(() -> {
            receiveCopy(ClusterMessages.decode(payload, CopyFileRequest.class));
            return new byte[0];
        }));
        transport.registerHandler(ClusterMessages.REMOVE_FILES, payload -> changingTables(() -> {
            WorkerStorage opened = storage;
            if (opened != null) {
                opened.remove(ClusterMessages.decode(payload, RemoveFilesRequest.class).fileIds());
            }
            return new byte[0];
        }));
        transport.onPeerDead(peer -> {
            SignoException died = new SignoException(ErrorCode.NODE_FAILED, "node " + peer + " died; the query was stopped");
            for (RunningTask task : tasks.values()) {
                if (!task.nodes().contains(peer)) {
                    // a query planned after the death, on the nodes left
                    continue;
                }
                stop(task, died);
            }
        });
    }

    /**
     * Stops a task from outside, which its report then gives as the reason: fails its exchanges and
     * cancels it, which closes its drivers before it returns, each after its running quantum.
     */
    private static void stop(RunningTask task, SignoException reason)
    {
        task.stopReason().compareAndSet(null, reason);
        task.exchanges().failAll(reason);
        task.done().cancel(true);
    }

    /** How many exchanges this worker holds open: those of the queries it runs now. */
    int openExchangeCount()
    {
        return router.registeredCount();
    }

    /** host:port this worker listens on. */
    public String address()
    {
        return transport.localAddress();
    }

    /** The socket transport (native epoll or NIO) its connections use. */
    public SocketTransport socketTransport()
    {
        return transport.socketTransport();
    }

    private synchronized LoadResponse load(LoadRequest request)
    {
        if (dataSet != null) {
            // the data is spread again after a worker died: the queries over the old spread are doomed,
            // and none may still read the tables that closing frees
            SignoException respread = new SignoException(ErrorCode.NODE_FAILED, "the data was spread again over the workers left; the query was stopped");
            for (RunningTask task : tasks.values()) {
                stop(task, respread);
            }
            dataSet.close();
        }
        dataSet = request.source().open(request.share(), request.threads(), MemoryPool.unbounded(request.source().schemaName() + "-data"));
        Map<String, TableStatistics> statistics = new HashMap<>();
        long rows = 0;
        for (Table table : dataSet.catalog().tables()) {
            statistics.put(table.name(), table.statistics());
            rows += table.statistics().rowCount();
        }
        return new LoadResponse(statistics, rows);
    }

    /** Opens (or opens again, after the coordinator restarted) this worker's share of the database, keeping the live files only. */
    private synchronized FileStatistics openStorage(OpenStorageRequest request)
    {
        if (databaseDirectory == null) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "worker " + address() + " was started without --db: it has no directory for the cluster's database");
        }
        if (storage == null || storage.workerIndex() != request.workerIndex() || workerCount != request.workerCount()) {
            if (storage != null) {
                storage.close();
            }
            storage = WorkerStorage.open(databaseDirectory, cache, request.workerIndex(), request.workerCount());
            workerCount = request.workerCount();
        }
        // writes under way belong to a coordinator that is gone: their files are not in the live version
        writes.clear();
        copies.clear();
        WorkerStorage.Retained retained = storage.retainOnly(request.liveTables());
        // copies the coordinator restored since the last call become durable
        storage.prepare();
        return new FileStatistics(retained.statistics(), retained.missingCopies());
    }

    private void receiveCopy(CopyFileRequest request)
    {
        openedStorage().receiveCopy(request.fileId(), request.offset(), request.bytes(), request.last());
        if (request.writeId() != null && request.offset() == 0) {
            copies.computeIfAbsent(request.writeId(), _ -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(request.fileId());
        }
    }

    private PrepareResponse prepare(PrepareRequest request)
    {
        TableWrite write = writes.get(request.writeId());
        if (write == null) {
            return new PrepareResponse(List.of(), Map.of());
        }
        WorkerStorage opened = openedStorage();
        opened.prepare();
        List<FileEntry> files = write.files();
        Map<Long, TableStatistics> statistics = new HashMap<>();
        for (FileEntry file : files) {
            statistics.put(file.fileId(), opened.statistics(write.checks().table(), write.checks().columns(), file));
        }
        return new PrepareResponse(files, statistics);
    }

    private void finishWrite(FinishWriteRequest request)
    {
        TableWrite write = writes.remove(request.writeId());
        List<Long> copied = copies.remove(request.writeId());
        if (!request.committed()) {
            if (write != null) {
                write.discard();
            }
            if (copied != null) {
                openedStorage().remove(copied);
            }
        }
    }

    private WorkerStorage openedStorage()
    {
        WorkerStorage opened = storage;
        if (opened == null) {
            throw new IllegalStateException("worker " + address() + " has not opened its share of the database");
        }
        return opened;
    }

    /** @param arrivedNanos when the event loop read the request, before it was handed to a driver thread: the worker's steps count from there */
    private void execute(byte[] payload, long arrivedNanos)
    {
        long onDriverThread = System.nanoTime();
        ExecuteRequest request = QueryMessageCodec.decodeExecute(payload);
        QuerySteps steps = new QuerySteps("worker " + request.nodeIndex(), arrivedNanos);
        steps.mark("on a driver thread", onDriverThread);
        steps.mark("request decoded");
        FragmentedPlan plan = plan(request, steps);
        NetworkExchangeProvider exchanges = new NetworkExchangeProvider(router, request.queryId(), request.workerAddresses(), request.coordinatorAddress(), request.exchange().config(),
                scanIndex -> splitSupplier(request, scanIndex),
                keys -> transport.tell(request.coordinatorAddress(), ClusterMessages.RUNTIME_FILTER_KEYS, QueryMessageCodec.encode(keys)));
        MemoryPool pool = request.queryMaxMemoryBytes() > 0
                ? new MemoryPool("query " + request.queryId() + " on " + address() + " (query_max_memory " + request.queryMaxMemoryBytes() + " bytes)", request.queryMaxMemoryBytes())
                : MemoryPool.unbounded("query " + request.queryId());
        Set<String> nodes = new HashSet<>(request.workerAddresses());
        nodes.add(request.coordinatorAddress());
        CompletableFuture<Void> done;
        RunningTask task;
        QueryStatistics statistics = new QueryStatistics();
        synchronized (cancelledQueries) {
            // requests run on several handler threads: a cancel may have overtaken its query's start
            if (cancelledQueries.contains(request.queryId())) {
                exchanges.closeAll();
                return;
            }
            done = NodeTasks.startNode(executor, plan, request.nodeIndex(), exchanges, pool, null, statistics, steps);
            task = new RunningTask(done, exchanges, nodes, new AtomicReference<>());
            tasks.put(request.queryId(), task);
        }
        steps.mark("tasks started");
        done.whenComplete((ignored, failure) -> {
            steps.mark("tasks ended");
            tasks.remove(request.queryId());
            if (failure != null) {
                exchanges.failAll(failure);
            }
            SignoException stopped = task.stopReason().get();
            SignoException error = failure == null ? null : stopped != null ? stopped : SignoEngine.translateFailure(unwrap(failure));
            TaskDone report = new TaskDone(request.queryId(), request.nodeIndex(), error == null ? null : error.getMessage(),
                    error == null ? 0 : error.errorCode().number(), ExchangeCountersSnapshot.of(exchanges), statistics.operators(), statistics.peakBytes(), steps.steps());
            // the drivers may end with their last messages still waiting for credit: once they are sent
            // (or the query failed), the exchanges leave the router, their buffers going with the query
            exchanges.whenSinksDone().whenComplete((_, _) -> exchanges.closeAll());
            // wanting no answer: the coordinator's would only wake this worker's event loop once more
            transport.tell(request.coordinatorAddress(), ClusterMessages.TASK_DONE, QueryMessageCodec.encode(report));
        });
    }

    /**
     * Runs what changes this worker's tables, then drops the plans decoded against them: after the
     * change, so that a plan decoded before it (in an older epoch) is not kept either.
     */
    private <T> T changingTables(Supplier<T> change)
    {
        try {
            return change.get();
        }
        finally {
            planCache.invalidate();
        }
    }

    /** The request's plan in stages: the one decoded for the same bytes before, or decoded now against this worker's tables. */
    private FragmentedPlan plan(ExecuteRequest request, QuerySteps steps)
    {
        int workerCount = request.workerAddresses().size();
        FragmentedPlan cached = planCache.get(request.plan(), workerCount, request.driversPerNode());
        if (cached != null) {
            steps.mark("plan reused");
            return cached;
        }
        long epoch = planCache.epoch();
        Catalog catalog = dataSet == null ? new Catalog("none") : dataSet.catalog();
        PlanNode root = PlanCodec.decode(request.plan(), catalog, reference -> openedStorage().table(reference.entry(), this.workerCount));
        List<TableWriterNode> writers = TableWriterNode.writersIn(root);
        for (TableWriterNode writer : writers) {
            TableWriterNode.Target target = writer.target();
            writer.bind(writes.computeIfAbsent(target.writeId(), _ -> new TableWrite(openedStorage(), target.layout(), target.checks(), request.nodeIndex())));
        }
        steps.mark("plan decoded");
        FragmentedPlan plan = FragmentedPlan.fragment(root, new ClusterShape(workerCount, request.driversPerNode(), true));
        steps.mark("fragmented");
        if (writers.isEmpty()) {
            planCache.put(request.plan(), workerCount, request.driversPerNode(), epoch, plan);
        }
        return plan;
    }

    /** How many fragmented plans this worker keeps for statements sent again. */
    int cachedPlanCount()
    {
        return planCache.size();
    }

    /** Asks the coordinator for the next splits of a scan, as many as this worker has drivers, after the test's delay if one is set. */
    private SplitSupplier splitSupplier(ExecuteRequest request, int scanIndex)
    {
        byte[] ask = QueryMessageCodec.encode(new NextSplitsRequest(request.queryId(), scanIndex, request.nodeIndex(), request.driversPerNode()));
        return () -> {
            long delay = splitDelayMillis;
            CompletableFuture<Void> asked = delay == 0
                    ? CompletableFuture.completedFuture(null)
                    : CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS));
            return asked.thenCompose(_ -> transport.request(request.coordinatorAddress(), ClusterMessages.NEXT_SPLITS, ask))
                    .thenApply(response -> QueryMessageCodec.decodeSplitBatch(response).splits());
        };
    }

    /**
     * A test's hook: every request for more splits of a scan waits {@code delay} first, as a worker
     * whose scans are slow would ask less often. Zero (the default) for none.
     */
    public void delaySplitRequests(Duration delay)
    {
        this.splitDelayMillis = delay.toMillis();
    }

    private void cancel(CancelRequest request)
    {
        RunningTask task;
        synchronized (cancelledQueries) {
            cancelledQueries.add(request.queryId());
            task = tasks.remove(request.queryId());
        }
        // pages other nodes sent ahead for the query's exchanges here, which it will not register now
        router.queryStopped(request.queryId());
        if (task != null) {
            task.exchanges().failAll(new IllegalStateException("query cancelled: " + request.reason()));
            task.done().cancel(true);
        }
    }

    static String describe(Throwable failure)
    {
        Throwable cause = unwrap(failure);
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.toString() : message;
    }

    /** The failure inside the wrappers that futures add. */
    static Throwable unwrap(Throwable failure)
    {
        return QueryExecution.unwrap(failure);
    }

    @Override
    public void close()
    {
        executor.close();
        transport.close();
        if (dataSet != null) {
            dataSet.close();
        }
        if (storage != null) {
            storage.close();
        }
    }
}
