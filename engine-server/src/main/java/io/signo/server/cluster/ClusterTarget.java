package io.signo.server.cluster;

import io.signo.core.driver.TaskExecutor;
import io.signo.core.exchange.ResultBuffer;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.transport.NodeTransport;
import io.signo.server.cluster.ClusterMessages.CancelRequest;
import io.signo.server.cluster.ClusterMessages.TaskDone;
import io.signo.sql.QuerySteps;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.execution.ExecutionTarget;
import io.signo.sql.execution.NodeTasks;
import io.signo.sql.execution.QueryStatistics;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.fragment.PlanCodec;
import io.signo.sql.fragment.Stage;
import io.signo.sql.fragment.StoredTableReference;
import io.signo.sql.rel.TableWriterNode;
import io.signo.storage.table.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * The nodes of one query in a cluster of processes: every worker runs the parallel stages over its
 * share of the data, the coordinator (this process) the single stages and the root. Starting sends
 * each worker the plan; the result is whole once the coordinator's drivers ended (the root stage
 * has every page), and the query ends when every worker's task reported its end too. The first failure (a task's error, a worker that died, a cancel) stops the tasks on every
 * node. One instance per query.
 */
final class ClusterTarget
        implements ExecutionTarget
{
    private final NodeTransport transport;
    private final ExchangeRouter router;
    private final TaskExecutor executor;
    private final SignoEngine engine;
    private final ExchangeSettings exchangeSettings;
    private final String queryId;
    private final RemoteTasks remoteTasks;
    private final ClusterShape shape;
    private final Consumer<List<ExchangeCounters>> exchangeCounters;
    private final Runnable ended;
    private final Function<Table, StoredTableReference> storedTables;

    /**
     * @param remoteTasks the tasks on the workers, completed as their reports come
     * @param exchangeCounters receives the query's exchange counters, summed by node, when it succeeded
     * @param ended runs once the query ended, however it did
     * @param storedTables how the plan names the tables of a cluster's database (see {@link PlanCodec#encode(io.signo.sql.rel.PlanNode, Function)})
     */
    ClusterTarget(NodeTransport transport, ExchangeRouter router, TaskExecutor executor, SignoEngine engine, ExchangeSettings exchangeSettings, String queryId,
            RemoteTasks remoteTasks, int driversPerNode, Consumer<List<ExchangeCounters>> exchangeCounters, Runnable ended, Function<Table, StoredTableReference> storedTables)
    {
        this.storedTables = requireNonNull(storedTables, "storedTables is null");
        this.transport = requireNonNull(transport, "transport is null");
        this.router = requireNonNull(router, "router is null");
        this.executor = requireNonNull(executor, "executor is null");
        this.engine = requireNonNull(engine, "engine is null");
        this.exchangeSettings = requireNonNull(exchangeSettings, "exchangeSettings is null");
        this.queryId = requireNonNull(queryId, "queryId is null");
        this.remoteTasks = requireNonNull(remoteTasks, "remoteTasks is null");
        this.shape = new ClusterShape(remoteTasks.workers().size(), driversPerNode, true);
        this.exchangeCounters = requireNonNull(exchangeCounters, "exchangeCounters is null");
        this.ended = requireNonNull(ended, "ended is null");
    }

    @Override
    public ClusterShape shape()
    {
        return shape;
    }

    @Override
    public CompletableFuture<Void> start(FragmentedPlan plan, Session session, ResultBuffer result, QueryStatistics statistics, QuerySteps steps)
    {
        List<String> workers = remoteTasks.workers();
        List<CompletableFuture<Void>> workerStarted = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            workerStarted.add(new CompletableFuture<>());
        }
        // the coordinator's own builds hand their keys to the relay directly
        NetworkExchangeProvider exchanges = new NetworkExchangeProvider(router, queryId, workers, transport.localAddress(), exchangeSettings.config(), null,
                keys -> remoteTasks.runtimeFilters().add(keys));
        remoteTasks.runtimeFilters(new RuntimeFilterRelay(queryId, message -> {
            exchanges.deliver(message);
            byte[] encoded = QueryMessageCodec.encode(message);
            for (int i = 0; i < workers.size(); i++) {
                // a worker gets it once its tasks started: its scans are planned, and nothing arrives for a query it does not know yet
                String worker = workers.get(i);
                workerStarted.get(i).thenRun(() -> transport.tell(worker, ClusterMessages.RUNTIME_FILTER, encoded));
            }
        }));
        CompletableFuture<Void> query = new CompletableFuture<>();
        List<CompletableFuture<?>> tasks = new ArrayList<>(remoteTasks.tasks());
        CompletableFuture<Void> coordinatorDone = null;
        try {
            byte[] encoded = PlanCodec.encode(plan.root(), storedTables);
            QueryMessageCodec.EncodedExecuteRequest request = QueryMessageCodec.encodeExecute(queryId, encoded, workers, transport.localAddress(), shape.driversPerNode(),
                    exchangeSettings, session.queryMaxMemoryBytes());
            steps.mark("plan encoded");
            remoteTasks.splits(new SplitQueues(plan.root(), workers.size()));
            for (int i = 0; i < workers.size(); i++) {
                if (!runsOnWorker(plan, i)) {
                    // nothing to do there (a query of replicated tables runs on the coordinator alone): no round trip
                    remoteTasks.task(i).complete(new TaskDone(queryId, i, null, 0, List.of(), List.of(), 0, List.of()));
                    continue;
                }
                String worker = workers.get(i);
                int workerIndex = i;
                transport.request(worker, ClusterMessages.EXECUTE, request.forNode(i)).whenComplete((ignored, failure) -> {
                    if (failure != null) {
                        query.completeExceptionally(ClusterCoordinator.workerFailed(worker, failure));
                    }
                    else {
                        steps.mark("worker " + workerIndex + " started its tasks");
                        workerStarted.get(workerIndex).complete(null);
                    }
                });
            }
            steps.mark("start requests sent");
            coordinatorDone = NodeTasks.startNode(executor, plan, shape.coordinator(), exchanges,
                    engine.queryMemoryPool(session, "query " + queryId + " on the coordinator"), result, statistics, steps);
            steps.mark("coordinator tasks started");
            tasks.add(coordinatorDone);
        }
        catch (RuntimeException e) {
            query.completeExceptionally(e);
        }
        CompletableFuture<Void> coordinatorTasks = coordinatorDone;
        query.whenComplete((ignored, failure) -> {
            try {
                if (failure != null) {
                    stopEverywhere(exchanges, coordinatorTasks, failure);
                }
            }
            finally {
                ended.run();
                exchanges.closeAll();
            }
        });
        for (CompletableFuture<?> task : tasks) {
            task.whenComplete((ignored, failure) -> {
                if (failure != null) {
                    query.completeExceptionally(failure);
                }
            });
        }
        CompletableFuture<Void> allEnded = CompletableFuture.allOf(tasks.toArray(CompletableFuture[]::new));
        // registered after allOf's own dependents, so they run first: the steps are in and the result is finished before the query ends
        if (coordinatorTasks != null) {
            boolean writes = !TableWriterNode.writersIn(plan.root()).isEmpty();
            coordinatorTasks.thenRun(() -> {
                steps.mark("coordinator tasks ended");
                if (!writes) {
                    // the root stage ended, so every sender ended its stream after its last page: the
                    // answer is whole, and the client need not wait for the workers' reports (a
                    // statement that writes waits: its files are not all written before then)
                    result.finish();
                }
            });
        }
        for (int i = 0; i < remoteTasks.tasks().size(); i++) {
            int workerIndex = i;
            remoteTasks.tasks().get(i).thenAccept(done -> {
                if (!done.steps().isEmpty()) {
                    // a worker that was sent no task has no report
                    steps.mark("worker " + workerIndex + " reported its end");
                    steps.addAll(done.steps());
                }
            });
        }
        allEnded.thenRun(() -> {
            try {
                List<ExchangeCounters> counters = new ArrayList<>(ExchangeCountersSnapshot.of(exchanges));
                for (CompletableFuture<TaskDone> task : remoteTasks.tasks()) {
                    TaskDone done = task.join();
                    counters.addAll(done.exchanges());
                    statistics.addReported(done.operators(), done.peakMemoryBytes());
                }
                exchangeCounters.accept(counters);
                query.complete(null);
            }
            catch (RuntimeException e) {
                query.completeExceptionally(e);
            }
        });
        return query;
    }

    private static boolean runsOnWorker(FragmentedPlan plan, int workerIndex)
    {
        for (Stage stage : plan.stages()) {
            if (plan.runsOn(stage, workerIndex)) {
                return true;
            }
        }
        return false;
    }

    /** Fails the exchanges and stops the query's drivers here and its tasks on every worker. */
    private void stopEverywhere(NetworkExchangeProvider exchanges, CompletableFuture<Void> coordinatorTasks, Throwable failure)
    {
        exchanges.failAll(failure);
        if (coordinatorTasks != null) {
            coordinatorTasks.cancel(true);
        }
        String reason = WorkerServer.unwrap(failure) instanceof CancellationException ? "the query was cancelled or its reader stopped" : WorkerServer.describe(failure);
        for (String worker : remoteTasks.workers()) {
            transport.request(worker, ClusterMessages.CANCEL, QueryMessageCodec.encode(new CancelRequest(queryId, reason)));
        }
    }
}
