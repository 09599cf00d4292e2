package io.signo.sql.ddl;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Queries run while another thread updates, inserts and deletes: every query must see one committed
 * version, in which all balances are equal and rows come in tens, even a query that reads the
 * table twice (a self-join) while commits happen.
 */
class SnapshotReadTest
{
    @Test
    void everyQuerySeesOneCommittedVersion()
            throws Exception
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t AS SELECT * FROM (VALUES (0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1)) AS v(k, v)");
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService threads = Executors.newFixedThreadPool(3);
            try {
                Future<Integer> writer = threads.submit(() -> {
                    int commits = 0;
                    for (int i = 1; !stop.get(); i++) {
                        // each statement keeps every balance equal and the row count a multiple of ten
                        switch (i % 3) {
                            case 0 -> engine.execute("UPDATE t SET v = v + 1");
                            case 1 -> engine.execute("INSERT INTO t SELECT k + " + (i * 10) + ", v FROM t WHERE k < 10");
                            default -> engine.execute("DELETE FROM t WHERE k >= 10 AND k < " + (i * 10 - 15));
                        }
                        commits++;
                    }
                    return commits;
                });
                List<Future<Integer>> readers = new ArrayList<>();
                for (int r = 0; r < 2; r++) {
                    readers.add(threads.submit(() -> {
                        int queries = 0;
                        while (!stop.get()) {
                            List<List<Object>> totals = ResultRows.toRows(engine.execute("SELECT count(*), min(v), max(v) FROM t"));
                            long rows = ((Number) totals.getFirst().get(0)).longValue();
                            assertEquals(0, rows % 10, "rows in tens: " + totals);
                            assertEquals(totals.getFirst().get(1), totals.getFirst().get(2), "one balance: " + totals);
                            List<List<Object>> mismatches = ResultRows.toRows(engine.execute("SELECT count(*) FROM t a JOIN t b ON a.k = b.k WHERE a.v <> b.v"));
                            assertEquals(0L, ((Number) mismatches.getFirst().getFirst()).longValue(), "both sides of a self-join read one version");
                            queries++;
                        }
                        return queries;
                    }));
                }
                Thread.sleep(4000);
                stop.set(true);
                int commits = writer.get(60, TimeUnit.SECONDS);
                for (Future<Integer> reader : readers) {
                    assertTrue(reader.get(60, TimeUnit.SECONDS) > 5, "a reader ran too few queries to tell anything");
                }
                assertTrue(commits > 10, "the writer committed only " + commits + " statements");
            }
            finally {
                stop.set(true);
                threads.shutdownNow();
            }
        }
    }
}
