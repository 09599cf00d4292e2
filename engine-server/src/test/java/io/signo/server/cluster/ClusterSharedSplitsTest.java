package io.signo.server.cluster;

import io.signo.sql.ResultRows;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work stealing for scans of files: the row groups of a Parquet file go to whichever of two workers
 * asks for more, so a worker slowed down (a test hook delays its every request for splits) reads
 * fewer of them, and the answers still equal DuckDB's over the same file.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterSharedSplitsTest
{
    private static final int ROWS = 200_000;
    private static final int ROWS_PER_GROUP = 2048;
    private static final List<String> QUERIES = List.of(
            "SELECT k, count(*), count(s), sum(id), min(s), max(id) FROM read_parquet('%s') GROUP BY k ORDER BY k",
            "SELECT count(*), count(s), sum(id) FROM read_parquet('%s')",
            "SELECT count(*), sum(id) FROM read_parquet('%s') WHERE id < 0",
            "SELECT id, s FROM read_parquet('%s') WHERE id % 9973 = 17 ORDER BY id");

    @TempDir
    static Path directory;

    private Path file;
    private DuckDbTpch duckDb;
    private WorkerServer fast;
    private WorkerServer slow;
    private ClusterCoordinator coordinator;

    @BeforeAll
    void start()
            throws Exception
    {
        duckDb = DuckDbTpch.load(new Catalog("none"));
        file = directory.resolve("numbers.parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            // NULLs in s every tenth row; about 98 row groups
            statement.execute("COPY (SELECT i AS id, i % 7 AS k, CASE WHEN i % 10 = 3 THEN NULL ELSE 'v' || i END AS s FROM range(" + ROWS + ") t(i)) TO '" + file
                    + "' (FORMAT parquet, ROW_GROUP_SIZE " + ROWS_PER_GROUP + ")");
        }
        fast = new WorkerServer("127.0.0.1", 0, 1);
        slow = new WorkerServer("127.0.0.1", 0, 1);
        coordinator = new ClusterCoordinator(List.of(fast.address(), slow.address()), 0.01, 1);
    }

    @AfterAll
    void stop()
            throws Exception
    {
        coordinator.close();
        fast.close();
        slow.close();
        duckDb.close();
    }

    @Test
    void aSlowWorkerReadsFewerRowGroupsAndTheAnswersStayRight()
            throws Exception
    {
        slow.delaySplitRequests(Duration.ofMillis(300));
        try {
            for (String query : QUERIES) {
                String sql = query.replace("%s", file.toString());
                ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(coordinator.execute(sql)), sql.contains("ORDER BY"), sql);
                List<SplitQueues.ScanSplits> splits = coordinator.lastQuerySplits();
                assertEquals(1, splits.size(), sql);
                SplitQueues.ScanSplits scan = splits.getFirst();
                assertTrue(scan.splitCount() > 50, "row groups: " + scan.splitCount());
                long byFast = scan.splitsByWorker()[0];
                long bySlow = scan.splitsByWorker()[1];
                assertEquals(scan.splitCount(), byFast + bySlow, "every row group read once: " + sql);
                assertTrue(byFast > 2 * bySlow, "the fast worker read " + byFast + " row groups, the slow one " + bySlow + ": " + sql);
            }
        }
        finally {
            slow.delaySplitRequests(Duration.ZERO);
        }
    }

    @Test
    void withoutTheDelayEveryRowGroupIsReadOnceAndTheAnswersStayRight()
            throws Exception
    {
        for (String query : QUERIES) {
            String sql = query.replace("%s", file.toString());
            ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(coordinator.execute(sql)), sql.contains("ORDER BY"), sql);
            SplitQueues.ScanSplits scan = coordinator.lastQuerySplits().getFirst();
            assertEquals(scan.splitCount(), scan.splitsByWorker()[0] + scan.splitsByWorker()[1], sql);
        }
    }

    @Test
    void aFileWithoutRowsReadsNothingAndScansOfGeneratedTablesStayWhereTheirPartitionsLive()
            throws Exception
    {
        Path empty = directory.resolve("empty.parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (SELECT 1::BIGINT AS id FROM range(0) t(i)) TO '" + empty + "' (FORMAT parquet)");
        }
        String sql = "SELECT count(*), sum(id) FROM read_parquet('" + empty + "')";
        ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(coordinator.execute(sql)), false, sql);
        // the generated tables' partitions live on one worker each: their scans take no split from a queue
        coordinator.execute("SELECT count(*) FROM lineitem");
        assertEquals(List.of(), coordinator.lastQuerySplits());
    }
}
