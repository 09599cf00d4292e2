package io.signo.server.jdbc;

import io.signo.server.query.QueryManager;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.eclipse.jetty.server.Handler;

import java.time.Duration;

/**
 * The JDBC endpoint of a server: Avatica's remote protocol (protobuf over HTTP POST) answered by
 * {@link SignoMeta} over the server's {@link QueryManager}. The HTTP server mounts its
 * {@link #handler()} at {@code /v1/jdbc}, where {@code jdbc:signo://host:port} connects. It owns
 * the open connections, which expire after the idle timeout; {@link #close()} closes them all.
 */
public final class JdbcEndpoint
        implements AutoCloseable
{
    public static final String PATH = "/v1/jdbc";
    /** How long a connection may stay unused before the server closes it, unless the server is told otherwise. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(10);

    private final JdbcConnections connections;
    private final Handler handler;

    /** @param idleTimeout how long a connection may stay unused before the server closes it; zero for never */
    public JdbcEndpoint(QueryManager queryManager, Duration idleTimeout)
    {
        this.connections = new JdbcConnections(idleTimeout);
        this.handler = new AvaticaProtobufHandler(new LocalService(new SignoMeta(queryManager, connections)));
    }

    public Handler handler()
    {
        return handler;
    }

    public Duration idleTimeout()
    {
        return connections.idleTimeout();
    }

    /** How many JDBC connections are open. */
    public int connectionCount()
    {
        return connections.count();
    }

    /** Closes every connection (cancelling their queries) and stops the idle expiry. */
    @Override
    public void close()
    {
        connections.close();
    }
}
