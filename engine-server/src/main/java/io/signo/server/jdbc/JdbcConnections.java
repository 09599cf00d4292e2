package io.signo.server.jdbc;

import io.signo.sql.Session;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.avatica.NoSuchConnectionException;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * The open JDBC connections of a server, and their expiry: a connection whose client sent no
 * request for the idle timeout (and has none in flight) is closed by the server, its statements
 * with it: their running queries are cancelled, their results and the pages and memory these hold
 * let go. A client that abandons connections (a crashed tool, a pool that never closes them) so
 * cannot make the server hold their resources for ever. The server remembers the ids of the
 * latest expired connections, so that a client that comes back with one learns that it expired
 * ({@link ErrorCode#CONNECTION_EXPIRED}) rather than that it never existed. A thread of its own
 * looks for idle connections a few times per timeout, at least every 30 s.
 */
final class JdbcConnections
        implements AutoCloseable
{
    /** Ids of expired connections kept to name them in the error, the oldest forgotten first. */
    private static final int REMEMBERED_EXPIRED = 10_000;
    private static final long MIN_CHECK_MILLIS = 50;
    private static final long MAX_CHECK_MILLIS = 30_000;

    private final Duration idleTimeout;
    private final Map<String, JdbcConnection> open = new ConcurrentHashMap<>();
    private final Set<String> expired = Collections.newSetFromMap(Collections.synchronizedMap(new LinkedHashMap<>()
    {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest)
        {
            return size() > REMEMBERED_EXPIRED;
        }
    }));
    private final ScheduledExecutorService expiry;

    /** @param idleTimeout how long a connection may stay unused; zero keeps connections until their clients close them */
    JdbcConnections(Duration idleTimeout)
    {
        this.idleTimeout = requireNonNull(idleTimeout, "idleTimeout is null");
        if (idleTimeout.isNegative()) {
            throw new IllegalArgumentException("the JDBC idle timeout must not be negative: " + idleTimeout);
        }
        if (idleTimeout.isZero()) {
            expiry = null;
            return;
        }
        expiry = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "signo-jdbc-idle-expiry");
            thread.setDaemon(true);
            return thread;
        });
        long checkMillis = Math.clamp(idleTimeout.toMillis() / 4, MIN_CHECK_MILLIS, MAX_CHECK_MILLIS);
        expiry.scheduleWithFixedDelay(this::expireIdle, checkMillis, checkMillis, TimeUnit.MILLISECONDS);
    }

    Duration idleTimeout()
    {
        return idleTimeout;
    }

    /** How many connections are open. */
    int count()
    {
        return open.size();
    }

    void open(String connectionId, Session session)
    {
        requireId(connectionId);
        open.putIfAbsent(connectionId, new JdbcConnection(connectionId, session, System.nanoTime()));
    }

    /**
     * The connection for a request that starts now; the caller ends it with
     * {@link JdbcConnection#endRequest} (which counts as a use too). While it runs, the connection
     * does not expire.
     *
     * @throws NoSuchConnectionException when the server never had it (or forgot it expired)
     * @throws org.apache.calcite.avatica.remote.AvaticaRuntimeException with {@link ErrorCode#CONNECTION_EXPIRED} when it expired
     */
    JdbcConnection beginRequest(String connectionId)
    {
        requireId(connectionId);
        JdbcConnection connection = open.get(connectionId);
        if (connection == null) {
            if (expired.contains(connectionId)) {
                throw expiredError(connectionId);
            }
            throw new NoSuchConnectionException(connectionId);
        }
        if (!connection.beginRequest(System.nanoTime())) {
            throw expiredError(connectionId);
        }
        return connection;
    }

    /** The connection for a short request: {@link #beginRequest} and its end at once. */
    JdbcConnection use(String connectionId)
    {
        JdbcConnection connection = beginRequest(connectionId);
        connection.endRequest(System.nanoTime());
        return connection;
    }

    /** The open connection for a short request, or null when it is closed or expired. */
    JdbcConnection useIfOpen(String connectionId)
    {
        JdbcConnection connection = connectionId == null ? null : open.get(connectionId);
        if (connection == null || !connection.beginRequest(System.nanoTime())) {
            return null;
        }
        connection.endRequest(System.nanoTime());
        return connection;
    }

    /** The client closed the connection; null when it was not open (it may have expired). */
    JdbcConnection close(String connectionId)
    {
        requireId(connectionId);
        expired.remove(connectionId);
        return open.remove(connectionId);
    }

    /** Closes the connections that stayed idle for the timeout. */
    void expireIdle()
    {
        long now = System.nanoTime();
        long idleNanos = idleTimeout.toNanos();
        for (JdbcConnection connection : open.values()) {
            if (connection.expireIfIdle(now, idleNanos)) {
                expired.add(connection.id());
                open.remove(connection.id(), connection);
                connection.closeStatements("the connection expired: it was idle for longer than the server's JDBC idle timeout of " + text(idleTimeout));
            }
        }
    }

    /** A request without a connection id (a client's bug, or a mangled request) is the client's error, not the server's. */
    private static void requireId(String connectionId)
    {
        if (connectionId == null) {
            throw JdbcErrors.toClient(new SignoException(ErrorCode.INVALID_ARGUMENT, "the JDBC request names no connection (its connection id is missing)"));
        }
    }

    private RuntimeException expiredError(String connectionId)
    {
        return JdbcErrors.toClient(new SignoException(ErrorCode.CONNECTION_EXPIRED, "connection " + connectionId
                + " expired: it was idle for longer than the server's JDBC idle timeout of " + text(idleTimeout)
                + ", so the server closed it and its statements; open a new connection"));
    }

    /** 10 min, 90 s, 500 ms. */
    static String text(Duration duration)
    {
        long millis = duration.toMillis();
        if (millis % 60_000 == 0) {
            return millis / 60_000 + " min";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /** Stops the expiry and closes every connection's statements. */
    @Override
    public void close()
    {
        if (expiry != null) {
            expiry.shutdownNow();
        }
        for (String connectionId : open.keySet()) {
            JdbcConnection connection = open.remove(connectionId);
            if (connection != null) {
                connection.closeStatements("the server is shutting down");
            }
        }
    }
}
