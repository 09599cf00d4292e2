package io.signo.server.cluster;

import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.execution.QueryExecution;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions, cancellation and memory limits of statements that run across two worker processes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterQueryControlTest
{
    // 3.6 billion pairs at SF 0.01: many seconds on any machine, so the cancel always meets it running
    private static final String LONG_QUERY = "select count(*) from lineitem a, lineitem b where a.l_quantity + b.l_quantity < 0";

    private WorkerProcesses workers;
    private ClusterCoordinator coordinator;

    @BeforeAll
    void start()
    {
        workers = WorkerProcesses.start(2, 1, "512m");
        coordinator = new ClusterCoordinator(workers.addresses(), 0.01, 1);
    }

    @AfterAll
    void stop()
    {
        coordinator.close();
        workers.close();
    }

    @Test
    void explainAnalyzeSumsEachOperatorOverTheWorkers()
    {
        String where = "l_shipdate >= DATE '1994-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";
        long filtered = coordinator.execute("select count(*) from lineitem where " + where).pages().getFirst().column(0).getLong(0);
        long lineitem = coordinator.execute("select count(*) from lineitem").pages().getFirst().column(0).getLong(0);
        QueryControl control = new QueryControl();
        QueryResult result = coordinator.execute(new Session("a"), "EXPLAIN ANALYZE select sum(l_extendedprice * l_discount) from lineitem where " + where, control,
                counters -> {});
        List<String> plan = new ArrayList<>();
        for (Page page : result.pages()) {
            for (int i = 0; i < page.positionCount(); i++) {
                plan.add(page.column(0).getString(i));
            }
        }
        String text = String.join("\n", plan);
        assertTrue(plan.getFirst().startsWith("Query ran in ") && plan.getFirst().contains(", 1 result row,"), text);
        // the scan and the filter run on both workers: their rows are the sums of the two shares
        assertEquals(lineitem, actualRowsUnder(plan, "TableScan[lineitem"), text);
        assertEquals(filtered, actualRowsUnder(plan, "FilterProject[filter="), text);
        // the workers' partial sums meet in the coordinator's final step: one row each
        assertEquals(1, actualRowsUnder(plan, "Aggregate[FINAL"), text);
        assertEquals(2, actualRowsUnder(plan, "Aggregate[PARTIAL"), text);
        // the workers reported their operators and their memory with their tasks
        assertTrue(control.statistics().operators().stream().anyMatch(operator -> operator.operator().startsWith("TableScan") && operator.instances() == 2),
                control.statistics().operators().toString());
        assertTrue(control.statistics().peakBytes() > 0);
    }

    private static long actualRowsUnder(List<String> plan, String node)
    {
        for (int i = 0; i < plan.size() - 1; i++) {
            if (plan.get(i).contains("- ") && plan.get(i).contains(node)) {
                String actual = plan.get(i + 1).strip();
                assertTrue(actual.startsWith("actual: "), actual);
                return Long.parseLong(actual.substring("actual: ".length(), actual.indexOf(' ', "actual: ".length())));
            }
        }
        throw new AssertionError("no node " + node + " in\n" + String.join("\n", plan));
    }

    @Test
    void cancelStopsTheQueryOnEveryNodeWithinASecond()
            throws Exception
    {
        QueryControl control = new QueryControl();
        CompletableFuture<QueryResult> running = CompletableFuture.supplyAsync(() -> coordinator.execute(new Session("a"), LONG_QUERY, control, counters -> {}));
        control.started().get(30, TimeUnit.SECONDS);
        assertFalse(running.isDone(), "the long query ended before it was cancelled");

        long cancelledAt = System.nanoTime();
        control.cancel("asked by the test");
        ExecutionException failure = assertThrows(ExecutionException.class, () -> running.get(10, TimeUnit.SECONDS));
        long stoppedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);

        SignoException error = assertInstanceOf(SignoException.class, failure.getCause());
        assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode(), error.getMessage());
        assertTrue(stoppedMillis < 1000, "stopped " + stoppedMillis + " ms after the cancel");
        // the workers dropped their tasks: the next query gets their threads and answers
        assertEquals(25L, coordinator.execute("select count(*) from nation").pages().getFirst().column(0).getLong(0));
    }

    @Test
    void resultPagesStreamFromTheWorkersAndClosingStopsTheQueryEverywhere()
    {
        // billions of rows: only a result that streams from the running query gives its first pages
        String sql = "select a.l_orderkey, b.l_orderkey from lineitem a, lineitem b where a.l_quantity + b.l_quantity > 0";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ResultStream stream = coordinator.start(new Session("d"), sql, new QueryControl(), counters -> {});
            for (int i = 0; i < 3; i++) {
                Page page = stream.nextPage();
                assertNotNull(page);
                assertTrue(page.positionCount() > 0);
            }
            CompletableFuture<Void> ended = assertInstanceOf(QueryExecution.class, stream).tasksEnded();
            assertFalse(ended.isDone(), "the workers are still producing");
            stream.close();
            assertTrue(ended.handle((ignored, failure) -> failure != null).get(10, TimeUnit.SECONDS), "closing the stream stops the query");
        });
        assertEquals(25L, coordinator.execute("select count(*) from nation").pages().getFirst().column(0).getLong(0));
    }

    @Test
    void memoryLimitFailsOnlyTheLimitedSession()
            throws Exception
    {
        String sql = "select l_orderkey, l_linenumber, count(*) from lineitem group by l_orderkey, l_linenumber";
        Session limited = new Session("limited");
        coordinator.execute(limited, "SET query_max_memory = '64kB'", new QueryControl(), counters -> {});
        CompletableFuture<QueryResult> unlimited = CompletableFuture.supplyAsync(() -> coordinator.execute(new Session("unlimited"), sql, new QueryControl(), counters -> {}));

        SignoException error = assertThrows(SignoException.class, () -> coordinator.execute(limited, sql, new QueryControl(), counters -> {}));
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode(), error.getMessage());
        // a worker sends the code with its failure; the coordinator reports it, naming the worker
        SignoException division = assertThrows(SignoException.class,
                () -> coordinator.execute(new Session("division"), "select sum(l_quantity / (l_linenumber - l_linenumber)) from lineitem", new QueryControl(), counters -> {}));
        assertEquals(ErrorCode.DIVISION_BY_ZERO, division.errorCode(), division.getMessage());
        assertTrue(division.getMessage().contains("on worker"), division.getMessage());
        assertTrue(error.getMessage().contains("query_max_memory"), error.getMessage());

        long lineitemRows = coordinator.execute("select count(*) from lineitem").pages().getFirst().column(0).getLong(0);
        assertEquals(lineitemRows, unlimited.get(60, TimeUnit.SECONDS).rowCount(), "(orderkey, linenumber) is the key of lineitem");
    }

    @Test
    void pagesBufferedForSendingCountAgainstTheMemoryLimitWhileTheClientReadsNothing()
    {
        // a scan gathered to the coordinator holds nothing but pages on their way to it
        String sql = "select l_orderkey from lineitem";
        Session limited = new Session("send-limited");
        coordinator.execute(limited, "SET query_max_memory = '200kB'", new QueryControl(), counters -> {});
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ResultStream stream = coordinator.start(limited, sql, new QueryControl(), counters -> {});
            // the client does not read until the workers failed: their batches for it grew past the limit
            CompletableFuture<Void> ended = assertInstanceOf(QueryExecution.class, stream).tasksEnded();
            assertTrue(ended.handle((ignored, failure) -> failure != null).get(30, TimeUnit.SECONDS), "the query fails on its own");
            SignoException error = assertThrows(SignoException.class, () -> {
                while (stream.nextPage() != null) {
                    // the pages that came before the failure
                }
            });
            stream.close();
            assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("query_max_memory 204800 bytes"), error.getMessage());
            assertTrue(error.getMessage().contains("pages to send"), error.getMessage());
        });
        // without the limit the same query returns every row
        long lineitemRows = coordinator.execute("select count(*) from lineitem").pages().getFirst().column(0).getLong(0);
        assertEquals(lineitemRows, coordinator.execute(new Session("send-unlimited"), sql, new QueryControl(), counters -> {}).rowCount());
    }

    @Test
    void exchangeCountersComeWithTheQuery()
    {
        List<ExchangeCounters> counters = new ArrayList<>();
        coordinator.execute(new Session("c"), "select o_orderpriority, count(*) from orders group by o_orderpriority", new QueryControl(), counters::addAll);
        assertFalse(counters.isEmpty());
        assertTrue(counters.stream().mapToLong(ExchangeCounters::pagesSent).sum() > 0, counters.toString());
    }
}
