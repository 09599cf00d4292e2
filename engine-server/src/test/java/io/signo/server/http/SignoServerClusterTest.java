package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.ExchangeSettings;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.server.query.ClusterQueryRunner;
import io.signo.server.query.ManagedQuery;
import io.signo.sql.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin API of a coordinator with two worker processes: the nodes, the stages and the exchange counters. */
class SignoServerClusterTest
{
    private static SignoServer server;
    private static ApiClient client;

    @BeforeAll
    static void start()
    {
        server = SignoServer.start(ServerOptions.local(0), address -> {
            WorkerProcesses workers = WorkerProcesses.start(2, 1, "512m");
            try {
                return new ClusterQueryRunner(new ClusterCoordinator(workers.addresses(), 0.01, 1, ExchangeSettings.DEFAULT, "127.0.0.1"), workers, address);
            }
            catch (RuntimeException e) {
                workers.close();
                throw e;
            }
        });
        client = new ApiClient(server.uri(), null);
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theClusterListsTheCoordinatorAndItsWorkers()
    {
        JsonNode nodes = client.json("/v1/cluster").get("nodes");
        assertEquals(3, nodes.size(), nodes.toString());
        assertEquals("coordinator", nodes.get(0).get("role").asText());
        for (int i = 1; i < 3; i++) {
            JsonNode worker = nodes.get(i);
            assertEquals("worker", worker.get("role").asText());
            assertEquals("active", worker.get("state").asText());
            assertTrue(worker.get("address").asText().startsWith("127.0.0.1:"));
            assertFalse(worker.get("lastHeartbeat").isNull(), worker.toString());
        }
        assertEquals(3, client.json("/v1/info").get("nodeCount").asInt());
    }

    @Test
    void aDistributedQueryShowsItsStagesAndExchangeCounters()
    {
        ManagedQuery query = server.queryManager().create(new Session("alice"), "select o_orderpriority, count(*) from orders, lineitem where o_orderkey = l_orderkey group by o_orderpriority");
        server.queryManager().run(query, Duration.ZERO);

        JsonNode detail = client.json("/v1/queries/" + query.id());
        assertEquals("FINISHED", detail.get("state").asText());
        assertEquals(5, detail.get("rows").asLong());
        Set<String> placements = new HashSet<>();
        for (JsonNode stage : detail.get("stages")) {
            placements.add(stage.get("runsOn").asText());
        }
        assertEquals(Set.of("coordinator", "workers"), placements, detail.get("plan").toString());
        long bytesSent = 0;
        long bytesReceived = 0;
        for (JsonNode exchange : detail.get("exchanges")) {
            bytesSent += exchange.get("bytesSent").asLong();
            bytesReceived += exchange.get("bytesReceived").asLong();
        }
        assertTrue(bytesSent > 0, detail.get("exchanges").toString());
        assertEquals(bytesSent, bytesReceived, "every byte sent is received");

        PrometheusSamples metrics = new PrometheusSamples(client.get("/metrics").body());
        assertTrue(metrics.value("signo_exchange_sent_bytes_total", Map.of()) >= bytesSent);
        assertTrue(metrics.value("signo_exchange_pages_received_total", Map.of()) > 0);
    }
}
