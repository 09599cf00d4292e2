package io.signo.server.cluster;

import io.signo.sql.ResultRows;
import io.signo.sql.ddl.DatabaseScripts;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * A cluster's database on real worker processes: the database scripts answer as DuckDB does on 2
 * and 3 workers, and a statement commits on every worker or none when a worker is killed with
 * SIGKILL between its prepare and the coordinator's commit, or at a random moment of a write.
 */
class ClusterDatabaseTest
{
    /** The rows of tpch.tiny.lineitem, which every batch inserts. */
    private static final long BATCH_ROWS = 60_175;

    @TempDir
    Path directory;

    @TestFactory
    Stream<DynamicTest> scriptsAnswerAsDuckDbOnTwoAndThreeWorkers()
    {
        return Stream.of(2, 3).map(workerCount -> dynamicTest(workerCount + " workers", () -> {
            Path base = directory.resolve(workerCount + "-workers");
            try (DatabaseWorkers workers = DatabaseWorkers.start(base.resolve("workers"), workerCount)) {
                for (String script : DatabaseScripts.SCRIPTS) {
                    // a new coordinator directory is a new database: the workers drop every file it does not name
                    try (ClusterCoordinator coordinator = coordinator(workers, base.resolve("coordinator-" + script))) {
                        DatabaseScripts.run(script, coordinator::execute);
                    }
                }
            }
        }));
    }

