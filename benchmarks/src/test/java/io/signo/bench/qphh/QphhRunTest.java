package io.signo.bench.qphh;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.tpch.TpchRefreshData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's performance test: a run with 2 query streams and the refresh stream ends with the very
 * rows that running its refresh functions alone leaves, every stream runs its 22 queries in Appendix
 * A's order with its own parameters, and the metrics follow clause 5.4's formulas.
 */
class QphhRunTest
{
    private static final double SCALE = 0.01;

    @TempDir
    Path updates;

    @Test
    void theThroughputTestEndsInTheStateItsRefreshFunctionsLeaveAlone()
            throws Exception
    {
        QphhWorkload workload = new QphhWorkload(SCALE, 2, 3);
        List<String> orders;
        List<String> lineItems;
        try (SignoEngine engine = loadedEngine()) {
            List<String> log = new ArrayList<>();
            QphhResult result = new QphhRun(workload, SignoQphhTarget.inProcess(engine), log::add).run();
            assertEquals(List.of(), result.failures());
            for (int stream = 1; stream <= 2; stream++) {
                assertTrue(result.streamNanos()[stream] > 0);
                for (int query = 1; query <= 22; query++) {
                    assertTrue(result.streamQueryNanos()[stream][query] > 0, "stream " + stream + " q" + query);
                }
            }
            assertTrue(result.power() > 0 && result.throughput() > 0 && result.qphh() > 0);
            // the process's CPU time: every step of the power test spent some, and no step more than the whole power test
            long powerCpu = result.cpu().powerTest().totalNanos();
            for (int query = 1; query <= 22; query++) {
                long queryCpu = result.cpu().powerQueryNanos()[query];
                assertTrue(queryCpu > 0 && queryCpu <= powerCpu, "power test q" + query + ": " + queryCpu + " of " + powerCpu);
            }
            assertTrue(result.cpu().powerRefreshNanos()[0] > 0 && result.cpu().powerRefreshNanos()[1] > 0);
            assertTrue(result.cpu().throughputTest().otherNanos() > 0);
            orders = rows(engine, "SELECT * FROM orders ORDER BY o_orderkey");
            lineItems = rows(engine, "SELECT * FROM lineitem ORDER BY l_orderkey, l_linenumber");
        }
        try (SignoEngine alone = loadedEngine()) {
            SignoQphhTarget target = SignoQphhTarget.inProcess(alone);
            for (int pair = 1; pair <= workload.refreshPairs(); pair++) {
                TpchRefreshData data = workload.refreshData(pair);
                List<Path> files = data.writeUpdateFiles(updates);
                target.refresh(0, target.refreshFunction1(files.get(0), files.get(1)));
                target.refresh(0, data.refreshFunction2());
            }
            assertEquals(rows(alone, "SELECT * FROM orders ORDER BY o_orderkey"), orders);
            assertEquals(rows(alone, "SELECT * FROM lineitem ORDER BY l_orderkey, l_linenumber"), lineItems);
        }
        // what is left of the refreshes is the last pair's insert: pairs 1 to 3 each deleted what the one before inserted
        long[] last = TpchRefreshData.insertedOrderKeys(SCALE, 3);
        assertEquals(String.valueOf(last[0]), orders.stream().map(row -> row.substring(1, row.indexOf(','))).filter(key -> Long.parseLong(key) % 32 >= 8).findFirst().orElseThrow());
    }

    @Test
    void theWarmUpOfTheWritePathLeavesTheDatabaseAsItWas(@TempDir Path directory)
            throws Exception
    {
        Path report = directory.resolve("qphh.md");
        Path database = directory.resolve("db");
        boolean passed = QphhBenchmark.run(new String[] {"--sf", String.valueOf(SCALE), "--streams", "1", "--db", database.toString(), "--compare", "none", "--report", report.toString()},
                "bench qphh (test)");
        assertTrue(passed, "the run reports no failure");
        String text = java.nio.file.Files.readString(report);
        assertTrue(text.contains("write path warmed up before the timed run"), text);
        try (SignoEngine engine = new SignoEngine(Database.open(database), 2)) {
            assertEquals(List.of(), rows(engine, "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'qphh_warmup%'"), "the warm-up's copies are dropped");
            // the run's refresh functions alone: pair 2's RF2 deleted pair 1's orders, pair 2's stay
            long[] inserted = TpchRefreshData.insertedOrderKeys(SCALE, 2);
            assertEquals(List.of("[" + inserted.length + "]"), rows(engine, "SELECT count(*) FROM orders WHERE o_orderkey % 32 >= 8"));
            assertEquals(List.of("[" + (long) (SCALE * 1_500_000) + "]"), rows(engine, "SELECT count(*) FROM orders"), "pair 1's RF2 deleted as many loaded orders as pair 2's RF1 inserted");
        }
    }

