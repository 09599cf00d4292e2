package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * Cancels a statement on the server and runs statements under a query timeout. Avatica's protocol
 * has no cancel request (its {@code Statement.cancel()} only sets a flag in the client), so the
 * driver sends {@code CANCEL STATEMENT <id>} on a second statement of the same connection; the
 * server cancels that connection's running query, which then fails with "Query was cancelled".
 * A query timeout is a timer in the client that does the same.
 */
final class ServerCancel
{
    /** The command the server understands; only statements of the same connection can be cancelled. */
    static final String COMMAND = "CANCEL STATEMENT ";
    /** The SQLSTATE of a cancelled query, which a query timeout is. */
    private static final String QUERY_CANCELLED = "57014";

    private static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "signo-jdbc-query-timeout");
        thread.setDaemon(true);
        return thread;
    });

    private ServerCancel() {}

    /** Asks the server to cancel the statement with this id, if it is running. */
    static void cancel(AvaticaConnection connection, int statementId)
            throws SQLException
    {
        if (connection.isClosed()) {
            return;
        }
        try (Statement cancel = connection.createStatement()) {
            cancel.execute(COMMAND + statementId);
        }
    }

    /**
     * Runs one execution of {@code statement}; when it takes longer than {@code timeoutSeconds} (if
     * positive), cancels it. Its failures come out as {@link DriverErrors#translate} makes them.
     * When the server did not answer within the connection's socket timeout, the query it may
     * still run is cancelled too: nobody waits for its rows.
     */
    static <T> T withTimeout(AvaticaConnection connection, IntSupplier statementId, int timeoutSeconds, Execution<T> execution)
            throws SQLException
    {
        AtomicBoolean fired = new AtomicBoolean();
        ScheduledFuture<?> timer = null;
        if (timeoutSeconds > 0) {
            timer = TIMERS.schedule(() -> {
                fired.set(true);
                cancelQuietly(connection, statementId.getAsInt());
            }, timeoutSeconds, TimeUnit.SECONDS);
        }
        try {
            return execution.run();
        }
        catch (SQLException | RuntimeException e) {
            if (fired.get()) {
                throw new SQLTimeoutException("Query exceeded its timeout of " + timeoutSeconds + " s and was cancelled: " + e.getMessage(), QUERY_CANCELLED, e);
            }
            SQLException failure = DriverErrors.translate(e);
            if (DriverErrors.TIMEOUT_EXPIRED.equals(failure.getSQLState())) {
                cancelQuietly(connection, statementId.getAsInt());
            }
            throw failure;
        }
        finally {
            if (timer != null) {
                timer.cancel(false);
            }
        }
    }

    private static void cancelQuietly(AvaticaConnection connection, int statementId)
    {
        try {
            cancel(connection, statementId);
        }
        catch (SQLException | RuntimeException ignored) {
            // the statement ends by itself, or with its connection; the caller learns of the failure that matters
        }
    }

    interface Execution<T>
    {
        T run()
                throws SQLException;
    }
}
