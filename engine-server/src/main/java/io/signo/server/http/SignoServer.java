package io.signo.server.http;

import io.signo.server.jdbc.JdbcEndpoint;
import io.signo.server.pg.PgServer;
import io.signo.server.query.QueryManager;
import io.signo.server.query.QueryRunner;
import org.eclipse.jetty.server.ConnectionLimit;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.HandlerList;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * A coordinator's HTTP face on one port: the JDBC endpoint at {@code /v1/jdbc}, the REST admin API
 * under {@code /v1}, Prometheus metrics at {@code /metrics}, the web console at {@code /ui}, all behind the bearer token when one is
 * set, within the {@link HttpLimits} of the options; and, when asked for, the PostgreSQL wire protocol on a port of its own ({@link PgServer}),
 * whose statements run through the same {@link QueryManager}. It owns the {@link QueryManager} and
 * the {@link QueryRunner} under it, and {@link #close()} takes them down in order: refuse and cancel
 * statements, stop HTTP and the PostgreSQL listener, close the JDBC connections, then stop the runner (and the workers it
 * started). Every wait on the way is bounded.
 */
public final class SignoServer
        implements AutoCloseable
{
    public static final String SHUTDOWN_REASON = "the server is shutting down";
    private static final Duration QUERY_GRACE = Duration.ofSeconds(5);
    private static final long HTTP_STOP_MILLIS = 3_000;
    private static final int HISTORY_SIZE = 200;

    private final Server jetty;
    private final String bindHost;
    private final int port;
    private final QueryManager queryManager;
    private final JdbcEndpoint jdbc;
    private final QueryMetrics metrics;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile PgServer pgServer;
    private volatile ServerState state = ServerState.ACTIVE;
    private boolean closed;

    private SignoServer(Server jetty, String bindHost, int port, QueryManager queryManager, JdbcEndpoint jdbc, QueryMetrics metrics)
    {
        this.jetty = jetty;
        this.bindHost = bindHost;
        this.port = port;
        this.queryManager = queryManager;
        this.jdbc = jdbc;
        this.metrics = metrics;
    }

    /**
     * Binds the port, then builds the runner with {@code runnerFactory} (which gets this server's
     * {@code host:port} as others reach it, and may take long: it loads the data), then serves.
     */
    public static SignoServer start(ServerOptions options, Function<String, QueryRunner> runnerFactory)
    {
        requireNonNull(options, "options is null");
        requireNonNull(runnerFactory, "runnerFactory is null");
        QueuedThreadPool threads = new QueuedThreadPool(200, 4);
        threads.setName("signo-http");
        Server jetty = new Server(threads);
        HttpLimits limits = options.limits();
        HttpConfiguration http = new HttpConfiguration();
        // a longer request line is a 414, longer headers a 431 (JSON, from JsonErrorHandler)
        http.setRequestHeaderSize(limits.maxHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        // handlers see a request once its headers arrived: the token and the body's declared size are checked
        // before any body byte is read, and the JDBC body is then read without holding a thread (JdbcRequestHandler)
        http.setDelayDispatchUntilContent(false);
        ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
        connector.setHost(options.bindHost());
        connector.setPort(options.port());
        connector.setIdleTimeout(limits.idleTimeout().toMillis());
        connector.addBean(new AddressConnectionLimit(limits.maxConnectionsPerAddress()));
        jetty.addConnector(connector);
        jetty.addBean(new ConnectionLimit(limits.maxConnections(), jetty));
        jetty.setStopTimeout(HTTP_STOP_MILLIS);
        jetty.setStopAtShutdown(false);
        jetty.setErrorHandler(new JsonErrorHandler());
        try {
            // bind first, so that the runner learns the real port when it was 0
            connector.open();
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + options.bindHost() + ":" + options.port() + ": " + e.getMessage(), e);
        }
        int port = connector.getLocalPort();

        QueryRunner runner;
        try {
            runner = runnerFactory.apply(options.advertisedHost() + ":" + port);
        }
        catch (RuntimeException | Error e) {
            connector.close();
            throw e;
        }
        QueryMetrics metrics = null;
        QueryManager queryManager = null;
        JdbcEndpoint jdbc = null;
        try {
            metrics = new QueryMetrics(runner::catalog, runner.blockCache());
            queryManager = new QueryManager(runner, metrics, HISTORY_SIZE);
            jdbc = new JdbcEndpoint(queryManager, options.jdbcIdleTimeout());
            SignoServer server = new SignoServer(jetty, options.bindHost(), port, queryManager, jdbc, metrics);
            Handler routes = new HandlerList(
                    new PathPrefixHandler(JdbcEndpoint.PATH, new JdbcRequestHandler(jdbc.handler(), limits)),
                    new ConsoleHandler(),
                    new ApiHandler(queryManager, jdbc, metrics, server::state));
            if (options.token() != null) {
                BearerTokenHandler authentication = new BearerTokenHandler(options.token());
                authentication.setHandler(routes);
                routes = authentication;
            }
            jetty.setHandler(routes);
            jetty.start();
            if (options.pgPort() >= 0) {
                try {
                    server.pgServer = PgServer.start(options.bindHost(), options.pgPort(), queryManager, options.token());
                }
                catch (RuntimeException e) {
                    throw new IllegalStateException("cannot listen for PostgreSQL clients on " + options.bindHost() + ":" + options.pgPort() + ": " + e.getMessage(), e);
                }
            }
            return server;
        }
        catch (Exception e) {
            try {
                jetty.stop();
            }
            catch (Exception stopFailure) {
                e.addSuppressed(stopFailure);
            }
            if (jdbc != null) {
                jdbc.close();
            }
            if (queryManager != null) {
                queryManager.close();
            }
            else {
                runner.close();
            }
            if (metrics != null) {
                metrics.close();
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException("cannot start the HTTP server: " + e.getMessage(), e);
        }
    }

    /** {@code http://HOST:PORT} with the address it listens on. */
    public URI uri()
    {
        return URI.create("http://" + (bindHost.contains(":") ? "[" + bindHost + "]" : bindHost) + ":" + port);
    }

    public int port()
    {
        return port;
    }

    /** The port of the PostgreSQL wire protocol, or -1 when the server does not serve it. */
    public int pgPort()
    {
        PgServer pg = pgServer;
        return pg == null ? -1 : pg.port();
    }

    public QueryManager queryManager()
    {
        return queryManager;
    }

    public ServerState state()
    {
        return state;
    }

    /** Blocks until {@link #close()} finished. */
    public void awaitStopped()
            throws InterruptedException
    {
        stopped.await();
    }

    /**
     * Cancels the running statements (they fail with "the server is shutting down") and refuses new
     * ones, waits a few seconds for them to end, stops HTTP, closes the JDBC connections, then closes the runner. Safe to call
     * twice and from a shutdown hook.
     */
    @Override
    public void close()
    {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        state = ServerState.SHUTTING_DOWN;
        try {
            queryManager.shutdown(SHUTDOWN_REASON, QUERY_GRACE);
            try {
                jetty.stop();
            }
            catch (Exception e) {
                // stopping is best effort: the runner and its workers must stop regardless
            }
            PgServer pg = pgServer;
            if (pg != null) {
                pg.close();
            }
            jdbc.close();
            queryManager.close();
            metrics.close();
        }
        finally {
            stopped.countDown();
        }
    }
}
