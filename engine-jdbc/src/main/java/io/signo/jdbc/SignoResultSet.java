package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.TimeZone;

/**
 * A result whose {@link #next()} fails with a {@link SQLException} when fetching the next frame of
 * rows fails (the query failed or was cancelled, the server is gone, the connection expired):
 * Avatica lets such failures through unchecked.
 */
final class SignoResultSet
        extends AvaticaResultSet
{
    SignoResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature, ResultSetMetaData resultSetMetaData, TimeZone timeZone, Meta.Frame firstFrame)
            throws SQLException
    {
        super(statement, state, signature, resultSetMetaData, timeZone, firstFrame);
    }

    @Override
    public boolean next()
            throws SQLException
    {
        return DriverErrors.translating(super::next);
    }
}
