package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.ManagedQuery;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web console at /ui on a server with a token, over TPC-H SF 0.01: its files over plain HTTP
 * (served without the token, with a content security policy), the JSON it reads (the plan as a
 * tree), and the page itself in a headless Chromium: the login form, a running query in the list,
 * its plan drawn as a graph, and cancelling it from its page. Screenshots go to
 * {@code target/console-screenshots}.
 */
class WebConsoleTest
{
    private static final String TOKEN = "console-s3cret";
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static SignoServer server;
    private static ApiClient client;

    @BeforeAll
    static void start()
    {
        server = SignoServer.start(ServerOptions.local(0).withToken(TOKEN),
                address -> new LocalQueryRunner(new SignoEngine(TpchData.generate(0.01, 2, MemoryPool.unbounded("tpch")), 2), address));
        client = new ApiClient(server.uri(), TOKEN);
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theConsoleFilesNeedNoTokenAndForbidFramingAndForeignScripts()
    {
        ApiClient anonymous = new ApiClient(server.uri(), null);
        HttpResponse<String> page = anonymous.get("/ui/");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(page.body().contains("<script src=\"console.js\""), page.body());
        String policy = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"), policy);
        assertEquals("DENY", page.headers().firstValue("X-Frame-Options").orElseThrow());
        for (String file : List.of("/ui/console.js", "/ui/plan-graph.js")) {
            HttpResponse<String> script = anonymous.get(file);
            assertEquals(200, script.statusCode(), file);
            assertTrue(script.headers().firstValue("Content-Type").orElseThrow().startsWith("text/javascript"), file);
        }
        assertTrue(anonymous.get("/ui/console.css").headers().firstValue("Content-Type").orElseThrow().startsWith("text/css"));

        HttpResponse<String> bare = anonymous.get("/ui");
        assertEquals(301, bare.statusCode());
        assertEquals("/ui/", bare.headers().firstValue("Location").orElseThrow());

        HttpResponse<String> missing = anonymous.get("/ui/secrets.json");
        assertEquals(404, missing.statusCode());
        assertEquals("NOT_FOUND", ApiClient.parse(missing.body()).get("code").asText());

        // only reading is public: any other method needs the token, and the console allows none
        assertEquals(401, anonymous.send("POST", "/ui/").statusCode());
        HttpResponse<String> post = client.send("POST", "/ui/");
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());

        // the data the page shows still needs the token
        assertEquals(401, anonymous.get("/v1/queries").statusCode());
        assertEquals(401, anonymous.get("/v1/cluster").statusCode());
    }

