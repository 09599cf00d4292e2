package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;

import java.io.InputStream;
import java.io.Reader;
import java.sql.NClob;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;

/**
 * A prepared statement whose {@link #cancel()} and query timeout reach the server, which refuses
 * to run with a parameter left unbound, and whose failures are {@link SQLException}s with
 * SQLSTATEs. The server
 * substitutes the bound parameters into the SQL as literals (see the server's documentation); the
 * JDBC 4 setters that Avatica leaves abstract delegate to its parameter sites as Avatica's own
 * statement does.
 */
final class SignoPreparedStatement
        extends AvaticaPreparedStatement
{
    SignoPreparedStatement(AvaticaConnection connection, Meta.StatementHandle handle, Meta.Signature signature,
            int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException
    {
        super(connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public ResultSet executeQuery()
            throws SQLException
    {
        checkParametersBound();
        return ServerCancel.withTimeout(connection, () -> handle.id, getQueryTimeout(), super::executeQuery);
    }

    @Override
    public boolean execute()
            throws SQLException
    {
        checkParametersBound();
        return ServerCancel.withTimeout(connection, () -> handle.id, getQueryTimeout(), super::execute);
    }

    @Override
    public long executeLargeUpdate()
            throws SQLException
    {
        checkParametersBound();
        return ServerCancel.withTimeout(connection, () -> handle.id, getQueryTimeout(), super::executeLargeUpdate);
    }

    /**
     * A parameter without a value is an error, as JDBC has it: NULL is bound with {@code setNull}.
     * Avatica would send it as NULL.
     */
    private void checkParametersBound()
            throws SQLException
    {
        checkOpen();
        for (int parameter = 0; parameter < slots.length; parameter++) {
            if (slots[parameter] == null) {
                throw new SQLException("parameter " + (parameter + 1) + " of " + slots.length + " has no value: bind one with a setter (setNull for NULL) before executing",
                        DriverErrors.UNBOUND_PARAMETER);
            }
        }
    }

    @Override
    public long[] executeLargeBatch()
            throws SQLException
    {
        return DriverErrors.translating(super::executeLargeBatch);
    }

    @Override
    public synchronized void close()
            throws SQLException
    {
        DriverErrors.translating(super::close);
    }

    /** See {@link SignoStatement#cancel()}. */
    @Override
    public void cancel()
            throws SQLException
    {
        checkOpen();
        ServerCancel.cancel(connection, handle.id);
    }

    @Override
    public void setRowId(int parameterIndex, RowId x)
            throws SQLException
    {
        getSite(parameterIndex).setRowId(x);
    }

    @Override
    public void setNString(int parameterIndex, String value)
            throws SQLException
    {
        getSite(parameterIndex).setNString(value);
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value, long length)
            throws SQLException
    {
        getSite(parameterIndex).setNCharacterStream(value, length);
    }

    @Override
    public void setNClob(int parameterIndex, NClob value)
            throws SQLException
    {
        getSite(parameterIndex).setNClob(value);
    }

    @Override
    public void setClob(int parameterIndex, Reader reader, long length)
            throws SQLException
    {
        getSite(parameterIndex).setClob(reader, length);
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream, long length)
            throws SQLException
    {
        getSite(parameterIndex).setBlob(inputStream, length);
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader, long length)
            throws SQLException
    {
        getSite(parameterIndex).setNClob(reader, length);
    }

    @Override
    public void setSQLXML(int parameterIndex, SQLXML xmlObject)
            throws SQLException
    {
        getSite(parameterIndex).setSQLXML(xmlObject);
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, long length)
            throws SQLException
    {
        getSite(parameterIndex).setAsciiStream(x, length);
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, long length)
            throws SQLException
    {
        getSite(parameterIndex).setBinaryStream(x, length);
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, long length)
            throws SQLException
    {
        getSite(parameterIndex).setCharacterStream(reader, length);
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x)
            throws SQLException
    {
        getSite(parameterIndex).setAsciiStream(x);
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x)
            throws SQLException
    {
        getSite(parameterIndex).setBinaryStream(x);
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader)
            throws SQLException
    {
        getSite(parameterIndex).setCharacterStream(reader);
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value)
            throws SQLException
    {
        getSite(parameterIndex).setNCharacterStream(value);
    }

    @Override
    public void setClob(int parameterIndex, Reader reader)
            throws SQLException
    {
        getSite(parameterIndex).setClob(reader);
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream)
            throws SQLException
    {
        getSite(parameterIndex).setBlob(inputStream);
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader)
            throws SQLException
    {
        getSite(parameterIndex).setNClob(reader);
    }
}