    @Test
    void aWorkerKilledBetweenPrepareAndCommitKeepsTheCommittedStatementWhenItComesBack()
            throws Exception
    {
        Path coordinatorDirectory = directory.resolve("coordinator");
        try (DatabaseWorkers workers = DatabaseWorkers.start(directory.resolve("workers"), 2)) {
            try (ClusterCoordinator coordinator = coordinator(workers, coordinatorDirectory)) {
                coordinator.execute("CREATE TABLE t (k BIGINT NOT NULL, batch INTEGER) WITH (partitioned_by = 'k')");
                insertBatch(coordinator, 1);
                AtomicBoolean killed = new AtomicBoolean();
                coordinator.beforeCommit(() -> {
                    if (killed.compareAndSet(false, true)) {
                        try {
                            workers.kill(1);
                        }
                        catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
                // every worker prepared before the kill: the commit stands, the dead worker's files are durable
                insertBatch(coordinator, 2);
                assertTrue(killed.get(), "the worker was not killed between prepare and commit");

                awaitDeath(coordinator, workers.addresses().get(1));
                SignoException unavailable = assertThrows(SignoException.class, () -> coordinator.execute("SELECT count(*) FROM t"));
                assertEquals(ErrorCode.NODE_FAILED, unavailable.errorCode(), unavailable.getMessage());
                assertTrue(unavailable.getMessage().contains(workers.addresses().get(1)), "the error should name the dead worker: " + unavailable.getMessage());

                workers.restart(1);
                assertEquals(Map.of(1, BATCH_ROWS, 2, BATCH_ROWS), batches(coordinator));
            }
            // the whole cluster restarted reads the same committed version
            try (ClusterCoordinator coordinator = coordinator(workers, coordinatorDirectory)) {
                assertEquals(Map.of(1, BATCH_ROWS, 2, BATCH_ROWS), batches(coordinator));
                // the batches are co-partitioned on k: the join of one with the other meets every order's lines on one worker
                assertEquals(ResultRows.toRows(coordinator.execute("SELECT sum(c * c) FROM (SELECT count(*) AS c FROM tpch.tiny.lineitem GROUP BY l_orderkey) AS o")),
                        ResultRows.toRows(coordinator.execute("SELECT count(*) FROM t a JOIN t b ON a.k = b.k WHERE a.batch = 1 AND b.batch = 2")));
            }
        }
    }

    @Test
    void joinsBuildOnEachWorkersCopyOfAReplicatedTableWhichAWorkerThatLostItGetsBack()
            throws Exception
    {
        try (DatabaseWorkers workers = DatabaseWorkers.start(directory.resolve("workers"), 2);
                ClusterCoordinator coordinator = coordinator(workers, directory.resolve("coordinator"))) {
            coordinator.execute("CREATE TABLE orders WITH (partitioned_by = 'o_orderkey') AS SELECT * FROM tpch.tiny.orders");
            coordinator.execute("CREATE TABLE customer WITH (replicated = true) AS SELECT * FROM tpch.tiny.customer");
            String join = "SELECT c_mktsegment, count(*), sum(o_totalprice) FROM orders JOIN customer ON o_custkey = c_custkey WHERE c_acctbal > 0 GROUP BY c_mktsegment";
            String plan = ResultRows.toRows(coordinator.execute("EXPLAIN " + join)).toString();
            assertTrue(plan.contains("TableScan[customer") && plan.contains("each worker's copy") && !plan.contains("BROADCAST"), plan);
            List<List<Object>> expected = ResultRows.toRows(coordinator.execute(
                    "SELECT c_mktsegment, count(*), sum(o_totalprice) FROM tpch.tiny.orders JOIN tpch.tiny.customer ON o_custkey = c_custkey WHERE c_acctbal > 0 GROUP BY c_mktsegment"));
            ResultComparison.assertSameResult(expected, ResultRows.toRows(coordinator.execute(join)), false, join);

            // worker 1 loses its copy: the coordinator sends it again before the next statement
            workers.kill(1);
            try (Stream<Path> files = Files.list(WorkerProcesses.workerDirectory(directory.resolve("workers"), 1).resolve("segments"))) {
                for (Path file : files.toList()) {
                    if (Long.parseLong(file.getFileName().toString().replace(".seg", "")) < Database.firstWorkerFileId(0)) {
                        Files.delete(file);
                    }
                }
            }
            awaitDeath(coordinator, workers.addresses().get(1));
            workers.restart(1);
            ResultComparison.assertSameResult(expected, ResultRows.toRows(coordinator.execute(join)), false, join + " after worker 1 lost its copy");
        }
    }

    @Test
    void aWorkerKilledAtRandomMomentsOfWritesLeavesEveryStatementWholeOrAbsent()
            throws Exception
    {
        Random random = new Random(20261125);
        Path coordinatorDirectory = directory.resolve("coordinator");
        try (DatabaseWorkers workers = DatabaseWorkers.start(directory.resolve("workers"), 2);
                ClusterCoordinator coordinator = coordinator(workers, coordinatorDirectory)) {
            coordinator.execute("CREATE TABLE t (k BIGINT NOT NULL, batch INTEGER) WITH (partitioned_by = 'k')");
            Map<Integer, Long> acknowledged = new TreeMap<>();
            for (int batch = 1; batch <= 6; batch++) {
                int victim = random.nextInt(2);
                int number = batch;
                CompletableFuture<Void> write = CompletableFuture.runAsync(() -> insertBatch(coordinator, number));
                Thread.sleep(random.nextInt(400));
                workers.kill(victim);
                try {
                    write.get(60, TimeUnit.SECONDS);
                    acknowledged.put(batch, BATCH_ROWS);
                }
                catch (java.util.concurrent.ExecutionException e) {
                    // not acknowledged: it must have left nothing
                }
                awaitDeath(coordinator, workers.addresses().get(victim));
                workers.restart(victim);
                Map<Integer, Long> stored = batches(coordinator);
                assertEquals(acknowledged, stored, "after killing worker " + victim + " during batch " + batch);
            }
        }
    }

    private static ClusterCoordinator coordinator(DatabaseWorkers workers, Path directory)
    {
        return new ClusterCoordinator(workers.addresses(), directory, null, 1, ExchangeSettings.DEFAULT, "127.0.0.1");
    }

    private static void insertBatch(ClusterCoordinator coordinator, int batch)
    {
        List<List<Object>> written = ResultRows.toRows(coordinator.execute("INSERT INTO t SELECT l_orderkey, " + batch + " FROM tpch.tiny.lineitem"));
        assertEquals(List.of(List.of(BATCH_ROWS)), written);
    }

    /** The rows of each batch stored, by batch. */
    private static Map<Integer, Long> batches(ClusterCoordinator coordinator)
    {
        Map<Integer, Long> counts = new TreeMap<>();
        for (List<Object> row : ResultRows.toRows(coordinator.execute("SELECT batch, count(*) FROM t GROUP BY batch"))) {
            counts.put(((Number) row.get(0)).intValue(), ((Number) row.get(1)).longValue());
        }
        return counts;
    }

    /** Waits until the coordinator saw the worker die, so that its next statement reopens the workers. */
    private static void awaitDeath(ClusterCoordinator coordinator, String worker)
            throws InterruptedException
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!coordinator.deadWorkers().contains(worker) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(coordinator.deadWorkers().contains(worker), "the coordinator did not see worker " + worker + " die");
    }
}
