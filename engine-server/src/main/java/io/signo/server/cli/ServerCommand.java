package io.signo.server.cli;

import io.signo.server.http.HttpLimits;
import io.signo.server.http.ServerOptions;
import io.signo.server.http.SignoServer;
import io.signo.server.query.ClusterQueryRunner;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.source.DataSource;
import io.signo.storage.source.TpcdsSource;
import io.signo.storage.source.TpchSource;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpch.TpchData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(
        name = "server",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Runs a long-lived coordinator: JDBC at /v1/jdbc, the REST admin API under /v1, Prometheus metrics at /metrics, all on one port; "
                        + "with --pg-port, the PostgreSQL wire protocol on a second one.",
                "Without workers it is a cluster of one; with --workers or --worker-addresses it runs queries across worker processes.",
                "Prints '" + ServerCommand.READY_PREFIX + "http://HOST:PORT' once it serves; on SIGTERM or Ctrl-C it cancels the running queries "
                        + "(they fail with \"" + SignoServer.SHUTDOWN_REASON + "\"), stops serving and stops the workers it started.",
                "--stats has no effect here: GET /v1/queries/{id} shows the exchange counters."})
final class ServerCommand
        implements Callable<Integer>
{
    static final String READY_PREFIX = "Signo server listening on ";
    static final String PG_READY_PREFIX = "PostgreSQL protocol listening on ";
    static final String TOKEN_VARIABLE = "SIGNO_TOKEN";

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", required = true, paramLabel = "P", description = "HTTP port; 0 picks a free one.")
    private int port;

    @Option(names = "--pg-port", paramLabel = "P", description = "Also serve the PostgreSQL wire protocol on this port (psql, psycopg, PostgreSQL's JDBC driver); 0 picks a free one. Off by default. "
            + "With a token, clients give it as their password.")
    private Integer pgPort;

    @Option(names = "--bind", paramLabel = "HOST", description = "Address to listen on (default: ${DEFAULT-VALUE}); 0.0.0.0 for every interface.")
    private String bind = "127.0.0.1";

    @Option(names = "--tpch", paramLabel = "SCALE", description = "Generate TPC-H at this scale factor, e.g. 1. Without it a cluster of one has an empty tpch schema; a cluster needs it.")
    private double scaleFactor;

    @Option(names = "--tpcds", paramLabel = "SCALE", description = "Generate TPC-DS at this scale factor, e.g. 1, and serve it as the schema tpcds (not with --tpch or --db; with --workers each worker generates its share).")
    private double tpcdsScaleFactor;

    @Option(names = "--db", paramLabel = "DIR", description = "Open the database in this directory, creating it when missing; its tables can be created and written. "
            + "Without --db and --tpch the server keeps an empty database in memory.")
    private Path database;

    @Option(names = "--cache-size", paramLabel = "SIZE", description = DatabaseOptions.CACHE_SIZE_DESCRIPTION)
    private String cacheSize;

    /** The parsed --cache-size, null for the default. */
    private Long cacheBytes;

    @Option(names = "--threads", paramLabel = "N", description = "Driver threads (default: the number of processors, ${DEFAULT-VALUE}; at most 4 per processor, or 16).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--coordinator-address", paramLabel = "HOST", description = "The address workers reach this coordinator's exchange transport at, and the one the admin API shows (default: the --bind address, or 127.0.0.1 when that is 0.0.0.0).")
    private String coordinatorAddress;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Require 'Authorization: Bearer <token>' with the token in this file on every path but GET /v1/info. The environment variable " + TOKEN_VARIABLE + " does the same.")
    private Path tokenFile;

    @Option(names = "--jdbc-idle-timeout", paramLabel = "DURATION", description = "Close a JDBC connection, its statements and their queries when its client sent nothing for this long "
            + "(500ms, 90s, 10m, 2h; 0 for never; default: ${DEFAULT-VALUE}). The client's next use of it fails with CONNECTION_EXPIRED.")
    private String jdbcIdleTimeout = "10m";

    @Option(names = "--max-request-size", paramLabel = "SIZE", description = "The largest JDBC request body the server reads, e.g. 16MB (default: 16MB); a larger one is refused with HTTP 413.")
    private String maxRequestSize;

    @Option(names = "--request-read-timeout", paramLabel = "SECONDS", description = "Seconds a client may take to send a request body (default: ${DEFAULT-VALUE}); a slower one is refused with HTTP 408.")
    private int requestReadTimeoutSeconds = (int) HttpLimits.DEFAULT.requestReadTimeout().toSeconds();

    @Option(names = "--max-connections-per-address", paramLabel = "N", description = "Connections one client address may hold open (default: ${DEFAULT-VALUE}); more are closed at once.")
    private int maxConnectionsPerAddress = HttpLimits.DEFAULT.maxConnectionsPerAddress();

    @Mixin
    private ClusterOptions cluster = new ClusterOptions();

    @Override
    public Integer call()
            throws InterruptedException
    {
        OptionChecks.checkThreads(spec, threads);
        cluster.check(spec);
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be between 0 and 65535, not " + port);
        }
        cacheBytes = DatabaseOptions.cacheBytes(spec, cacheSize);
        if (database != null && scaleFactor != 0) {
            throw new ParameterException(spec.commandLine(), "--db and --tpch cannot be combined yet: load TPC-H into the database with signo tpch --db DIR");
        }
        if (cluster.clustered() && scaleFactor == 0 && tpcdsScaleFactor == 0 && database == null) {
            throw new ParameterException(spec.commandLine(), "--tpch, --tpcds or --db is required with --workers or --worker-addresses: the workers generate the data or keep the database's tables");
        }
        if (scaleFactor != 0) {
            OptionChecks.checkScaleFactor(spec, "--tpch", scaleFactor);
        }
        if (tpcdsScaleFactor != 0) {
            OptionChecks.checkScaleFactor(spec, "--tpcds", tpcdsScaleFactor);
            if (scaleFactor != 0 || database != null) {
                throw new ParameterException(spec.commandLine(), "--tpcds serves TPC-DS alone: it goes with neither --tpch nor --db");
            }
            cluster.checkDataFits(spec, "--tpcds", tpcdsScaleFactor, true);
        }
        if (scaleFactor != 0) {
            cluster.checkDataFits(spec, "--tpch", scaleFactor, false);
        }
        String advertisedHost = coordinatorAddress != null ? coordinatorAddress : advertisedHost(bind);
        if (pgPort != null && (pgPort < 0 || pgPort > 65535)) {
            throw new ParameterException(spec.commandLine(), "--pg-port must be between 0 and 65535, not " + pgPort);
        }
        ServerOptions options = new ServerOptions(bind, port, advertisedHost, token(), pgPort == null ? -1 : pgPort,
                OptionChecks.duration(spec, "--jdbc-idle-timeout", jdbcIdleTimeout), httpLimits());

        SignoServer server = SignoServer.start(options, this::createRunner);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "signo-server-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        if (server.pgPort() >= 0) {
            out.println(PG_READY_PREFIX + (bind.contains(":") ? "[" + bind + "]" : bind) + ":" + server.pgPort());
        }
        out.println(READY_PREFIX + server.uri());
        out.flush();
        server.awaitStopped();
        return 0;
    }

    private QueryRunner createRunner(String httpAddress)
    {
        if (!cluster.clustered()) {
            if (tpcdsScaleFactor != 0) {
                Catalog catalog = TpcdsData.generate(tpcdsScaleFactor, threads, MemoryPool.unbounded("tpcds-data"));
                return new LocalQueryRunner(new SignoEngine(catalog, threads), httpAddress);
            }
            if (scaleFactor != 0) {
                Catalog catalog = TpchData.generate(scaleFactor, threads, MemoryPool.unbounded("tpch-data"));
                return new LocalQueryRunner(new SignoEngine(catalog, threads), httpAddress);
            }
            Database opened = DatabaseOptions.open(database, cacheBytes);
            return new LocalQueryRunner(new SignoEngine(opened, threads), httpAddress);
        }
        String transportHost = coordinatorAddress != null ? coordinatorAddress : advertisedHost(bind);
        String workerHeap = cluster.workers > 0 ? LocalEnvironment.workerHeap(cluster.workers) : null;
        if (database != null) {
            return ClusterQueryRunner.startWithDatabase(cluster.workers, cluster.workerAddresses, workerHeap, database, DatabaseOptions.cache(cacheBytes), threads,
                    cluster.exchangeSettings(), transportHost, httpAddress);
        }
        DataSource source = tpcdsScaleFactor != 0 ? new TpcdsSource(tpcdsScaleFactor) : new TpchSource(scaleFactor);
        return ClusterQueryRunner.start(cluster.workers, cluster.workerAddresses, workerHeap, source, threads, cluster.exchangeSettings(), transportHost, httpAddress);
    }

    private HttpLimits httpLimits()
    {
        HttpLimits limits = HttpLimits.DEFAULT;
        try {
            if (maxRequestSize != null) {
                limits = limits.withMaxRequestBodyBytes(io.signo.sql.Session.parseDataSize("--max-request-size", maxRequestSize));
            }
            if (requestReadTimeoutSeconds < 1) {
                throw new IllegalArgumentException("must be at least 1, was " + requestReadTimeoutSeconds);
            }
            limits = limits.withRequestReadTimeout(java.time.Duration.ofSeconds(requestReadTimeoutSeconds)).withMaxConnectionsPerAddress(maxConnectionsPerAddress);
        }
        catch (RuntimeException e) {
            throw new ParameterException(spec.commandLine(), "Invalid HTTP limit: " + e.getMessage());
        }
        return limits;
    }

    /** A wildcard bind address names no host; other processes on this machine reach it at 127.0.0.1. */
    private static String advertisedHost(String bind)
    {
        return bind.equals("0.0.0.0") || bind.equals("::") ? "127.0.0.1" : bind;
    }

    private String token()
    {
        if (tokenFile != null) {
            String token;
            try {
                token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
            }
            catch (NoSuchFileException e) {
                throw new CommandFailedException("token file not found: " + tokenFile, e);
            }
            catch (IOException e) {
                throw new CommandFailedException("cannot read token file " + tokenFile + ": " + e.getMessage(), e);
            }
            if (token.isEmpty()) {
                throw new CommandFailedException("token file is empty: " + tokenFile);
            }
            return token;
        }
        String token = System.getenv(TOKEN_VARIABLE);
        return token == null || token.isBlank() ? null : token.strip();
    }
}
