package io.signo.server.pg;

import static java.util.Objects.requireNonNull;

/**
 * An error of the PostgreSQL protocol itself rather than of a statement: a malformed message, a
 * prepared statement or portal that does not exist, a wrong password. It carries the SQLSTATE the
 * client receives (one of {@link SqlStates}' protocol codes) and whether the connection ends with it
 * (FATAL) or goes on (ERROR). Errors of statements are Signo's own {@code SignoException}s.
 */
final class PgException
        extends RuntimeException
{
    private final String sqlState;
    private final boolean fatal;

    PgException(String sqlState, String message)
    {
        this(sqlState, message, false);
    }

    PgException(String sqlState, String message, boolean fatal)
    {
        super(requireNonNull(message, "message is null"));
        this.sqlState = requireNonNull(sqlState, "sqlState is null");
        this.fatal = fatal;
    }

    /** A malformed, truncated or unexpected message: the connection cannot be trusted to stay in step and ends. */
    static PgException protocolViolation(String message)
    {
        return new PgException(SqlStates.PROTOCOL_VIOLATION, message, true);
    }

    String sqlState()
    {
        return sqlState;
    }

    boolean fatal()
    {
        return fatal;
    }
}
