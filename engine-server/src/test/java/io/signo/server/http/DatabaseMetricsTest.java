package io.signo.server.http;

import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryState;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server over a database reports the tables created after it started and its cache's size, hits and misses. */
class DatabaseMetricsTest
{
    @Test
    void tablesAndTheCacheAppearInTheMetrics()
    {
        BlockCache cache = new BlockCache(64L << 20, MemoryPool.unbounded("block-cache"));
        try (SignoServer server = SignoServer.start(ServerOptions.local(0), address -> new LocalQueryRunner(new SignoEngine(Database.inMemory(cache), 2), address))) {
            ApiClient client = new ApiClient(server.uri(), null);
            PrometheusSamples empty = scrape(client);
            assertEquals(64 << 20, empty.value("signo_cache_capacity_bytes", Map.of()));
            assertFalse(empty.has("signo_table_rows"), "no table yet");

            run(server, "CREATE TABLE t AS SELECT * FROM tpch.tiny.orders");
            run(server, "SELECT sum(o_totalprice) FROM t");
            PrometheusSamples first = scrape(client);
            assertEquals(15000, first.value("signo_table_rows", Map.of("table", "t")));
            assertTrue(first.value("signo_cache_misses_total", Map.of()) > 0, "the first read decodes");
            assertTrue(first.value("signo_cache_data_bytes", Map.of()) > 0, "and keeps what it decoded");

            run(server, "SELECT sum(o_totalprice) FROM t");
            PrometheusSamples second = scrape(client);
            assertTrue(second.value("signo_cache_hits_total", Map.of()) > first.value("signo_cache_hits_total", Map.of()), "the second read hits");

            run(server, "DROP TABLE t");
            assertFalse(scrape(client).has("signo_table_rows"), "a dropped table leaves the metrics");
        }
    }

    private static void run(SignoServer server, String sql)
    {
        ManagedQuery query = server.queryManager().create(new Session("test"), sql);
        server.queryManager().run(query, Duration.ZERO);
        assertEquals(QueryState.FINISHED, query.state(), sql);
    }

    private static PrometheusSamples scrape(ApiClient client)
    {
        HttpResponse<String> response = client.get("/metrics");
        assertEquals(200, response.statusCode());
        return new PrometheusSamples(response.body());
    }
}
