package io.signo.sql;

import io.signo.sql.execution.QueryStatistics;
import io.signo.sql.rel.PlanNode;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What a caller holds on to while a statement runs: it learns the plan once planning is done and
 * can cancel the statement from another thread. Cancelling fails the statement with
 * {@link ErrorCode#QUERY_CANCELLED} and the reason given; it stops its drivers (and, in a cluster,
 * its tasks on the workers) through the actions the engine registers.
 */
public final class QueryControl
{
    private final List<Runnable> cancelActions = new ArrayList<>();
    private final CompletableFuture<Void> started = new CompletableFuture<>();
    private final QueryStatistics statistics = new QueryStatistics();
    private final QuerySteps steps = new QuerySteps();
    private volatile PlanNode plan;
    private String cancelReason;

    /** When each step of the statement's path happened, from the moment this control was made. */
    public QuerySteps steps()
    {
        return steps;
    }

    /** The physical plan, once planned; null while planning (and for SET statements). */
    public PlanNode plan()
    {
        return plan;
    }

    void planned(PlanNode root)
    {
        this.plan = root;
    }

    /** What the statement's operators did and the memory it holds, filled in as it runs (empty for statements that run no query). */
    public QueryStatistics statistics()
    {
        return statistics;
    }

    /**
     * Completes once the statement's tasks have been started on every node it runs on (never for a
     * statement that fails before, nor for SET and EXPLAIN): from then on, a cancel stops running tasks.
     */
    public CompletableFuture<Void> started()
    {
        return started.copy();
    }

    /** Called by the execution once every task of the statement was started. */
    public void tasksStarted()
    {
        started.complete(null);
    }

    /** Cancels the statement; the first reason wins. */
    public void cancel(String reason)
    {
        List<Runnable> actions;
        synchronized (this) {
            if (cancelReason != null) {
                return;
            }
            cancelReason = reason;
            actions = List.copyOf(cancelActions);
        }
        for (Runnable action : actions) {
            action.run();
        }
    }

    public synchronized boolean isCancelled()
    {
        return cancelReason != null;
    }

    /** Runs {@code action} when the statement is cancelled, at once if it already is. */
    public void onCancel(Runnable action)
    {
        synchronized (this) {
            if (cancelReason == null) {
                cancelActions.add(action);
                return;
            }
        }
        action.run();
    }

    /** Fails with the cancellation error when the statement was cancelled. */
    public void checkNotCancelled()
    {
        SignoException cancelled = cancellation();
        if (cancelled != null) {
            throw cancelled;
        }
    }

    /** The error a cancelled statement fails with, or null when it was not cancelled. */
    public synchronized SignoException cancellation()
    {
        return cancelReason == null ? null : new SignoException(ErrorCode.QUERY_CANCELLED, "Query was cancelled: " + cancelReason);
    }
}
