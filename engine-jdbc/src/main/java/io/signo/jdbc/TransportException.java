package io.signo.jdbc;

import java.sql.SQLException;

import static java.util.Objects.requireNonNull;

/**
 * A request that did not reach the server or got no answer from it (refused, unreachable, timed
 * out, not authorized). Avatica's client only lets unchecked exceptions through its service, so
 * the driver's HTTP client throws this one, which carries the {@link SQLException} (with its
 * SQLSTATE) that {@link DriverErrors#translate} hands to the caller wherever it surfaces.
 */
final class TransportException
        extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final SQLException sqlException;

    TransportException(SQLException sqlException)
    {
        super(sqlException.getMessage(), sqlException);
        this.sqlException = requireNonNull(sqlException, "sqlException is null");
    }

    SQLException sqlException()
    {
        return sqlException;
    }
}
