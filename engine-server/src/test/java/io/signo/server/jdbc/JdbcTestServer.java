package io.signo.server.jdbc;

import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryManager;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A JDBC endpoint on 127.0.0.1 over a local query runner, as the HTTP server mounts it. */
final class JdbcTestServer
        implements AutoCloseable
{
    private final QueryManager queryManager;
    private final JdbcEndpoint endpoint;
    private final Server server;
    private final int port;

    JdbcTestServer(Catalog catalog, int threads)
            throws Exception
    {
        this(new SignoEngine(catalog, threads));
    }

    JdbcTestServer(SignoEngine engine)
            throws Exception
    {
        this(engine, JdbcEndpoint.DEFAULT_IDLE_TIMEOUT);
    }

    JdbcTestServer(SignoEngine engine, Duration idleTimeout)
            throws Exception
    {
        queryManager = new QueryManager(new LocalQueryRunner(engine, "127.0.0.1"), QueryEventListener.NONE, 100);
        endpoint = new JdbcEndpoint(queryManager, idleTimeout);
        server = new Server(new InetSocketAddress("127.0.0.1", 0));
        ContextHandler context = new ContextHandler(JdbcEndpoint.PATH);
        context.setHandler(endpoint.handler());
        server.setHandler(context);
        server.start();
        port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    QueryManager queryManager()
    {
        return queryManager;
    }

    JdbcEndpoint endpoint()
    {
        return endpoint;
    }

    String address()
    {
        return "127.0.0.1:" + port;
    }

    String url()
    {
        return "jdbc:signo://" + address();
    }

    /** The self-contained driver jar: the one on this class path, or the module's build output. */
    static Path driverJar()
            throws Exception
    {
        Path location = Path.of(io.signo.jdbc.SignoDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (location.toString().endsWith(".jar") && !location.getFileName().toString().startsWith("original-")) {
            return location;
        }
        Path built = Path.of("..", "engine-jdbc", "target", "signo-jdbc.jar").toAbsolutePath().normalize();
        if (!Files.exists(built)) {
            throw new IllegalStateException("build the driver jar first: ./mvnw install -pl engine-jdbc (" + built + " is missing)");
        }
        return built;
    }

    static Path javaBinary()
    {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    @Override
    public void close()
            throws Exception
    {
        server.stop();
        endpoint.close();
        queryManager.close();
    }
}
