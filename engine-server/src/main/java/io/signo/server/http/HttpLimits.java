package io.signo.server.http;

import java.time.Duration;

/**
 * What one HTTP client may ask of the server: how big a request may be, how long it may take to send
 * it, how long a connection may stay silent and how many connections one address may hold. Every
 * limit answers a request past it with a JSON error (or, for connections, by closing the new one),
 * so that slow or hostile clients cannot take the server from the others. docs/security.md lists
 * them with their defaults.
 *
 * @param maxRequestBodyBytes the largest JDBC request body; a larger one is refused with 413
 * @param requestReadTimeout how long a client may take to send a request body once its headers arrived; then 408
 * @param idleTimeout how long a connection may stay without any byte in either direction before the server closes it
 * @param maxHeaderBytes the largest request line plus headers; a longer URI is refused with 414, longer headers with 431
 * @param maxConnectionsPerAddress how many connections one client address may hold open; more are closed at once
 * @param maxConnections how many connections the server holds open in all; past it the server stops accepting until some close
 */
public record HttpLimits(long maxRequestBodyBytes, Duration requestReadTimeout, Duration idleTimeout, int maxHeaderBytes, int maxConnectionsPerAddress, int maxConnections)
{
    public static final HttpLimits DEFAULT = new HttpLimits(16L << 20, Duration.ofSeconds(30), Duration.ofSeconds(30), 8 << 10, 500, 2_000);

    public HttpLimits
    {
        if (maxRequestBodyBytes < 1024) {
            throw new IllegalArgumentException("the largest request body must be at least 1024 bytes, not " + maxRequestBodyBytes);
        }
        positive("the request read timeout", requestReadTimeout);
        positive("the idle timeout", idleTimeout);
        if (maxHeaderBytes < 1024 || maxHeaderBytes > (1 << 20)) {
            throw new IllegalArgumentException("the largest request header must be between 1024 bytes and 1 MiB, not " + maxHeaderBytes);
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException("the connections per address must be at least 1, not " + maxConnectionsPerAddress);
        }
        if (maxConnections < maxConnectionsPerAddress) {
            throw new IllegalArgumentException("the connections in all (" + maxConnections + ") must be at least the connections per address (" + maxConnectionsPerAddress + ")");
        }
    }

    private static void positive(String name, Duration duration)
    {
        if (duration == null || !duration.isPositive()) {
            throw new IllegalArgumentException(name + " must be positive, not " + duration);
        }
    }

    public HttpLimits withMaxRequestBodyBytes(long bytes)
    {
        return new HttpLimits(bytes, requestReadTimeout, idleTimeout, maxHeaderBytes, maxConnectionsPerAddress, maxConnections);
    }

    public HttpLimits withRequestReadTimeout(Duration timeout)
    {
        return new HttpLimits(maxRequestBodyBytes, timeout, idleTimeout, maxHeaderBytes, maxConnectionsPerAddress, maxConnections);
    }

    public HttpLimits withMaxConnectionsPerAddress(int connections)
    {
        return new HttpLimits(maxRequestBodyBytes, requestReadTimeout, idleTimeout, maxHeaderBytes, connections, Math.max(connections, maxConnections));
    }
}
