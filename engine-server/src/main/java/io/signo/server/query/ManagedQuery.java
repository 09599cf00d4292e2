package io.signo.server.query;

import io.signo.core.driver.OperatorStatistics;
import io.signo.server.cluster.ExchangeCounters;
import io.signo.sql.QueryControl;
import io.signo.sql.QuerySteps;
import io.signo.sql.Session;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * One statement the server runs or ran: what the admin API lists and cancels. Its fields are
 * written by the thread running the statement and read by any other.
 */
public final class ManagedQuery
{
    private final String id;
    private final Session session;
    private final String sql;
    private final Instant created = Instant.now();
    private final long startNanos = System.nanoTime();
    private final QueryControl control = new QueryControl();
    private volatile long endNanos;
    private volatile QueryState finalState;
    private volatile long rows;
    private volatile long bytes;
    private volatile SignoException error;
    private volatile List<ExchangeCounters> exchanges = List.of();

    ManagedQuery(String id, Session session, String sql)
    {
        this.id = requireNonNull(id, "id is null");
        this.session = requireNonNull(session, "session is null");
        this.sql = requireNonNull(sql, "sql is null");
    }

    public String id()
    {
        return id;
    }

    public String user()
    {
        return session.user();
    }

    Session session()
    {
        return session;
    }

    public String sql()
    {
        return sql;
    }

    public Instant created()
    {
        return created;
    }

    public QueryState state()
    {
        QueryState state = finalState;
        if (state != null) {
            return state;
        }
        return control.plan() == null ? QueryState.PLANNING : QueryState.RUNNING;
    }

    /** Time from submission to the end, or to now while it runs. */
    public Duration elapsed()
    {
        long end = finalState == null ? System.nanoTime() : endNanos;
        return Duration.ofNanos(end - startNanos);
    }

    /**
     * Result rows read from the query so far, all of them once it finished; a client that stopped
     * early (at its row limit) was sent only some of the last page's rows.
     */
    public long rows()
    {
        return rows;
    }

    /** Bytes of the result pages read from the query so far. */
    public long bytes()
    {
        return bytes;
    }

    /** Why it failed or was cancelled, or null. */
    public SignoException error()
    {
        return error;
    }

    /** The physical plan, cut into stages, as EXPLAIN prints it; empty until planned (and for SET). */
    public List<String> plan()
    {
        PlanNode plan = control.plan();
        return plan == null ? List.of() : PlanPrinter.render(plan);
    }

    /** The physical plan's root once planned, else null (also for SET). */
    public PlanNode planRoot()
    {
        return control.plan();
    }

    /** What the query's operators did so far, summed by plan node and operator over drivers and nodes (see {@link io.signo.sql.execution.QueryStatistics}). */
    public List<OperatorStatistics> operators()
    {
        return control.statistics().operators();
    }

    /** The bytes the query's memory pools hold now (on the coordinator; a cluster's workers report only their peak, when they end). */
    public long memoryBytes()
    {
        return finalState == null ? control.statistics().reservedBytes() : 0;
    }

    /** The sum of the peaks of the query's memory pools, over the nodes that reported so far. */
    public long peakMemoryBytes()
    {
        return control.statistics().peakBytes();
    }

    /**
     * When each step of the query's path happened: on the coordinator in milliseconds since it was
     * submitted, on each worker since its start request arrived (see {@link QuerySteps}).
     */
    public List<QuerySteps.Step> steps()
    {
        return control.steps().steps();
    }

    /** The exchange counters by exchange and node, once finished (empty in a cluster of one). */
    public List<ExchangeCounters> exchanges()
    {
        return exchanges;
    }

    QueryControl control()
    {
        return control;
    }

    /** Completes once the query's tasks have been started on every node it runs on. */
    public CompletableFuture<Void> started()
    {
        return control.started();
    }

    /** Asks the query to stop; it ends CANCELLED with the reason as its error. */
    public void cancel(String reason)
    {
        control.cancel(reason);
    }

    void exchangeCounters(List<ExchangeCounters> counters)
    {
        this.exchanges = List.copyOf(counters);
    }

    /** Counts a result page on its way to the client; called by the one thread reading the result. */
    void sent(Page page)
    {
        rows += page.positionCount();
        bytes += page.retainedBytes();
    }

    void finished()
    {
        end(QueryState.FINISHED);
    }

    void failed(SignoException failure)
    {
        this.error = failure;
        end(failure.errorCode() == ErrorCode.QUERY_CANCELLED ? QueryState.CANCELLED : QueryState.FAILED);
    }

    private void end(QueryState state)
    {
        endNanos = System.nanoTime();
        finalState = state;
    }
}