    @Test
    void aQueryDetailCarriesItsPlanAsATreeWithStagesAndEstimates()
    {
        ManagedQuery query = server.queryManager().create(new Session("dora"), "select n_name, count(*) from nation, region where n_regionkey = r_regionkey group by n_name");
        server.queryManager().run(query, Duration.ZERO);

        JsonNode detail = client.json("/v1/queries/" + query.id());
        JsonNode tree = detail.get("planTree");
        assertNotNull(tree, detail.toString());
        assertEquals(0, tree.get("stage").asInt());
        assertEquals("Aggregate", tree.get("name").asText(), tree.toString());
        assertTrue(tree.get("description").asText().startsWith("Aggregate["), tree.toString());
        List<JsonNode> nodes = new ArrayList<>();
        collect(tree, nodes);
        assertTrue(nodes.stream().anyMatch(node -> node.get("name").asText().equals("TableScan") && node.get("description").asText().contains("nation")), tree.toString());
        assertTrue(nodes.stream().anyMatch(node -> node.get("name").asText().equals("HashJoin")), tree.toString());
        assertTrue(nodes.stream().allMatch(node -> node.has("estimatedRows") && node.has("distribution")), tree.toString());
        // as many stages as EXPLAIN prints, numbered the same way
        long stages = nodes.stream().map(node -> node.get("stage").asInt()).distinct().count();
        assertEquals(detail.get("stages").size(), stages, detail.toString());

        // what each operator did, summed over its drivers: the scans read their tables, the aggregation gives one row per nation
        JsonNode nationScan = nodes.stream().filter(node -> node.get("description").asText().startsWith("TableScan[nation")).findFirst().orElseThrow();
        assertEquals(25, nationScan.get("actual").get("rows").asLong(), nationScan.toString());
        JsonNode regionScan = nodes.stream().filter(node -> node.get("description").asText().startsWith("TableScan[region")).findFirst().orElseThrow();
        assertEquals(5, regionScan.get("actual").get("rows").asLong(), regionScan.toString());
        assertEquals(25, tree.get("actual").get("rows").asLong(), tree.toString());
        JsonNode join = nodes.stream().filter(node -> node.get("name").asText().equals("HashJoin")).findFirst().orElseThrow();
        JsonNode joinActual = join.get("actual");
        assertEquals(25, joinActual.get("rows").asLong(), join.toString());
        // a hash join is two operators: the build holds the hash table, whose memory is its peak
        List<String> joinOperators = new ArrayList<>();
        joinActual.get("operators").forEach(operator -> joinOperators.add(operator.get("operator").asText()));
        assertTrue(joinOperators.contains("HashBuilder") && joinOperators.contains("LookupJoin"), joinActual.toString());
        assertTrue(joinActual.get("peakMemoryBytes").asLong() > 0, joinActual.toString());
        assertTrue(nodes.stream().allMatch(node -> node.get("actual").isNull() || node.get("actual").get("wallMillis").asDouble() >= 0), tree.toString());
        // the query's memory: nothing held once it finished, its peak kept
        assertEquals(0, detail.get("memoryBytes").asLong(), detail.toString());
        assertTrue(detail.get("peakMemoryBytes").asLong() >= joinActual.get("peakMemoryBytes").asLong(), detail.toString());
        JsonNode listed = null;
        for (JsonNode summary : client.json("/v1/queries").get("queries")) {
            if (summary.get("id").asText().equals(query.id())) {
                listed = summary;
            }
        }
        assertNotNull(listed);
        assertEquals(detail.get("peakMemoryBytes").asLong(), listed.get("peakMemoryBytes").asLong());
        assertTrue(listed.has("memoryBytes"), listed.toString());

        // a statement without a plan has none
        ManagedQuery set = server.queryManager().create(new Session("dora"), "SET query_max_memory = '1GB'");
        server.queryManager().run(set, Duration.ZERO);
        assertTrue(client.json("/v1/queries/" + set.id()).get("planTree").isNull());
    }

    private static void collect(JsonNode node, List<JsonNode> nodes)
    {
        nodes.add(node);
        for (JsonNode source : node.get("sources")) {
            collect(source, nodes);
        }
    }

