package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryManager;
import io.signo.sql.QueryResult;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every endpoint of the REST admin API over real HTTP, against a cluster of one over TPC-H SF 0.01. */
class SignoServerTest
{
    /** Every lineitem row against every part row: minutes of work, so it surely runs when it is cancelled. */
    static final String LONG_QUERY = "select count(*) from lineitem a, lineitem b where a.l_quantity + b.l_quantity < 0";
    private static final String DIVISION_BY_ZERO = "select count(*) from nation where n_nationkey / (n_regionkey - n_regionkey) > 0";

    private static SignoServer server;
    private static ApiClient client;

    @BeforeAll
    static void start()
    {
        server = SignoServer.start(ServerOptions.local(0),
                address -> new LocalQueryRunner(new SignoEngine(TpchData.generate(0.01, 2, MemoryPool.unbounded("tpch")), 2), address));
        client = new ApiClient(server.uri(), null);
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    private static QueryManager queries()
    {
        return server.queryManager();
    }

    private static ManagedQuery run(String user, String sql)
    {
        ManagedQuery query = queries().create(new Session(user), sql);
        try {
            queries().run(query, Duration.ZERO);
        }
        catch (SignoException ignored) {
            // the test reads the failure from the API
        }
        return query;
    }

    @Test
    void infoNeedsNoQueryAndReportsVersionUptimeStateAndNodes()
    {
        JsonNode info = client.json("/v1/info");
        assertEquals("ACTIVE", info.get("state").asText());
        assertEquals(1, info.get("nodeCount").asInt());
        assertFalse(info.get("version").asText().isEmpty());
        assertTrue(info.get("uptimeMillis").asLong() >= 0);
        assertTrue(info.has("started"));
        assertEquals(0, info.get("runningQueries").asInt());
        assertEquals(0, info.get("jdbcConnections").asInt());
        assertEquals(600, info.get("jdbcIdleTimeoutSeconds").asLong(), "the default idle timeout: 10 minutes");
    }

    @Test
    void clusterShowsThisProcessAsTheCoordinator()
    {
        JsonNode nodes = client.json("/v1/cluster").get("nodes");
        assertEquals(1, nodes.size());
        JsonNode coordinator = nodes.get(0);
        assertEquals("127.0.0.1:" + server.port(), coordinator.get("address").asText());
        assertEquals("coordinator", coordinator.get("role").asText());
        assertEquals("active", coordinator.get("state").asText());
        assertTrue(coordinator.get("heapUsedBytes").asLong() > 0);
        assertTrue(coordinator.get("heapMaxBytes").asLong() >= coordinator.get("heapUsedBytes").asLong());
        assertFalse(coordinator.get("lastHeartbeat").isNull());
    }

    @Test
    void aFinishedQueryIsListedAndShowsItsPlanAndStages()
    {
        String sql = "select n_name from nation where n_regionkey = 1 order by n_name";
        ManagedQuery query = run("alice", sql);

        JsonNode listed = find(client.json("/v1/queries").get("queries"), query.id());
        assertEquals("alice", listed.get("user").asText());
        assertEquals("FINISHED", listed.get("state").asText());
        assertEquals(sql, listed.get("sql").asText());
        assertEquals(5, listed.get("rows").asLong());
        assertTrue(listed.get("bytes").asLong() > 0);
        assertTrue(listed.get("elapsedMillis").asLong() >= 0);
        assertTrue(listed.get("error").isNull());

        JsonNode detail = client.json("/v1/queries/" + query.id());
        assertEquals("FINISHED", detail.get("state").asText());
        assertTrue(detail.get("plan").size() > 1, detail.toString());
        assertEquals("Stage 0 on the coordinator", detail.get("plan").get(0).asText());
        assertTrue(detail.get("plan").toString().contains("nation"), detail.get("plan").toString());
        JsonNode stages = detail.get("stages");
        assertEquals(0, stages.get(0).get("id").asInt());
        assertEquals("coordinator", stages.get(0).get("runsOn").asText());
        // a cluster of one exchanges in memory and counts nothing
        assertEquals(0, detail.get("exchanges").size());
    }

    @Test
    void aFailedQueryShowsItsErrorCodeAndMessage()
    {
        ManagedQuery query = run("bob", DIVISION_BY_ZERO);

        JsonNode detail = client.json("/v1/queries/" + query.id());
        assertEquals("FAILED", detail.get("state").asText());
        assertEquals("DIVISION_BY_ZERO", detail.get("error").get("code").asText(), detail.toString());
        assertTrue(detail.get("error").get("message").asText().toLowerCase().contains("division by zero"), detail.toString());
        assertEquals("FAILED", find(client.json("/v1/queries").get("queries"), query.id()).get("state").asText());
    }

    @Test
    void deletingARunningQueryCancelsItWithinASecond()
            throws Exception
    {
        AtomicLong failedAt = new AtomicLong();
        CompletableFuture<QueryResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return queries().execute(new Session("carol"), LONG_QUERY);
            }
            catch (SignoException e) {
                failedAt.set(System.nanoTime());
                throw e;
            }
        });
        String id = awaitRunning(LONG_QUERY);
        assertEquals(1, client.json("/v1/info").get("runningQueries").asInt());

        long deletedAt = System.nanoTime();
        HttpResponse<String> delete = client.send("DELETE", "/v1/queries/" + id);
        assertEquals(204, delete.statusCode(), delete.body());

        ExecutionException failure = assertThrows(ExecutionException.class, () -> running.get(10, TimeUnit.SECONDS));
        SignoException error = assertInstanceOf(SignoException.class, failure.getCause());
        assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode());
        long millis = TimeUnit.NANOSECONDS.toMillis(failedAt.get() - deletedAt);
        assertTrue(millis < 1000, "the query took " + millis + " ms to stop after DELETE");

        JsonNode detail = client.json("/v1/queries/" + id);
        assertEquals("CANCELLED", detail.get("state").asText());
        assertEquals("QUERY_CANCELLED", detail.get("error").get("code").asText());

        // it already ended: a second DELETE conflicts
        HttpResponse<String> again = client.send("DELETE", "/v1/queries/" + id);
        assertEquals(409, again.statusCode());
        assertEquals("QUERY_ALREADY_FINISHED", ApiClient.parse(again.body()).get("code").asText());
    }

    private static String awaitRunning(String sql)
            throws InterruptedException
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (JsonNode query : client.json("/v1/queries").get("queries")) {
                if (query.get("sql").asText().equals(sql) && query.get("state").asText().equals("RUNNING")) {
                    return query.get("id").asText();
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the query never showed as RUNNING in /v1/queries");
    }

    @Test
    void deletingAFinishedQueryConflictsAndAnUnknownOneIsNotFound()
    {
        ManagedQuery query = run("dave", "select count(*) from region");
        HttpResponse<String> finished = client.send("DELETE", "/v1/queries/" + query.id());
        assertEquals(409, finished.statusCode());
        assertEquals("FINISHED", client.json("/v1/queries/" + query.id()).get("state").asText());

        HttpResponse<String> unknown = client.send("DELETE", "/v1/queries/no_such_query");
        assertEquals(404, unknown.statusCode());
        assertEquals("QUERY_NOT_FOUND", ApiClient.parse(unknown.body()).get("code").asText());
        assertEquals(404, client.get("/v1/queries/no_such_query").statusCode());
    }

    @Test
    void unknownPathsAreNotFoundAndWrongMethodsNotAllowed()
    {
        HttpResponse<String> missing = client.get("/v1/nothing");
        assertEquals(404, missing.statusCode());
        JsonNode body = ApiClient.parse(missing.body());
        assertEquals("NOT_FOUND", body.get("code").asText());
        assertTrue(body.get("error").asText().contains("/v1/nothing"));
        assertEquals(404, client.get("/").statusCode());
        assertEquals(404, client.get("/v1/queries/a/b").statusCode());

        HttpResponse<String> post = client.send("POST", "/v1/queries");
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
        assertEquals("METHOD_NOT_ALLOWED", ApiClient.parse(post.body()).get("code").asText());

        HttpResponse<String> deleteInfo = client.send("DELETE", "/v1/info");
        assertEquals(405, deleteInfo.statusCode());
        HttpResponse<String> putQuery = client.send("PUT", "/v1/queries/x");
        assertEquals(405, putQuery.statusCode());
        assertEquals("GET, HEAD, DELETE", putQuery.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void theOpenApiDocumentListsEveryPathTheServerServes()
    {
        JsonNode document = client.json("/v1/openapi.json");
        assertTrue(document.get("openapi").asText().startsWith("3."));
        Set<String> documented = new HashSet<>();
        Iterator<String> names = document.get("paths").fieldNames();
        names.forEachRemaining(documented::add);
        assertEquals(Set.of("/v1/info", "/v1/cluster", "/v1/queries", "/v1/queries/{id}", "/v1/openapi.json", "/metrics", "/v1/jdbc"), documented);

        // and the server answers on each: none of them is an unknown path
        for (String path : documented) {
            String concrete = path.replace("{id}", run("erin", "select 1").id());
            Iterator<String> methods = document.get("paths").get(path).fieldNames();
            while (methods.hasNext()) {
                String method = methods.next();
                if (method.equals("parameters") || method.equals("delete")) {
                    continue;
                }
                HttpResponse<String> response = client.send(method.toUpperCase(), concrete);
                assertTrue(response.statusCode() != 404 && response.statusCode() != 405, method + " " + concrete + " answered " + response.statusCode());
            }
        }
    }

    @Test
    void metricsAreInThePrometheusFormatAndCountTheQueries()
    {
        PrometheusSamples before = scrape();
        run("frank", "select count(*) from nation");
        run("frank", "select r_name from region");
        run("frank", DIVISION_BY_ZERO);
        PrometheusSamples after = scrape();

        assertEquals(2, delta(before, after, "signo_queries_total", Map.of("state", "finished")));
        assertEquals(1, delta(before, after, "signo_queries_total", Map.of("state", "failed")));
        assertEquals(0, delta(before, after, "signo_queries_total", Map.of("state", "cancelled")));
        assertEquals(6, delta(before, after, "signo_result_rows_total", Map.of()));
        assertTrue(delta(before, after, "signo_result_bytes_total", Map.of()) > 0);
        assertEquals(2, delta(before, after, "signo_query_duration_seconds_count", Map.of("state", "finished")));
        assertEquals(0, after.value("signo_queries_running", Map.of()));

        // the latency histogram has its buckets up to +Inf, and the last holds every finished query
        List<PrometheusSamples.Sample> buckets = after.named("signo_query_duration_seconds_bucket");
        assertTrue(buckets.size() > 10, "too few buckets: " + buckets.size());
        assertEquals(after.value("signo_query_duration_seconds_count", Map.of("state", "finished")),
                after.value("signo_query_duration_seconds_bucket", Map.of("state", "finished", "le", "+Inf")));

        assertTrue(after.value("signo_table_data_bytes", Map.of("table", "lineitem")) > 1_000_000);
        assertEquals(25, after.value("signo_table_rows", Map.of("table", "nation")));
        for (String name : List.of("signo_exchange_sent_bytes_total", "signo_exchange_received_bytes_total", "signo_exchange_pages_sent_total",
                "signo_exchange_pages_received_total", "signo_exchange_write_blocked_seconds_total", "signo_exchange_credit_wait_seconds_total")) {
            assertTrue(after.has(name), name);
        }
        assertTrue(after.value("jvm_memory_used_bytes", Map.of("area", "heap")) > 0);
        // jvm_gc_pause_seconds appears only after a collection, so it is not asserted
        for (String name : List.of("jvm_threads_live_threads", "jvm_classes_loaded_classes", "process_cpu_usage", "process_uptime_seconds", "jvm_buffer_memory_used_bytes")) {
            assertTrue(after.has(name), name);
        }
    }

    private static PrometheusSamples scrape()
    {
        HttpResponse<String> response = client.get("/metrics");
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"));
        return new PrometheusSamples(response.body());
    }

    private static double delta(PrometheusSamples before, PrometheusSamples after, String name, Map<String, String> labels)
    {
        return after.value(name, labels) - before.value(name, labels);
    }

    private static JsonNode find(JsonNode queries, String id)
    {
        for (JsonNode query : queries) {
            if (query.get("id").asText().equals(id)) {
                return query;
            }
        }
        throw new AssertionError("query " + id + " is not listed: " + queries);
    }

    @Test
    void aRunningQueryIsVisibleWhileItPlansOrRuns()
    {
        ManagedQuery query = queries().create(new Session("gina"), "select 1");
        try {
            JsonNode listed = find(client.json("/v1/queries").get("queries"), query.id());
            assertEquals("PLANNING", listed.get("state").asText());
            assertNotNull(listed.get("elapsedMillis"));
        }
        finally {
            queries().run(query, Duration.ZERO);
        }
    }
}
