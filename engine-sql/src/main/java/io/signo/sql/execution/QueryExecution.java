package io.signo.sql.execution;

import io.signo.core.exchange.ResultBuffer;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * One query running on an {@link ExecutionTarget}, read as a {@link ResultStream}: its tasks start
 * at once, the root stage's pages wait in a bounded {@link ResultBuffer} until the caller takes them,
 * and the stream ends when every task of the query ended. Cancelling the query's
 * {@link QueryControl} or closing the stream early stops every task. Failures reach the caller as
 * {@link SignoException}s, turned into user errors in one place ({@link #failure}).
 */
public final class QueryExecution
        implements ResultStream
{
    /** Result bytes the root stage may run ahead of its caller before it waits. */
    static final long RESULT_BUFFER_BYTES = 32L << 20;
    private static final long STATISTICS_WAIT_SECONDS = 30;
    private static final System.Logger LOG = System.getLogger(QueryExecution.class.getName());

    private final List<String> columnNames;
    private final List<Type> columnTypes;
    private final ResultBuffer result;
    private final CompletableFuture<Void> tasks;
    private final QueryControl control;
    private final ZoneId timeZone;
    private boolean firstPageTaken;
    /** The caller took the whole result; closing then leaves the tasks to end on their own (a worker's report may still be on its way). */
    private volatile boolean resultEnded;

    private QueryExecution(List<String> columnNames, List<Type> columnTypes, ResultBuffer result, CompletableFuture<Void> tasks, QueryControl control, ZoneId timeZone)
    {
        this.timeZone = timeZone;
        this.columnNames = List.copyOf(columnNames);
        this.columnTypes = List.copyOf(columnTypes);
        this.result = result;
        this.tasks = tasks;
        this.control = control;
    }

    /** Starts the stages of {@code plan} on {@code target} and returns the stream of its result. */
    public static QueryExecution start(List<String> columnNames, List<Type> columnTypes, FragmentedPlan plan, ExecutionTarget target, Session session,
            QueryControl control)
    {
        requireNonNull(plan, "plan is null");
        requireNonNull(target, "target is null");
        requireNonNull(control, "control is null");
        control.checkNotCancelled();
        ResultBuffer result = new ResultBuffer(RESULT_BUFFER_BYTES);
        CompletableFuture<Void> tasks;
        try {
            tasks = target.start(plan, session, result, control.statistics(), control.steps());
        }
        catch (RuntimeException e) {
            throw failure(e, control);
        }
        tasks.whenComplete((ignored, failure) -> {
            if (failure == null) {
                result.finish();
            }
            else {
                result.fail(failure);
            }
        });
        control.onCancel(() -> tasks.cancel(true));
        control.steps().mark("tasks started");
        control.tasksStarted();
        return new QueryExecution(columnNames, columnTypes, result, tasks, control, session.timeZone());
    }

    @Override
    public ZoneId timeZone()
    {
        return timeZone;
    }

    @Override
    public List<String> columnNames()
    {
        return columnNames;
    }

    @Override
    public List<Type> columnTypes()
    {
        return columnTypes;
    }

    @Override
    public Page nextPage()
    {
        try {
            Page page = result.take();
            if (page == null) {
                if (!resultEnded) {
                    resultEnded = true;
                    control.steps().mark("result complete");
                }
            }
            else if (!firstPageTaken) {
                firstPageTaken = true;
                control.steps().mark("first result page");
            }
            return page;
        }
        catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "query interrupted", e);
        }
        catch (CancellationException | CompletionException e) {
            throw failure(e, control);
        }
    }

    /** Completes when every task of the query ended: normally once it succeeded, exceptionally once it failed or was stopped. */
    public CompletableFuture<Void> tasksEnded()
    {
        return tasks.copy();
    }

    @Override
    public void awaitStatistics()
    {
        try {
            tasks.copy().get(STATISTICS_WAIT_SECONDS, TimeUnit.SECONDS);
        }
        catch (ExecutionException | TimeoutException | CancellationException e) {
            LOG.log(System.Logger.Level.DEBUG, "a query's result is whole, its tasks' reports did not all come: " + e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close()
    {
        result.close();
        if (!resultEnded) {
            tasks.cancel(true);
        }
    }

    /** The user-facing error of a query that failed with {@code failure}. */
    private static SignoException failure(Throwable failure, QueryControl control)
    {
        Throwable cause = unwrap(failure);
        if (cause instanceof CancellationException) {
            SignoException cancelled = control.cancellation();
            return cancelled != null ? cancelled : new SignoException(ErrorCode.QUERY_CANCELLED, "Query was cancelled", cause);
        }
        return SignoEngine.translateFailure(cause);
    }

    /** The failure inside the wrappers that futures add. */
    public static Throwable unwrap(Throwable failure)
    {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