    @Test
    void inABrowserTheListShowsARunningQueryItsPageDrawsThePlanAndCancelStopsIt()
            throws Exception
    {
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                ManagedQuery query = server.queryManager().create(new Session("erin"), SignoServerTest.LONG_QUERY);
                server.queryManager().run(query, Duration.ZERO);
            });
            String id = awaitRunning(SignoServerTest.LONG_QUERY);

            browser.navigate(server.uri() + "/ui/");
            browser.await("!document.getElementById('login').hidden", JsonNode::asBoolean, WAIT, SCREENSHOTS.resolve("login-failed.png"));
            browser.screenshot(SCREENSHOTS.resolve("1-login.png"));

            // a wrong token is refused on the form
            signIn(browser, "not-the-token");
            browser.await("document.getElementById('login-error').textContent", value -> value.asText().contains("refused"), WAIT, SCREENSHOTS.resolve("wrong-token-failed.png"));

            signIn(browser, TOKEN);
            String row = "document.querySelector('#queries tr[data-query-id=\"" + id + "\"]')";
            browser.await(row + "?.dataset.state", value -> value.asText().equals("RUNNING"), WAIT, SCREENSHOTS.resolve("list-failed.png"));
            assertEquals("erin", browser.evaluate(row + ".cells[2].textContent").asText());
            assertEquals(SignoServerTest.LONG_QUERY, browser.evaluate(row + ".querySelector('td.sql').textContent").asText());
            assertTrue(browser.evaluate("document.querySelectorAll('#nodes tbody tr').length").asInt() >= 1);
            assertEquals("coordinator", browser.evaluate("document.querySelector('#nodes tbody tr').cells[1].textContent").asText());
            // the running query's memory now and at its peak
            assertTrue(browser.evaluate(row + ".querySelector('td.memory').textContent").asText().matches("[0-9.]+ (B|kB|MB|GB)"));
            assertTrue(browser.evaluate(row + ".querySelector('td.peak-memory').textContent").asText().matches("[0-9.]+ (B|kB|MB|GB)"));
            browser.screenshot(SCREENSHOTS.resolve("2-queries.png"));

            browser.evaluate(row + ".querySelector('a').click()");
            String operators = "[...document.querySelectorAll('#plan-graph g.operator')].map(g => g.dataset.operator)";
            JsonNode drawn = browser.await(operators, value -> value.isArray() && value.size() > 3, WAIT, SCREENSHOTS.resolve("plan-failed.png"));
            assertTrue(drawn.toString().contains("TableScan") && drawn.toString().contains("Aggregate") && drawn.toString().contains("RemoteExchange"), drawn.toString());
            assertTrue(browser.evaluate("document.querySelectorAll('#plan-graph g.stage').length").asInt() >= 2, "the plan shows its stages");
            assertEquals(SignoServerTest.LONG_QUERY, browser.evaluate("document.getElementById('query-sql').textContent").asText());
            browser.screenshot(SCREENSHOTS.resolve("3-query-plan.png"));

            browser.await("!document.getElementById('cancel').hidden", JsonNode::asBoolean, WAIT, SCREENSHOTS.resolve("cancel-button-failed.png"));
            browser.evaluate("document.getElementById('cancel').click()");
            browser.await("document.getElementById('query-state').dataset.state", value -> value.asText().equals("CANCELLED"), WAIT, SCREENSHOTS.resolve("cancel-failed.png"));
            assertTrue(browser.evaluate("document.getElementById('query-error').textContent").asText().contains("QUERY_CANCELLED"));
            browser.screenshot(SCREENSHOTS.resolve("4-cancelled.png"));

            ExecutionException failure = assertThrows(ExecutionException.class, () -> running.get(10, TimeUnit.SECONDS));
            SignoException error = assertInstanceOf(SignoException.class, failure.getCause());
            assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode());
            assertTrue(error.getMessage().contains("DELETE /v1/queries/" + id), error.getMessage());
            assertEquals("CANCELLED", client.json("/v1/queries/" + id).get("state").asText());

            // a finished query's plan shows what each operator did next to the estimate
            ManagedQuery finished = server.queryManager().create(new Session("erin"), "select r_name, count(*) from nation, region where n_regionkey = r_regionkey group by r_name");
            server.queryManager().run(finished, Duration.ZERO);
            browser.navigate(server.uri() + "/ui/#/query/" + finished.id());
            String scans = "[...document.querySelectorAll('#plan-graph g.operator[data-operator=\"TableScan\"]')].map(g => g.querySelector('title').textContent.split('[')[1].split(',')[0] + '=' + g.dataset.actualRows).sort().join(' ')";
            browser.await(scans, value -> value.asText().equals("nation=25 region=5"), WAIT, SCREENSHOTS.resolve("actual-rows-failed.png"));
            // the root is drawn last
            JsonNode root = browser.evaluate("[...document.querySelectorAll('#plan-graph g.operator')].at(-1).querySelector('text.actual').textContent");
            assertTrue(root.asText().startsWith("actual 5 rows \u00b7 "), root.asText());
            assertTrue(browser.evaluate("document.getElementById('query-facts').textContent").asText().contains("peak memory"));
            browser.screenshot(SCREENSHOTS.resolve("5-actual-rows.png"));
        }
    }

    private static void signIn(HeadlessChromium browser, String token)
            throws Exception
    {
        browser.evaluate("document.getElementById('token').value = " + ApiClient.quote(token) + "; document.getElementById('login-submit').click()");
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
}
