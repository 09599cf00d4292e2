package io.signo.server.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import static java.util.Objects.requireNonNull;

/**
 * Lets a request through only with {@code Authorization: Bearer <token>}, except {@code GET} and
 * {@code HEAD} of {@code /v1/info}, which probes call without one, and of the web console's static
 * files under {@code /ui}, which hold no data. It decides from the headers alone, before
 * anything reads a request body: a caller without the token cannot make the server read one. Compares digests of the tokens with
 * {@link MessageDigest#isEqual}, so the time it takes tells nothing about the token, not even its length.
 */
final class BearerTokenHandler
        extends HandlerWrapper
{
    private static final String PREFIX = "Bearer ";

    private final byte[] expectedDigest;

    BearerTokenHandler(String token)
    {
        requireNonNull(token, "token is null");
        if (token.isEmpty()) {
            throw new IllegalArgumentException("the token is empty");
        }
        this.expectedDigest = digest(token);
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException
    {
        if (isPublic(target, request.getMethod()) || authorized(request.getHeader("Authorization"))) {
            super.handle(target, baseRequest, request, response);
            return;
        }
        baseRequest.setHandled(true);
        response.setHeader("WWW-Authenticate", "Bearer realm=\"signo\"");
        JsonResponse.error(response, HttpServletResponse.SC_UNAUTHORIZED, "UNAUTHORIZED", "this server requires 'Authorization: Bearer <token>'");
    }

    private static boolean isPublic(String target, String method)
    {
        // the console's files hold no data; the page sends the token with every API call it makes
        return (target.equals("/v1/info") || ConsoleHandler.isConsolePath(target)) && (method.equals("GET") || method.equals("HEAD"));
    }

    private boolean authorized(String header)
    {
        if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return false;
        }
        return MessageDigest.isEqual(expectedDigest, digest(header.substring(PREFIX.length()).strip()));
    }

    private static byte[] digest(String token)
    {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
