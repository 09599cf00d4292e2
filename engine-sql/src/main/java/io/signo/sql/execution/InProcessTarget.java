package io.signo.sql.execution;

import io.signo.core.driver.TaskExecutor;
import io.signo.core.exchange.ResultBuffer;
import io.signo.sql.QueryMemoryLimit;
import io.signo.sql.QuerySteps;
import io.signo.sql.Session;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;

import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/** Every node of the cluster inside this process, on one pool of driver threads, exchanges in memory. */
public final class InProcessTarget
        implements ExecutionTarget
{
    private final TaskExecutor executor;
    private final ClusterShape shape;
    private final QueryMemoryLimit memoryLimit;

    public InProcessTarget(TaskExecutor executor, ClusterShape shape, QueryMemoryLimit memoryLimit)
    {
        this.executor = requireNonNull(executor, "executor is null");
        this.shape = requireNonNull(shape, "shape is null");
        this.memoryLimit = requireNonNull(memoryLimit, "memoryLimit is null");
    }

    @Override
    public ClusterShape shape()
    {
        return shape;
    }

    @Override
    public CompletableFuture<Void> start(FragmentedPlan plan, Session session, ResultBuffer result, QueryStatistics statistics, QuerySteps steps)
    {
        return NodeTasks.startAllNodes(executor, plan, memoryLimit.pool(session, "query"), result, statistics);
    }
}