    @Test
    void streamsRunAppendixAOrdersWithTheirOwnParameters()
    {
        QphhWorkload workload = new QphhWorkload(1, 2, 9);
        assertArrayEquals(new int[] {14, 2, 9, 20, 6, 17, 18, 8, 21, 13, 3, 22, 16, 4, 11, 15, 1, 10, 19, 5, 7, 12},
                workload.queries(0).stream().mapToInt(QphhWorkload.StreamQuery::number).toArray());
        assertArrayEquals(new int[] {21, 3, 18, 5, 11, 7, 6, 20, 17, 12, 16, 15, 13, 10, 2, 8, 14, 19, 9, 22, 1, 4},
                workload.queries(1).stream().mapToInt(QphhWorkload.StreamQuery::number).toArray());
        for (int stream = 0; stream <= 2; stream++) {
            int[] sorted = workload.queries(stream).stream().mapToInt(QphhWorkload.StreamQuery::number).sorted().toArray();
            assertArrayEquals(java.util.stream.IntStream.rangeClosed(1, 22).toArray(), sorted, "each stream runs each query once");
        }
        assertEquals(workload.queries(1), new QphhWorkload(1, 2, 9).queries(1), "the same seed draws the same parameters");
        assertNotEquals(workload.queries(1), workload.queries(2));
        assertNotEquals(workload.queries(1), new QphhWorkload(1, 2, 10).queries(1));
        // q06 of stream 0 is the template filled with drawn parameters, not the validation ones
        assertTrue(workload.queries(0).stream().anyMatch(query -> !query.sql().equals(TpchQueries.query(query.number()))));
        assertEquals(2, QphhWorkload.minimumStreams(1));
        assertEquals(3, QphhWorkload.minimumStreams(10));
        assertEquals(5, QphhWorkload.minimumStreams(100));
        assertThrows(IllegalArgumentException.class, () -> new QphhWorkload(1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new QphhWorkload(-1, 2, 1));
    }

    @Test
    void metricsFollowTheSpecificationsFormulas()
    {
        long[] queries = new long[23];
        Arrays.fill(queries, 2_000_000_000L);
        queries[0] = 0;
        // every interval 2 s: Power = 3600 * SF / 2
        QphhResult result = new QphhResult(10, 3, queries, new long[] {2_000_000_000L, 2_000_000_000L}, 0, new long[4][23], new long[4], new long[3][2], 3_600_000_000_000L,
                -1, List.of(), QphhCpuTimes.none());
        assertEquals(18_000, result.power(), 1e-6);
        // Throughput = S * 22 * 3600 / Ts * SF = 3 * 22 * 3600 / 3600 * 10
        assertEquals(660, result.throughput(), 1e-9);
        assertEquals(Math.sqrt(18_000.0 * 660), result.qphh(), 1e-9);
        // clause 5.4.1.4: a query shorter than the longest over 1000 counts as that
        long[] shortOne = queries.clone();
        shortOne[6] = 1;
        long[] atFloor = queries.clone();
        atFloor[6] = 2_000_000;
        assertEquals(new QphhResult(10, 3, atFloor, new long[] {2_000_000_000L, 2_000_000_000L}, 0, new long[4][23], new long[4], new long[3][2], 1, -1, List.of(), QphhCpuTimes.none()).power(),
                new QphhResult(10, 3, shortOne, new long[] {2_000_000_000L, 2_000_000_000L}, 0, new long[4][23], new long[4], new long[3][2], 1, -1, List.of(), QphhCpuTimes.none()).power(), 1e-6);
    }

    private static SignoEngine loadedEngine()
    {
        SignoEngine engine = new SignoEngine(Database.inMemory(), 2);
        for (String table : GeneratedTpchTables.tableNames()) {
            engine.execute(GeneratedTpchTables.loadStatement(table, SCALE));
        }
        return engine;
    }

    private static List<String> rows(SignoEngine engine, String sql)
    {
        return ResultRows.toRows(engine.execute(sql)).stream().map(Object::toString).toList();
    }
}
