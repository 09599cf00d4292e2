package io.signo.server.cluster;

import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker process killed in the middle of a query: the query fails with an error that names the
 * worker, nothing hangs, and the next query runs on the workers left and gives the right answer.
 * The timeouts only guard against a hang.
 */
class WorkerFailureTest
{
    private static final double SCALE_FACTOR = 0.01;
    /** Kills a worker: the cluster is this class's own, only DuckDB's reference is shared. */
    @RegisterExtension
    static final SharedTpchFixture REFERENCE = SharedTpchFixture.withDuckDb(Setup.of(SCALE_FACTOR));
    /** Every lineitem row against every part row: minutes of work, so it is surely running when the worker dies. */
    private static final String LONG_QUERY = "select count(*) from lineitem a, lineitem b where a.l_quantity + b.l_quantity < 0";

    @Test
    void aKilledWorkerFailsItsQueryByNameAndTheClusterAnswersTheNextQuery()
            throws Exception
    {
        try (WorkerProcesses workers = WorkerProcesses.start(3, 1, "512m");
                ClusterCoordinator coordinator = new ClusterCoordinator(workers.addresses(), SCALE_FACTOR, 1)) {
            String victim = workers.addresses().get(1);
            QueryControl control = new QueryControl();
            CompletableFuture<Object> longQuery = CompletableFuture.supplyAsync(() -> coordinator.execute(new Session("victim"), LONG_QUERY, control, counters -> {}));
            control.started().get(30, TimeUnit.SECONDS);
            assertTrue(!longQuery.isDone(), "the long query ended before the worker was killed: " + (longQuery.isDone() ? longQuery.join() : ""));

            workers.process(1).destroyForcibly();

            ExecutionException failure = assertThrows(ExecutionException.class, () -> longQuery.get(20, TimeUnit.SECONDS));
            SignoException error = assertInstanceOf(SignoException.class, failure.getCause());
            assertTrue(error.getMessage().contains(victim), "the error should name the dead worker " + victim + ": " + error.getMessage());
            assertEquals(ErrorCode.NODE_FAILED, error.errorCode(), error.getMessage());

            // the error may come first from a surviving worker that saw the death; the coordinator follows within seconds
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (coordinator.workers().size() > 2 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            List<String> survivors = coordinator.workers();
            assertEquals(2, survivors.size());
            assertTrue(!survivors.contains(victim));

            String sql = TpchQueries.query(3);
            CompletableFuture<List<List<Object>>> q3 = CompletableFuture.supplyAsync(() -> ResultRows.toRows(coordinator.execute(sql)));
            List<List<Object>> actual;
            try {
                actual = q3.get(60, TimeUnit.SECONDS);
            }
            catch (TimeoutException e) {
                throw new AssertionError("Q3 did not finish in 60 s after the worker died; the stacks:\n" + ThreadDumps.of(workers), e);
            }
            ResultComparison.assertSameResult(REFERENCE.fixture().duckDb().query(sql), actual, true, "Q3 after a worker died");
        }
    }
}
