package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.UnregisteredDriver;
import org.apache.calcite.avatica.remote.Service;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A connection whose methods that ask the server fail with {@link SQLException}s (Avatica lets
 * their failures through unchecked), and whose {@link #isValid(int)} asks the server: a connection
 * the server let expire, or a server that went away, is not valid.
 */
final class SignoConnection
        extends AvaticaConnection
{
    /** Runs the validation request of {@link #isValid(int)} so that the caller waits at most its timeout. */
    private static final ExecutorService VALIDATION = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "signo-jdbc-validation");
        thread.setDaemon(true);
        return thread;
    });

    SignoConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info)
    {
        super(driver, factory, url, info);
    }

    @Override
    public AvaticaStatement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException
    {
        return DriverErrors.translating(() -> super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException
    {
        checkOpen();
        // not Avatica's, whose SQLException has the SQL for its message instead of the server's
        return DriverErrors.translating(() -> {
            Meta.StatementHandle prepared = meta.prepare(handle, sql, -1);
            return factory.newPreparedStatement(this, prepared, prepared.signature, resultSetType, resultSetConcurrency, resultSetHoldability);
        });
    }

    @Override
    public void close()
            throws SQLException
    {
        DriverErrors.translating(super::close);
    }

    /**
     * Asks the server whether it still knows this connection, waiting at most {@code timeout}
     * seconds (0 for no limit) for its answer.
     */
    @Override
    public boolean isValid(int timeout)
            throws SQLException
    {
        if (timeout < 0) {
            throw new SQLException("the timeout of isValid must not be negative: " + timeout);
        }
        if (isClosed()) {
            return false;
        }
        CompletableFuture<Boolean> answer = CompletableFuture.supplyAsync(() -> {
            try {
                // straight to the service: Avatica's connectionSync answers from its cache when it can
                getService().apply(new Service.ConnectionSyncRequest(handle.id, new ConnectionPropertiesImpl()));
                return true;
            }
            catch (RuntimeException e) {
                return false;
            }
        }, VALIDATION);
        try {
            return timeout == 0 ? answer.get() : answer.get(timeout, TimeUnit.SECONDS);
        }
        catch (TimeoutException | ExecutionException e) {
            return false;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void setAutoCommit(boolean autoCommit)
            throws SQLException
    {
        DriverErrors.translating(() -> super.setAutoCommit(autoCommit));
    }

    @Override
    public boolean getAutoCommit()
            throws SQLException
    {
        return DriverErrors.translating(super::getAutoCommit);
    }

    @Override
    public void commit()
            throws SQLException
    {
        DriverErrors.translating(super::commit);
    }

    @Override
    public void rollback()
            throws SQLException
    {
        DriverErrors.translating(() -> super.rollback());
    }

    @Override
    public void setReadOnly(boolean readOnly)
            throws SQLException
    {
        DriverErrors.translating(() -> super.setReadOnly(readOnly));
    }

    @Override
    public boolean isReadOnly()
            throws SQLException
    {
        return DriverErrors.translating(super::isReadOnly);
    }

    @Override
    public void setCatalog(String catalog)
            throws SQLException
    {
        DriverErrors.translating(() -> super.setCatalog(catalog));
    }

    @Override
    public String getCatalog()
            throws SQLException
    {
        return DriverErrors.translating(super::getCatalog);
    }

    @Override
    public void setTransactionIsolation(int level)
            throws SQLException
    {
        DriverErrors.translating(() -> super.setTransactionIsolation(level));
    }

    @Override
    public int getTransactionIsolation()
            throws SQLException
    {
        return DriverErrors.translating(super::getTransactionIsolation);
    }

    @Override
    public void setSchema(String schema)
            throws SQLException
    {
        DriverErrors.translating(() -> super.setSchema(schema));
    }

    @Override
    public String getSchema()
            throws SQLException
    {
        return DriverErrors.translating(super::getSchema);
    }
}
