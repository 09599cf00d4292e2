package io.signo.server.http;

import static java.util.Objects.requireNonNull;

/**
 * Where the HTTP server listens and who may use it.
 *
 * @param bindHost the address to listen on; 127.0.0.1 keeps the server to this machine
 * @param port the port; 0 picks a free one
 * @param advertisedHost how other processes and clients name this one (the address the admin API shows)
 * @param token the bearer token clients must send, or null for none
 * @param limits what one HTTP client may ask of the server
 */
public record ServerOptions(String bindHost, int port, String advertisedHost, String token, HttpLimits limits)
{
    public ServerOptions
    {
        requireNonNull(bindHost, "bindHost is null");
        requireNonNull(advertisedHost, "advertisedHost is null");
        requireNonNull(limits, "limits is null");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
        }
        if (token != null && token.isBlank()) {
            throw new IllegalArgumentException("the token is empty");
        }
    }

    /** With the default limits. */
    public ServerOptions(String bindHost, int port, String advertisedHost, String token)
    {
        this(bindHost, port, advertisedHost, token, HttpLimits.DEFAULT);
    }

    /** On 127.0.0.1, without a token. */
    public static ServerOptions local(int port)
    {
        return new ServerOptions("127.0.0.1", port, "127.0.0.1", null);
    }

    public ServerOptions withToken(String token)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, limits);
    }

    public ServerOptions withLimits(HttpLimits limits)
    {
        return new ServerOptions(bindHost, port, advertisedHost, token, limits);
    }
}
