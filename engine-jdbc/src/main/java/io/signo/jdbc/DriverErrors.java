package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;

import java.sql.SQLException;

/**
 * The JDBC contract for failures: every method of the driver's objects fails with a
 * {@link SQLException}, never an unchecked exception, and with a SQLSTATE where the failure has
 * one. Avatica's client lets some failures of its remote calls through unchecked (opening a
 * connection, fetching rows, metadata, connection properties) and wraps others without a
 * SQLSTATE; the driver's classes pass every failure through {@link #translate}. The constants
 * are the SQLSTATEs the driver sets itself; the server's errors carry their own
 * ({@code docs/errors.md}).
 */
final class DriverErrors
{
    /** The URL or a property is invalid, or the server cannot be reached or is not a Signo server. */
    static final String UNABLE_TO_CONNECT = "08001";
    /** The server went away while answering. */
    static final String CONNECTION_FAILURE = "08006";
    /** The server refused the token (or needs one). */
    static final String INVALID_AUTHORIZATION = "28000";
    /** The server did not answer within the connection's {@code socketTimeout}. */
    static final String TIMEOUT_EXPIRED = "HYT00";
    /** The thread waiting for the server was interrupted. */
    static final String OPERATION_CANCELLED = "HY008";
    /** A prepared statement ran with a parameter that has no value. */
    static final String UNBOUND_PARAMETER = "07001";

    private static final int MAX_CAUSES = 32;

    private DriverErrors() {}

    /** The {@link SQLException} the caller sees for {@code failure}. */
    static SQLException translate(Throwable failure)
    {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof TransportException) {
                return ((TransportException) cause).sqlException();
            }
        }
        if (failure instanceof SQLException) {
            return (SQLException) failure;
        }
        cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof AvaticaClientRuntimeException) {
                // the server's error: its message, SQLSTATE and Signo's error number
                AvaticaClientRuntimeException server = (AvaticaClientRuntimeException) cause;
                return new SQLException(server.getMessage(), server.getSqlState(), server.getErrorCode(), failure);
            }
            if (cause instanceof SQLException) {
                return (SQLException) cause;
            }
        }
        String message = failure.getMessage();
        return new SQLException(message == null ? failure.toString() : message, failure);
    }

    /** Runs {@code call}, translating its failures. */
    static <T> T translating(Call<T> call)
            throws SQLException
    {
        try {
            return call.call();
        }
        catch (SQLException | RuntimeException e) {
            throw translate(e);
        }
    }

    /** Runs {@code action}, translating its failures. */
    static void translating(Action action)
            throws SQLException
    {
        try {
            action.run();
        }
        catch (SQLException | RuntimeException e) {
            throw translate(e);
        }
    }

    interface Call<T>
    {
        T call()
                throws SQLException;
    }

    interface Action
    {
        void run()
                throws SQLException;
    }
}
