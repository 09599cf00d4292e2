package io.signo.server.jdbc;

import io.signo.sql.Session;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * One JDBC connection on the server: its session (user, SET properties), its statements, and when
 * the client last used it. Requests of the client and the idle expiry of {@link JdbcConnections}
 * meet here: a connection with a request in flight never expires, and an expired one takes no
 * request.
 */
final class JdbcConnection
{
    private final String id;
    private final Session session;
    private final AtomicInteger statementIds = new AtomicInteger();
    private final Map<Integer, JdbcStatement> statements = new ConcurrentHashMap<>();
    private ConnectionPropertiesImpl properties = new ConnectionPropertiesImpl(true, true, java.sql.Connection.TRANSACTION_NONE, null, null);
    /** Guarded by this: requests in flight, the end of the last one ({@link System#nanoTime()}), and whether it expired. */
    private int requestsInFlight;
    private long lastUsedNanos;
    private boolean expired;

    JdbcConnection(String id, Session session, long nowNanos)
    {
        this.id = requireNonNull(id, "id is null");
        this.session = requireNonNull(session, "session is null");
        this.lastUsedNanos = nowNanos;
    }

    String id()
    {
        return id;
    }

    Session session()
    {
        return session;
    }

    /**
     * A request of the client starts; {@link #endRequest} must follow.
     *
     * @return false when the connection expired: the request must not use it
     */
    synchronized boolean beginRequest(long nowNanos)
    {
        if (expired) {
            return false;
        }
        requestsInFlight++;
        lastUsedNanos = nowNanos;
        return true;
    }

    synchronized void endRequest(long nowNanos)
    {
        requestsInFlight--;
        lastUsedNanos = nowNanos;
    }

    /**
     * Marks the connection expired when no request is in flight and the last one ended at least
     * {@code idleNanos} ago; the caller then closes its statements.
     *
     * @return whether it expired now
     */
    synchronized boolean expireIfIdle(long nowNanos, long idleNanos)
    {
        if (expired || requestsInFlight > 0 || nowNanos - lastUsedNanos < idleNanos) {
            return false;
        }
        expired = true;
        return true;
    }

    JdbcStatement createStatement()
    {
        JdbcStatement statement = new JdbcStatement(statementIds.incrementAndGet());
        statements.put(statement.id(), statement);
        return statement;
    }

    JdbcStatement statement(int statementId)
    {
        return statements.get(statementId);
    }

    JdbcStatement removeStatement(int statementId)
    {
        return statements.remove(statementId);
    }

    /** Closes every statement: their queries are cancelled with {@code reason} and their results let go. */
    void closeStatements(String reason)
    {
        for (Integer statementId : statements.keySet()) {
            JdbcStatement statement = statements.remove(statementId);
            if (statement != null) {
                statement.close(reason);
            }
        }
    }

    synchronized ConnectionPropertiesImpl sync(org.apache.calcite.avatica.Meta.ConnectionProperties requested)
    {
        properties = properties.merge(requested).setDirty(false);
        return properties;
    }
}
