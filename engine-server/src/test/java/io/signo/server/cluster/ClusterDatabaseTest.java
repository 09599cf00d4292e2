package io.signo.server.cluster;

import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.ddl.DatabaseScripts;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.tpch.TpchRefreshData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * A cluster's database on real worker processes: the database scripts answer as DuckDB does on 2
 * and 3 workers, and a statement commits on every worker or none when a worker is killed with
 * SIGKILL between its prepare and the coordinator's commit, or at a random moment of a write.
 * The tests on two workers share two worker processes, started once, since starting a JVM is most
 * of what a test of a few statements costs: each test's coordinator has a directory of its own,
 * which is a new database (the workers drop every file it does not name), and a worker a test
 * killed and did not bring back is started again before the next test. A worker's directory holds
 * the files of one cluster size, so the scripts on three workers start three of their own.
 */
class ClusterDatabaseTest
{
    /** The rows of tpch.tiny.lineitem, which every batch inserts. */
    private static final long BATCH_ROWS = 60_175;

    @TempDir
    static Path workersDirectory;

    private static DatabaseWorkers workers;

    @TempDir
    Path directory;

    @BeforeAll
    static void startWorkers()
            throws Exception
    {
        workers = DatabaseWorkers.start(workersDirectory, 2);
    }

    @AfterAll
    static void stopWorkers()
    {
        if (workers != null) {
            workers.close();
        }
    }

    @BeforeEach
    void restartKilledWorkers()
            throws Exception
    {
        workers.restartEnded();
    }

