package io.signo.server.http;

import io.signo.server.jdbc.JdbcEndpoint;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.NodeInfo;
import io.signo.server.query.QueryManager;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The REST admin API and the Prometheus endpoint: {@code /v1/info}, {@code /v1/cluster},
 * {@code /v1/queries}, {@code /v1/queries/{id}}, {@code /v1/openapi.json} and {@code /metrics}.
 * Answers every request it gets: an unknown path is a JSON 404, a known path with another method
 * a 405 with {@code Allow}. HEAD is answered as GET is, without the body.
 */
final class ApiHandler
        extends AbstractHandler
{
    static final String QUERIES_PREFIX = "/v1/queries/";
    private static final System.Logger LOG = System.getLogger(ApiHandler.class.getName());

    private final QueryManager queryManager;
    private final JdbcEndpoint jdbc;
    private final QueryMetrics metrics;
    private final Supplier<ServerState> state;
    private final Instant started = Instant.now();
    private final byte[] openApi;

    ApiHandler(QueryManager queryManager, JdbcEndpoint jdbc, QueryMetrics metrics, Supplier<ServerState> state)
    {
        this.queryManager = requireNonNull(queryManager, "queryManager is null");
        this.jdbc = requireNonNull(jdbc, "jdbc is null");
        this.metrics = requireNonNull(metrics, "metrics is null");
        this.state = requireNonNull(state, "state is null");
        this.openApi = openApiDocument();
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException
    {
        baseRequest.setHandled(true);
        String method = request.getMethod();
        try {
            switch (target) {
                case "/v1/info" -> {
                    allow(method, "GET");
                    info(response);
                }
                case "/v1/cluster" -> {
                    allow(method, "GET");
                    cluster(response);
                }
                case "/v1/queries" -> {
                    allow(method, "GET");
                    queries(response);
                }
                case "/v1/openapi.json" -> {
                    allow(method, "GET");
                    response.setStatus(HttpServletResponse.SC_OK);
                    response.setContentType("application/json");
                    response.setContentLength(openApi.length);
                    response.getOutputStream().write(openApi);
                }
                case "/metrics" -> {
                    allow(method, "GET");
                    byte[] text = metrics.scrape().getBytes(StandardCharsets.UTF_8);
                    response.setStatus(HttpServletResponse.SC_OK);
                    response.setContentType("text/plain; version=0.0.4; charset=utf-8");
                    response.setContentLength(text.length);
                    response.getOutputStream().write(text);
                }
                default -> {
                    if (target.startsWith(QUERIES_PREFIX) && target.length() > QUERIES_PREFIX.length() && target.indexOf('/', QUERIES_PREFIX.length()) < 0) {
                        query(method, target.substring(QUERIES_PREFIX.length()), response);
                    }
                    else {
                        throw new ApiException(HttpServletResponse.SC_NOT_FOUND, "NOT_FOUND", "no such resource: " + (target.length() <= 200 ? target : target.substring(0, 200) + "..."));
                    }
                }
            }
        }
        catch (ApiException e) {
            if (e.status() == HttpServletResponse.SC_METHOD_NOT_ALLOWED) {
                response.setHeader("Allow", String.join(", ", e.allowedMethods()));
            }
            JsonResponse.error(response, e.status(), e.code(), e.getMessage());
        }
        catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "REST request " + method + " " + target + " failed", e);
            JsonResponse.error(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "INTERNAL_ERROR", "internal error: the server log has the details");
        }
    }

    /** Refuses any method but the allowed ones with a 405 that names them; a path that allows GET allows HEAD. */
    private static void allow(String method, String... allowed)
    {
        List<String> methods = new ArrayList<>(List.of(allowed));
        if (methods.contains("GET")) {
            methods.add(methods.indexOf("GET") + 1, "HEAD");
        }
        if (!methods.contains(method)) {
            String shown = method.length() <= 32 ? method : method.substring(0, 32) + "...";
            throw new ApiException(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED", shown + " is not allowed here; allowed: " + String.join(", ", methods), methods);
        }
    }

    private void info(HttpServletResponse response)
            throws IOException
    {
        ServerState current = state.get();
        int activeNodes = 0;
        for (NodeInfo node : queryManager.runner().nodes()) {
            if (node.state().equals("active")) {
                activeNodes++;
            }
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("version", version());
        json.put("started", started.toString());
        json.put("uptimeMillis", Duration.between(started, Instant.now()).toMillis());
        json.put("state", current.name());
        json.put("nodeCount", activeNodes);
        json.put("runningQueries", queryManager.runningCount());
        json.put("jdbcConnections", jdbc.connectionCount());
        json.put("jdbcIdleTimeoutSeconds", jdbc.idleTimeout().toSeconds());
        // a probe sees a server that is going away as not ready
        JsonResponse.write(response, current == ServerState.ACTIVE ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE, json);
    }

    private void cluster(HttpServletResponse response)
            throws IOException
    {
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (NodeInfo node : queryManager.runner().nodes()) {
            nodes.add(QueryJson.node(node));
        }
        JsonResponse.write(response, HttpServletResponse.SC_OK, Map.of("nodes", nodes));
    }

    private void queries(HttpServletResponse response)
            throws IOException
    {
        List<Map<String, Object>> queries = new ArrayList<>();
        for (ManagedQuery query : queryManager.queries()) {
            queries.add(QueryJson.summary(query));
        }
        JsonResponse.write(response, HttpServletResponse.SC_OK, Map.of("queries", queries));
    }

    private void query(String method, String id, HttpServletResponse response)
            throws IOException
    {
        allow(method, "GET", "DELETE");
        Optional<ManagedQuery> found = queryManager.query(id);
        if (found.isEmpty()) {
            throw new ApiException(HttpServletResponse.SC_NOT_FOUND, "QUERY_NOT_FOUND", "no such query: " + (id.length() <= 64 ? id : id.substring(0, 64) + "...") + " (the server keeps the running queries and the latest finished ones)");
        }
        ManagedQuery query = found.get();
        if (!method.equals("DELETE")) {
            JsonResponse.write(response, HttpServletResponse.SC_OK, QueryJson.detail(query));
            return;
        }
        if (query.state().isDone() || !queryManager.cancel(id, "an administrator cancelled it (DELETE /v1/queries/" + id + ")")) {
            throw new ApiException(HttpServletResponse.SC_CONFLICT, "QUERY_ALREADY_FINISHED", "query " + id + " already ended: " + query.state());
        }
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    static String version()
    {
        String version = ApiHandler.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    private static byte[] openApiDocument()
    {
        try (InputStream in = ApiHandler.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("openapi.json is missing from the class path");
            }
            return in.readAllBytes();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
