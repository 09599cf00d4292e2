package io.signo.server.http;

import io.signo.server.jdbc.JdbcEndpoint;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * Where the HTTP server listens and who may use it.
 *
 * @param bindHost the address to listen on; 127.0.0.1 keeps the server to this machine
 * @param port the port; 0 picks a free one
 * @param advertisedHost how other processes and clients name this one (the address the admin API shows)
 * @param token the bearer token clients must send, or null for none (PostgreSQL clients send it as their password)
 * @param pgPort the port of the PostgreSQL wire protocol, 0 for a free one, or -1 for none
 * @param jdbcIdleTimeout how long a JDBC connection may stay unused before the server closes it; zero for never
 * @param limits what one HTTP client may ask of the server
 */
public record ServerOptions(String bindHost, int port, String advertisedHost, String token, int pgPort, Duration jdbcIdleTimeout, HttpLimits limits)
{
    public ServerOptions
    {
        requireNonNull(bindHost, "bindHost is null");
        requireNonNull(advertisedHost, "advertisedHost is null");
        requireNonNull(jdbcIdleTimeout, "jdbcIdleTimeout is null");
        requireNonNull(limits, "limits is null");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
        }
        if (pgPort < -1 || pgPort > 65535) {
            throw new IllegalArgumentException("the PostgreSQL port must be between 0 and 65535, not " + pgPort);
        }
        if (jdbcIdleTimeout.isNegative()) {
            throw new IllegalArgumentException("the JDBC idle timeout must not be negative: " + jdbcIdleTimeout);
        }
        if (token != null && token.isBlank()) {
            throw new IllegalArgumentException("the token is empty");
        }
    }

    /** Without the PostgreSQL protocol, with the default idle timeout and limits. */
    public ServerOptions(String bindHost, int port, String advertisedHost, String token)
    {
        this(bindHost, port, advertisedHost, token, -1, JdbcEndpoint.DEFAULT_IDLE_TIMEOUT, HttpLimits.DEFAULT);
    }

    /** On 127.0.0.1, without a token. */
    public static ServerOptions local(int port)
    {
        return new ServerOptions("127.0.0.1", port, "127.0.0.1", null);
    }

    public ServerOptions withToken(String token)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, pgPort, jdbcIdleTimeout, limits);
    }

    /** The same, serving the PostgreSQL wire protocol on {@code pgPort} too (0 picks a free port). */
    public ServerOptions withPgPort(int pgPort)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, pgPort, jdbcIdleTimeout, limits);
    }

    public ServerOptions withJdbcIdleTimeout(Duration jdbcIdleTimeout)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, pgPort, jdbcIdleTimeout, limits);
    }

    public ServerOptions withLimits(HttpLimits limits)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, pgPort, jdbcIdleTimeout, limits);
    }
}