    @TestFactory
    Stream<DynamicTest> scriptsAnswerAsDuckDbOnTwoAndThreeWorkers()
    {
        return Stream.of(2, 3).map(workerCount -> dynamicTest(workerCount + " workers", () -> {
            Path base = directory.resolve(workerCount + "-workers");
            try (DatabaseWorkers threeWorkers = workerCount == 3 ? DatabaseWorkers.start(base.resolve("workers"), 3) : null) {
                List<String> addresses = threeWorkers == null ? workers.addresses() : threeWorkers.addresses();
                for (String script : DatabaseScripts.SCRIPTS) {
                    // a new coordinator directory is a new database: the workers drop every file it does not name
                    try (ClusterCoordinator coordinator = coordinator(addresses, base.resolve("coordinator-" + script))) {
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
        try (ClusterCoordinator coordinator = coordinator(workers.addresses(), coordinatorDirectory)) {
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
        try (ClusterCoordinator coordinator = coordinator(workers.addresses(), coordinatorDirectory)) {
            assertEquals(Map.of(1, BATCH_ROWS, 2, BATCH_ROWS), batches(coordinator));
            // the batches are co-partitioned on k: the join of one with the other meets every order's lines on one worker
            assertEquals(ResultRows.toRows(coordinator.execute("SELECT sum(c * c) FROM (SELECT count(*) AS c FROM tpch.tiny.lineitem GROUP BY l_orderkey) AS o")),
                    ResultRows.toRows(coordinator.execute("SELECT count(*) FROM t a JOIN t b ON a.k = b.k WHERE a.batch = 1 AND b.batch = 2")));
        }
    }

    @Test
    void joinsBuildOnEachWorkersCopyOfAReplicatedTableWhichAWorkerThatLostItGetsBack()
            throws Exception
    {
        try (ClusterCoordinator coordinator = coordinator(workers.addresses(), directory.resolve("coordinator"))) {
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
            try (Stream<Path> files = Files.list(WorkerProcesses.workerDirectory(workersDirectory, 1).resolve("segments"))) {
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
        try (ClusterCoordinator coordinator = coordinator(workers.addresses(), coordinatorDirectory)) {
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

    /**
     * The TPC-H refresh functions on 2 workers, each one atomic batch of two statements, with a worker
     * killed during each: afterwards orders and lineitem hold the state before the function or the state
     * after it, on every worker, never part of it. RF1 (two INSERTs) of pair 1 kills at the first
     * statement's prepare (the batch must fail and leave nothing), of pair 2 once every statement of
     * the batch has prepared (the commit must stand), of pair 3 at a random moment (an acknowledged
     * function is there whole). RF2 (two DELETEs) writes no file on the workers, so it has no prepare:
     * its deletes are delete vectors in the coordinator's manifest; each is killed at a random moment.
     * A function that failed runs again once the worker is back, so that the next one finds its rows.
     */
    @Test
    void aWorkerKilledDuringARefreshFunctionLeavesTheStateBeforeOrAfterIt()
            throws Exception
    {
        double scale = 0.01;
        Random random = new Random(20261127);
        Session session = new Session("test");
        try (ClusterCoordinator coordinator = coordinator(workers.addresses(), directory.resolve("coordinator"))) {
            coordinator.execute("CREATE TABLE orders WITH (partitioned_by = 'o_orderkey') AS SELECT * FROM tpch.tiny.orders");
            coordinator.execute("CREATE TABLE lineitem WITH (partitioned_by = 'l_orderkey') AS SELECT * FROM tpch.tiny.lineitem");
            int[] preparesPerFunction = new int[3];
            for (int pair = 1; pair <= 3; pair++) {
                TpchRefreshData data = TpchRefreshData.generate(scale, pair, 5);
                for (int function = 1; function <= 2; function++) {
                    List<Long> before = refreshState(coordinator);
                    List<String> statements;
                    List<Long> after = new ArrayList<>(before);
                    if (function == 1) {
                        statements = data.refreshFunction1(1000);
                        after.set(0, before.get(0) + data.orders().size());
                        after.set(1, before.get(1) + data.orders().stream().mapToLong(TpchRefreshData.Order::orderKey).sum());
                        after.set(2, before.get(2) + data.lineItems().size());
                        after.set(3, before.get(3) + data.lineItems().stream().mapToLong(TpchRefreshData.LineItem::orderKey).sum());
                    }
                    else {
                        statements = data.refreshFunction2();
                        String keys = statements.getFirst().substring(statements.getFirst().indexOf(" IN "));
                        List<Object> orders = ResultRows.toRows(coordinator.execute("SELECT count(*), coalesce(sum(o_orderkey), 0) FROM orders WHERE o_orderkey" + keys)).getFirst();
                        List<Object> lines = ResultRows.toRows(coordinator.execute("SELECT count(*), coalesce(sum(l_orderkey), 0) FROM lineitem WHERE l_orderkey" + keys)).getFirst();
                        assertEquals((long) data.deletedOrderKeys().length, ((Number) orders.get(0)).longValue(), "RF2 of pair " + pair + " finds each of its orders");
                        after.set(0, before.get(0) - ((Number) orders.get(0)).longValue());
                        after.set(1, before.get(1) - ((Number) orders.get(1)).longValue());
                        after.set(2, before.get(2) - ((Number) lines.get(0)).longValue());
                        after.set(3, before.get(3) - ((Number) lines.get(1)).longValue());
                    }
                    int victim = random.nextInt(2);
                    // the prepare at which the worker dies: the first, the last of the batch, or none (killed after a random sleep)
                    int killAt = function == 2 ? 0 : switch (pair) {
                        case 1 -> 1;
                        case 2 -> preparesPerFunction[function];
                        default -> 0;
                    };
                    AtomicInteger prepares = new AtomicInteger();
                    AtomicBoolean killed = new AtomicBoolean();
                    coordinator.beforeCommit(() -> {
                        if (prepares.incrementAndGet() == killAt && killed.compareAndSet(false, true)) {
                            try {
                                workers.kill(victim);
                            }
                            catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    });
                    CompletableFuture<List<Long>> refresh = CompletableFuture.supplyAsync(() -> coordinator.executeAtomically(session, statements, new QueryControl()));
                    if (killAt == 0) {
                        Thread.sleep(random.nextInt(500));
                        killed.set(true);
                        workers.kill(victim);
                    }
                    boolean acknowledged;
                    try {
                        refresh.get(120, TimeUnit.SECONDS);
                        acknowledged = true;
                    }
                    catch (java.util.concurrent.ExecutionException e) {
                        acknowledged = false;
                    }
                    String context = "pair " + pair + " RF" + function + ", worker " + victim + " killed" + (killAt > 0 ? " at prepare " + killAt : "")
                            + (acknowledged ? ", acknowledged" : ", failed");
                    assertTrue(killed.get(), context + ": the worker was not killed");
                    awaitDeath(coordinator, workers.addresses().get(victim));
                    workers.restart(victim);
                    AtomicInteger preparesAlone = new AtomicInteger();
                    coordinator.beforeCommit(preparesAlone::incrementAndGet);
                    List<Long> state = refreshState(coordinator);
                    assertTrue(state.equals(before) || state.equals(after), context + ": " + state + " is neither the state before " + before + " nor after " + after);
                    if (acknowledged) {
                        assertEquals(after, state, context);
                    }
                    if (pair == 2 && function == 1) {
                        // every statement had prepared on every worker before the kill: the commit stands
                        assertEquals(after, state, context);
                    }
                    if (state.equals(before)) {
                        coordinator.executeAtomically(session, statements, new QueryControl());
                        assertEquals(after, refreshState(coordinator), context + ", run again");
                        preparesPerFunction[function] = preparesAlone.get();
                    }
                    if (pair == 1 && function == 1) {
                        // the batch has more statements to prepare after the first: it fails as a whole
                        assertTrue(preparesPerFunction[function] > 1, context + ": prepares of the batch alone " + preparesPerFunction[function]);
                        assertEquals(before, state, context);
                    }
                }
            }
            // pair 1 deleted loaded orders, pairs 2 and 3 those of pairs 1 and 2: what is left of the refreshes is pair 3's
            long[] pairThree = TpchRefreshData.insertedOrderKeys(scale, 3);
            assertEquals(List.of(List.of((long) pairThree.length)), ResultRows.toRows(coordinator.execute("SELECT count(*) FROM orders WHERE o_orderkey % 32 >= 8")));
        }
    }

    /** Rows and sums of keys of orders and of lineitem, read across every worker. */
    private static List<Long> refreshState(ClusterCoordinator coordinator)
    {
        List<Object> orders = ResultRows.toRows(coordinator.execute("SELECT count(*), sum(o_orderkey) FROM orders")).getFirst();
        List<Object> lines = ResultRows.toRows(coordinator.execute("SELECT count(*), sum(l_orderkey) FROM lineitem")).getFirst();
        return List.of(((Number) orders.get(0)).longValue(), ((Number) orders.get(1)).longValue(), ((Number) lines.get(0)).longValue(), ((Number) lines.get(1)).longValue());
    }

    private static ClusterCoordinator coordinator(List<String> addresses, Path directory)
    {
        return new ClusterCoordinator(addresses, directory, null, 1, ExchangeSettings.DEFAULT, "127.0.0.1");
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
