package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

import java.sql.SQLException;

/** A statement whose {@link #cancel()} and query timeout reach the server, and whose failures are {@link SQLException}s with SQLSTATEs. */
final class SignoStatement
        extends AvaticaStatement
{
    SignoStatement(AvaticaConnection connection, Meta.StatementHandle handle, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
    {
        super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    protected void executeInternal(String sql)
            throws SQLException
    {
        ServerCancel.withTimeout(connection, () -> handle.id, getQueryTimeout(), () -> {
            super.executeInternal(sql);
            return null;
        });
    }

    /**
     * Cancels the running query on the server. Not synchronized (unlike Avatica's), because the
     * executing thread holds the statement's monitor while it waits for the server; and the
     * client-side cancel flag is left alone, since Avatica never resets it and the statement could
     * not run again.
     */
    @Override
    public void cancel()
            throws SQLException
    {
        checkOpen();
        ServerCancel.cancel(connection, handle.id);
    }

    @Override
    public synchronized void close()
            throws SQLException
    {
        DriverErrors.translating(super::close);
    }

    @Override
    public long[] executeLargeBatch()
            throws SQLException
    {
        return DriverErrors.translating(super::executeLargeBatch);
    }
}
