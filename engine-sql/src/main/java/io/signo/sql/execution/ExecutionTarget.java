package io.signo.sql.execution;

import io.signo.core.exchange.ResultBuffer;
import io.signo.sql.QuerySteps;
import io.signo.sql.Session;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;

import java.util.concurrent.CompletableFuture;

/**
 * Where the stages of a query run: every node inside this process ({@link InProcessTarget}), or
 * worker processes with the coordinator running the single stages (the server's cluster target).
 */
public interface ExecutionTarget
{
    /** The nodes plans are cut for. */
    ClusterShape shape();

    /**
     * Starts every stage of {@code plan} on the nodes it runs on; the root stage writes the result
     * pages into {@code result}. Does not wait for the stages. The query's pipelines and memory pools
     * go to {@code statistics}, and every node's operator totals once it ended: all of them before the
     * returned future completes normally. Marks the steps of starting them in {@code steps}.
     *
     * @return completes when every task of the query ended, or exceptionally with the first failure
     *         (any other tasks are then stopped); cancelling it stops every task
     */
    CompletableFuture<Void> start(FragmentedPlan plan, Session session, ResultBuffer result, QueryStatistics statistics, QuerySteps steps);
}
