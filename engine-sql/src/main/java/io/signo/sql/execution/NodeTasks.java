package io.signo.sql.execution;

import io.signo.core.driver.DriverFactory;
import io.signo.core.driver.TaskExecutor;
import io.signo.core.exchange.ResultBuffer;
import io.signo.sql.QuerySteps;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.translate.ExchangeProvider;
import io.signo.sql.translate.LocalExecutionPlanner;
import io.signo.storage.memory.MemoryPool;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the stages that nodes living in this process own: turns them into pipelines and starts their
 * drivers on the process's {@link TaskExecutor}. The one place every kind of node (a cluster of
 * one, a coordinator, a worker) starts its part of a query.
 */
public final class NodeTasks
{
    private NodeTasks() {}

    /**
     * Starts the stages of every node of the plan in this process, exchanging pages in memory.
     * {@code statistics} learns the pipelines and the pool; the counters are complete once the
     * returned future completed.
     *
     * @return completes when every driver finished; cancelling it stops them
     */
    public static CompletableFuture<Void> startAllNodes(TaskExecutor executor, FragmentedPlan plan, MemoryPool pool, ResultBuffer result, QueryStatistics statistics)
    {
        List<DriverFactory> pipelines = new LocalExecutionPlanner(plan).planAllNodes(result);
        statistics.addPipelines(pipelines);
        statistics.addPool(pool);
        return executor.execute(pipelines, pool);
    }

    /**
     * Starts the stages one node runs, exchanging pages with the other nodes through {@code exchanges}.
     *
     * @param result where the root stage writes; null on a node that does not run it
     * @param statistics learns the node's pipelines and pool, whose counters are complete once the returned future completed
     * @param steps learns when the node's pipelines and exchanges were built ("pipelines built"), before its drivers are created and scheduled
     * @return completes when every driver of the node finished; cancelling it stops them
     */
    public static CompletableFuture<Void> startNode(TaskExecutor executor, FragmentedPlan plan, int nodeIndex, ExchangeProvider exchanges, MemoryPool pool,
            ResultBuffer result, QueryStatistics statistics, QuerySteps steps)
    {
        List<DriverFactory> pipelines = new LocalExecutionPlanner(plan, exchanges).planNode(nodeIndex, result);
        steps.mark("pipelines built");
        statistics.addPipelines(pipelines);
        statistics.addPool(pool);
        return executor.execute(pipelines, pool);
    }
}
