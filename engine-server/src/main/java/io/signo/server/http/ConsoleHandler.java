package io.signo.server.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web console's static files under {@code /ui}: one HTML page, its script and its style sheet,
 * read from the jar once. They hold no data: the page fetches everything from the REST API, with the
 * bearer token the user typed into its login form, so these files are served without the token. Leaves
 * every other path unhandled.
 */
final class ConsoleHandler
        extends AbstractHandler
{
    static final String PATH = "/ui";
    /**
     * The page may load only its own files and talk only to this server; no other site may frame it
     * (a framed page could be tricked into a click on "cancel").
     */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private record Asset(byte[] bytes, String contentType) {}

    private final Map<String, Asset> assets = new LinkedHashMap<>();

    ConsoleHandler()
    {
        assets.put(PATH + "/", load("index.html", "text/html; charset=utf-8"));
        for (String name : List.of("console.js", "plan-graph.js")) {
            assets.put(PATH + "/" + name, load(name, "text/javascript; charset=utf-8"));
        }
        assets.put(PATH + "/console.css", load("console.css", "text/css; charset=utf-8"));
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException
    {
        if (!target.equals(PATH) && !target.startsWith(PATH + "/")) {
            return;
        }
        baseRequest.setHandled(true);
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            String shown = method.length() <= 32 ? method : method.substring(0, 32) + "...";
            JsonResponse.error(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED", shown + " is not allowed here; allowed: GET, HEAD");
            return;
        }
        if (target.equals(PATH)) {
            response.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
            response.setHeader("Location", PATH + "/");
            response.setContentLength(0);
            return;
        }
        Asset asset = assets.get(target);
        if (asset == null) {
            JsonResponse.error(response, HttpServletResponse.SC_NOT_FOUND, "NOT_FOUND", "no such resource: " + (target.length() <= 200 ? target : target.substring(0, 200) + "..."));
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(asset.contentType());
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(asset.bytes().length);
        if (method.equals("GET")) {
            response.getOutputStream().write(asset.bytes());
        }
    }

    /** Whether {@code target} is one of the console's files (or its bare path), which need no token. */
    static boolean isConsolePath(String target)
    {
        return target.equals(PATH) || target.startsWith(PATH + "/");
    }

    private static Asset load(String name, String contentType)
    {
        try (InputStream in = ConsoleHandler.class.getResourceAsStream("ui/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + name + " is missing from the class path");
            }
            return new Asset(in.readAllBytes(), contentType);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
