package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaResultSetMetaData;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;

/**
 * Creates Avatica's JDBC objects as Signo's, which add what Avatica's remote protocol lacks:
 * {@code Statement.cancel()} reaching the server, query timeouts, a check for unbound parameters,
 * and {@link SQLException}s with SQLSTATEs for every failure (see {@link DriverErrors}).
 */
public final class SignoJdbcFactory
        implements AvaticaFactory
{
    /** Avatica instantiates the factory by class name. */
    public SignoJdbcFactory()
    {
    }

    @Override
    public int getJdbcMajorVersion()
    {
        return 4;
    }

    @Override
    public int getJdbcMinorVersion()
    {
        return 1;
    }

    @Override
    public AvaticaConnection newConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info)
    {
        return new SignoConnection(driver, factory, url, info);
    }

    @Override
    public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle handle, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException
    {
        // without a handle the statement is created on the server: a remote call that may fail
        return DriverErrors.translating(() -> new SignoStatement(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle handle, Meta.Signature signature,
            int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException
    {
        return new SignoPreparedStatement(connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaResultSet newResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature, TimeZone timeZone, Meta.Frame firstFrame)
            throws SQLException
    {
        return new SignoResultSet(statement, state, signature, newResultSetMetaData(statement, signature), timeZone, firstFrame);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection)
    {
        return SignoDatabaseMetaData.create(connection);
    }

    @Override
    public AvaticaResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature)
    {
        return new AvaticaResultSetMetaData(statement, null, signature);
    }
}
