package io.signo.server.jdbc;

import io.signo.sql.Session;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/** One JDBC connection on the server: its session (user, SET properties) and its statements. */
final class JdbcConnection
{
    private final String id;
    private final Session session;
    private final AtomicInteger statementIds = new AtomicInteger();
    private final Map<Integer, JdbcStatement> statements = new ConcurrentHashMap<>();
    private ConnectionPropertiesImpl properties = new ConnectionPropertiesImpl(true, true, java.sql.Connection.TRANSACTION_NONE, null, null);

    JdbcConnection(String id, Session session)
    {
        this.id = requireNonNull(id, "id is null");
        this.session = requireNonNull(session, "session is null");
    }

    String id()
    {
        return id;
    }

    Session session()
    {
        return session;
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

    Iterable<JdbcStatement> statements()
    {
        return statements.values();
    }

    synchronized ConnectionPropertiesImpl sync(org.apache.calcite.avatica.Meta.ConnectionProperties requested)
    {
        properties = properties.merge(requested).setDirty(false);
        return properties;
    }
}
