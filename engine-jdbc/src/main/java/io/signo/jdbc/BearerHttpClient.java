package io.signo.jdbc;

import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.BearerAuthenticateable;
import org.apache.calcite.avatica.remote.BearerTokenProvider;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * Sends Avatica's requests with the JDK's HTTP client and, when the connection has a token,
 * an {@code Authorization: Bearer} header on every request. Avatica's own Apache client sends a
 * bearer token only after a 401 challenge; a server that simply refuses requests without the header
 * needs it up front. Error responses are returned, not thrown: their body is Avatica's serialized
 * error, which the driver turns into the SQLException the user sees.
 */
public final class BearerHttpClient
        implements AvaticaHttpClient, BearerAuthenticateable
{
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    private final URL url;
    private volatile String authorization;

    /** Avatica instantiates the client by class name with the server's URL. */
    public BearerHttpClient(URL url)
    {
        this.url = requireNonNull(url, "url is null");
    }

    @Override
    public void setTokenProvider(String username, BearerTokenProvider tokenProvider)
    {
        String token = tokenProvider.obtain(username);
        authorization = token == null || token.isBlank() ? null : "Bearer " + token.strip();
    }

    @Override
    public byte[] send(byte[] request)
    {
        HttpRequest.Builder builder;
        try {
            builder = HttpRequest.newBuilder(url.toURI())
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(request));
        }
        catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid server URL " + url, e);
        }
        String header = authorization;
        if (header != null) {
            builder.header("Authorization", header);
        }
        HttpResponse<byte[]> response;
        try {
            response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
        catch (IOException e) {
            throw new RuntimeException("cannot reach the Signo server at " + url + ": " + e, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException("interrupted while waiting for the Signo server", e);
        }
        int status = response.statusCode();
        byte[] body = response.body();
        if (status == 401 || status == 403) {
            throw new RuntimeException("the Signo server refused the request (HTTP " + status + "): "
                    + (header == null ? "it needs a token (property token or ?token= in the URL)" : "the token is not accepted"));
        }
        // Avatica answers its own errors with HTTP 500 and a serialized error; anything else is not Avatica talking
        boolean html = response.headers().firstValue("Content-Type").orElse("").startsWith("text/html");
        if (status != 200 && (status != 500 || html || body == null || body.length == 0)) {
            throw new RuntimeException("no Signo JDBC endpoint at " + url + ": HTTP " + status);
        }
        return body;
    }
}
