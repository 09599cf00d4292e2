package io.signo.server.query;

import io.signo.sql.QueryResult;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * The statements of a server: gives each an id, runs it on the caller's thread (a JDBC request
 * thread), keeps the running ones and the latest finished ones for the admin API, cancels them on
 * request, on timeout and at shutdown. Many clients call it at once.
 */
public final class QueryManager
        implements AutoCloseable
{
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");

    private final QueryRunner runner;
    private final QueryEventListener listener;
    private final int historySize;
    private final AtomicLong sequence = new AtomicLong();
    private final Map<String, ManagedQuery> running = new ConcurrentHashMap<>();
    private final Deque<ManagedQuery> finished = new ArrayDeque<>();
    private final ScheduledExecutorService timeouts = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "signo-query-timeouts");
        thread.setDaemon(true);
        return thread;
    });
    private volatile String shutdownReason;

    /** @param historySize how many finished statements the admin API still shows */
    public QueryManager(QueryRunner runner, QueryEventListener listener, int historySize)
    {
        this.runner = requireNonNull(runner, "runner is null");
        this.listener = requireNonNull(listener, "listener is null");
        this.historySize = historySize;
    }

    public QueryRunner runner()
    {
        return runner;
    }

    /** Runs one statement for the session and returns its whole result. */
    public QueryResult execute(Session session, String sql)
    {
        return run(create(session, sql), Duration.ZERO);
    }

    /**
     * Registers a statement without running it yet, so that the caller holds its id (to cancel it
     * from another thread) before it starts; run it with {@link #run}.
     */
    public ManagedQuery create(Session session, String sql)
    {
        String id = LocalDateTime.now(ZoneOffset.UTC).format(ID_TIME) + "_" + String.format("%05d", sequence.incrementAndGet());
        ManagedQuery query = new ManagedQuery(id, session, sql == null ? "" : sql);
        running.put(id, query);
        return query;
    }

    /** Runs a statement created by {@link #create} on this thread and returns its whole result; see {@link #start}. */
    public QueryResult run(ManagedQuery query, Duration timeout)
    {
        return start(query, timeout).collect();
    }

    /**
     * Starts a statement created by {@link #create} and returns its result as the query produces it;
     * the caller reads it page by page and must close it. The statement stays running until the
     * caller read the last page, closed the result, or it failed or was cancelled. A positive
     * {@code timeout} cancels it when it runs longer. Failures come back as {@link SignoException}s,
     * thrown here or by the stream, and are recorded on the query.
     */
    public ResultStream start(ManagedQuery query, Duration timeout)
    {
        ScheduledFuture<?> timer = null;
        if (timeout.isPositive()) {
            timer = timeouts.schedule(() -> query.cancel("it ran longer than its timeout of " + timeout.toMillis() + " ms"), timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        ScheduledFuture<?> timeoutTimer = timer;
        ManagedResultStream.Ending ending = (failure) -> {
            if (timeoutTimer != null) {
                timeoutTimer.cancel(false);
            }
            if (failure == null) {
                query.finished();
            }
            else {
                query.failed(failure);
            }
            retire(query);
            listener.queryCompleted(query);
        };
        listener.queryStarted(query);
        ResultStream result;
        try {
            String reason = shutdownReason;
            if (reason != null) {
                throw new SignoException(ErrorCode.SERVER_SHUTTING_DOWN, reason);
            }
            result = runner.start(query.session(), query.sql(), query.control(), query::exchangeCounters);
        }
        catch (RuntimeException | Error e) {
            SignoException failure = ManagedResultStream.userError(e, query.id());
            ending.ended(failure);
            throw failure;
        }
        return new ManagedResultStream(query, result, ending);
    }

    private void retire(ManagedQuery query)
    {
        running.remove(query.id());
        synchronized (finished) {
            finished.addFirst(query);
            while (finished.size() > historySize) {
                finished.removeLast();
            }
        }
    }

    /** The running statements and the latest finished ones, newest first. */
    public List<ManagedQuery> queries()
    {
        List<ManagedQuery> all = new ArrayList<>(running.values());
        all.sort((left, right) -> right.id().compareTo(left.id()));
        synchronized (finished) {
            all.addAll(finished);
        }
        return all;
    }

    public Optional<ManagedQuery> query(String id)
    {
        ManagedQuery query = running.get(id);
        if (query != null) {
            return Optional.of(query);
        }
        synchronized (finished) {
            return finished.stream().filter(done -> done.id().equals(id)).findFirst();
        }
    }

    /** Cancels a running statement; false when there is no such statement or it already ended. */
    public boolean cancel(String id, String reason)
    {
        ManagedQuery query = running.get(id);
        if (query == null || query.state().isDone()) {
            return false;
        }
        query.cancel(reason);
        return true;
    }

    /** How many statements run now. */
    public int runningCount()
    {
        return running.size();
    }

    /**
     * Refuses new statements and cancels the running ones with {@code reason}, then waits up to
     * {@code grace} for them to end.
     */
    public void shutdown(String reason, Duration grace)
    {
        shutdownReason = reason;
        Collection<ManagedQuery> active = List.copyOf(running.values());
        for (ManagedQuery query : active) {
            query.cancel(reason);
        }
        long deadline = System.nanoTime() + grace.toNanos();
        while (!running.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close()
    {
        shutdown("the server is shutting down", Duration.ofSeconds(5));
        timeouts.shutdownNow();
        runner.close();
    }
}
