package io.signo.server.cluster;

import io.signo.sql.QueryControl;
import io.signo.sql.QuerySteps;
import io.signo.sql.ResultRows;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.execution.QueryExecution;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The steps of a query on two workers, as the REST API and --stats show them, the round trips it does not make, and what it leaves behind. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterQueryStepsTest
{
    private WorkerServer first;
    private WorkerServer second;
    private ClusterCoordinator coordinator;

    @BeforeAll
    void start()
    {
        first = new WorkerServer("127.0.0.1", 0, 1);
        second = new WorkerServer("127.0.0.1", 0, 1);
        coordinator = new ClusterCoordinator(List.of(first.address(), second.address()), 0.01, 1);
    }

    @AfterAll
    void stop()
    {
        coordinator.close();
        first.close();
        second.close();
    }

    @Test
    void aQueryOnTheWorkersHasEveryStepInOrderOnEveryNode()
    {
        // a statement no other test sends, so that the workers decode its plan
        assertEquals(List.of(List.of(15000L)), ResultRows.toRows(coordinator.execute("SELECT count(*) FROM orders WHERE o_orderkey > 0")));
        List<QuerySteps.Step> steps = coordinator.lastQuerySteps();
        assertInOrder(steps, QuerySteps.COORDINATOR, List.of("parsed and optimized", "physical plan", "fragmented", "plan encoded", "start requests sent",
                "pipelines built", "coordinator tasks started", "tasks started"));
        // the client may take the last page before the root stage's drivers have ended, never the end of the result
        assertInOrder(steps, QuerySteps.COORDINATOR, List.of("coordinator tasks started", "first result page", "result complete"));
        assertInOrder(steps, QuerySteps.COORDINATOR, List.of("coordinator tasks started", "coordinator tasks ended", "result complete"));
        for (int worker = 0; worker < 2; worker++) {
            assertInOrder(steps, "worker " + worker, List.of("on a driver thread", "request decoded", "plan decoded", "fragmented", "pipelines built", "tasks started", "tasks ended"));
            // a worker may answer before the coordinator has sent the other workers' requests: its own request left after the plan was encoded
            assertInOrder(steps, QuerySteps.COORDINATOR, List.of("plan encoded", "worker " + worker + " started its tasks"));
            assertInOrder(steps, QuerySteps.COORDINATOR, List.of("plan encoded", "worker " + worker + " reported its end"));
        }
    }

    @Test
    void aWorkerStartsAStatementSentAgainFromThePlanItDecodedForItBefore()
    {
        String sql = "SELECT c_mktsegment, count(*) FROM customer GROUP BY c_mktsegment ORDER BY c_mktsegment";
        List<List<Object>> expected = ResultRows.toRows(coordinator.execute(sql));
        assertEquals(5, expected.size(), expected.toString());
        assertEquals(1500L, expected.stream().mapToLong(row -> (Long) row.get(1)).sum(), expected.toString());
        for (int worker = 0; worker < 2; worker++) {
            assertInOrder(coordinator.lastQuerySteps(), "worker " + worker, List.of("request decoded", "plan decoded", "fragmented", "pipelines built", "tasks started"));
        }
        int cachedFirst = first.cachedPlanCount();
        int cachedSecond = second.cachedPlanCount();

        for (int run = 0; run < 3; run++) {
            assertEquals(expected, ResultRows.toRows(coordinator.execute(sql)));
            List<QuerySteps.Step> steps = coordinator.lastQuerySteps();
            for (int worker = 0; worker < 2; worker++) {
                assertInOrder(steps, "worker " + worker, List.of("request decoded", "plan reused", "pipelines built", "tasks started", "tasks ended"));
                String node = "worker " + worker;
                assertTrue(steps.stream().noneMatch(step -> step.node().equals(node) && (step.name().equals("plan decoded") || step.name().equals("fragmented"))), steps.toString());
            }
        }
        // the same bytes found the same plan: nothing was added
        assertEquals(cachedFirst, first.cachedPlanCount());
        assertEquals(cachedSecond, second.cachedPlanCount());
    }

    @Test
    void aQueryOfReplicatedTablesOnlySendsTheWorkersNothing()
    {
        assertEquals(List.of(List.of(25L)), ResultRows.toRows(coordinator.execute("SELECT count(*) FROM nation")));
        List<QuerySteps.Step> steps = coordinator.lastQuerySteps();
        assertTrue(steps.stream().allMatch(step -> step.node().equals(QuerySteps.COORDINATOR) && !step.name().startsWith("worker")), steps.toString());
        assertInOrder(steps, QuerySteps.COORDINATOR, List.of("parsed and optimized", "coordinator tasks started", "coordinator tasks ended", "result complete"));
    }

    @Test
    void aWorkerHoldsNoExchangeOfAQueryThatEnded()
    {
        Session session = new Session("steps");
        // one stage gathered to the coordinator, and a hash exchange between the workers before it
        Map<String, Integer> rowCounts = Map.of("SELECT count(*) FROM orders", 1, "SELECT o_orderpriority, count(*) FROM orders GROUP BY o_orderpriority", 5);
        rowCounts.forEach((sql, rows) -> {
            for (int run = 0; run < 3; run++) {
                ResultStream stream = coordinator.start(session, sql, new QueryControl(), _ -> {});
                assertEquals(rows, ResultRows.toRows(stream.collect()).size(), sql);
                ((QueryExecution) stream).tasksEnded().join();
                // a worker closes them once its sinks sent their ends, which the root stage had before it ended
                awaitNoOpenExchange(first, sql);
                awaitNoOpenExchange(second, sql);
            }
        });
    }

    /** Waits (at most 10 s) until the worker holds no exchange; fails naming how many it still holds. */
    private static void awaitNoOpenExchange(WorkerServer worker, String sql)
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (worker.openExchangeCount() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        assertEquals(0, worker.openExchangeCount(), sql);
    }

    /** The node's steps include {@code names}, each once, at non-decreasing times in this order. */
    private static void assertInOrder(List<QuerySteps.Step> steps, String node, List<String> names)
    {
        double previous = -1;
        for (String name : names) {
            List<QuerySteps.Step> matching = steps.stream().filter(step -> step.node().equals(node) && step.name().equals(name)).toList();
            assertEquals(1, matching.size(), node + " " + name + " in " + steps);
            double millis = matching.getFirst().millis();
            assertTrue(millis >= previous, node + " " + name + " at " + millis + " ms, before the step ahead of it at " + previous + " ms: " + steps);
            previous = millis;
        }
    }
}
