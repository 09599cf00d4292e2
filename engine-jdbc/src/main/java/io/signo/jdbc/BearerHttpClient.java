package io.signo.jdbc;

import org.apache.calcite.avatica.remote.AvaticaHttpClient;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * Sends Avatica's requests with the JDK's HTTP client and, when the connection has a token, an
 * {@code Authorization: Bearer} header on every request. Avatica's own Apache client sends a
 * bearer token only after a 401 challenge; a server that simply refuses requests without the
 * header needs it up front. Error responses of the JDBC endpoint are returned, not thrown: their
 * body is Avatica's serialized error, which the driver turns into the SQLException the user sees.
 * A request that gets no such answer fails with a {@link TransportException} that says why, with
 * its SQLSTATE.
 */
final class BearerHttpClient
        implements AvaticaHttpClient
{
    /** One HTTP client (and its selector thread) per connect timeout, shared by the connections that use it. */
    private static final Map<Duration, HttpClient> CLIENTS = new ConcurrentHashMap<>();

    private final URI uri;
    private final String server;
    private final String authorization;
    private final Duration connectTimeout;
    private final Duration socketTimeout;
    private final HttpClient client;

    /**
     * @param token the bearer token, or null for none
     * @param connectTimeout how long to wait for a TCP connection; zero waits as long as the system does
     * @param socketTimeout how long to wait for the answer to a request; zero waits without limit
     */
    BearerHttpClient(URI uri, String token, Duration connectTimeout, Duration socketTimeout)
    {
        this.uri = requireNonNull(uri, "uri is null");
        this.server = uri.getHost() + ":" + uri.getPort();
        this.authorization = token == null || token.isBlank() ? null : "Bearer " + token.strip();
        this.connectTimeout = requireNonNull(connectTimeout, "connectTimeout is null");
        this.socketTimeout = requireNonNull(socketTimeout, "socketTimeout is null");
        this.client = CLIENTS.computeIfAbsent(connectTimeout, BearerHttpClient::newClient);
    }

    private static HttpClient newClient(Duration connectTimeout)
    {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
        if (!connectTimeout.isZero()) {
            builder.connectTimeout(connectTimeout);
        }
        return builder.build();
    }

    @Override
    public byte[] send(byte[] request)
    {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request));
        if (!socketTimeout.isZero()) {
            builder.timeout(socketTimeout);
        }
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
        catch (HttpConnectTimeoutException e) {
            throw failure(new SQLNonTransientConnectionException("cannot connect to the Signo server at " + server + ": no connection within the connectTimeout of "
                    + seconds(connectTimeout), DriverErrors.UNABLE_TO_CONNECT, e));
        }
        catch (HttpTimeoutException e) {
            throw failure(new SQLTimeoutException("the Signo server at " + server + " did not answer within the socketTimeout of " + seconds(socketTimeout),
                    DriverErrors.TIMEOUT_EXPIRED, e));
        }
        catch (ConnectException e) {
            throw failure(new SQLNonTransientConnectionException("cannot connect to the Signo server at " + server + " (is it running and listening there?): " + describe(e),
                    DriverErrors.UNABLE_TO_CONNECT, e));
        }
        catch (IOException e) {
            throw failure(new SQLNonTransientConnectionException("the connection to the Signo server at " + server + " failed: " + describe(e), DriverErrors.CONNECTION_FAILURE, e));
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure(new SQLException("interrupted while waiting for the Signo server at " + server, DriverErrors.OPERATION_CANCELLED, e));
        }
        int status = response.statusCode();
        byte[] body = response.body();
        if (status == 401 || status == 403) {
            throw failure(new SQLInvalidAuthorizationSpecException("the Signo server at " + server + " refused the request (HTTP " + status + "): "
                    + (authorization == null ? "it needs a token (property token, or ?token= in the URL)" : "the token is not accepted"), DriverErrors.INVALID_AUTHORIZATION));
        }
        // Avatica answers its own errors with HTTP 500 and a serialized error; anything else is not Avatica talking
        boolean html = response.headers().firstValue("Content-Type").orElse("").startsWith("text/html");
        if (status != 200 && (status != 500 || html || body == null || body.length == 0)) {
            throw failure(new SQLNonTransientConnectionException("no Signo JDBC endpoint at " + uri + ": HTTP " + status, DriverErrors.UNABLE_TO_CONNECT));
        }
        return body;
    }

    private static TransportException failure(SQLException exception)
    {
        return new TransportException(exception);
    }

    private static String seconds(Duration timeout)
    {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }

    /**
     * What went wrong: the first message in the chain of causes, else the innermost cause's name
     * (the JDK's connect failures often have no message of their own, only causes).
     */
    private static String describe(Throwable failure)
    {
        Throwable innermost = failure;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnresolvedAddressException) {
                return "unknown host";
            }
            String message = cause.getMessage();
            if (message != null && !message.isBlank()) {
                return message;
            }
            innermost = cause;
            if (cause.getCause() == cause) {
                break;
            }
        }
        return innermost.getClass().getSimpleName();
    }
}
