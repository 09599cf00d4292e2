package io.signo.server.query;

import io.signo.sql.QueryResult;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The statements of a server as its clients and the admin API see them, over TPC-H SF 0.01 in this process. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryManagerTest
{
    /** Billions of row pairs: runs far longer than any test waits, unless cancelled. */
    private static final String LONG_QUERY = "select count(*) from lineitem a, lineitem b where a.l_quantity + b.l_quantity < 0";

    private TpchDataSet dataSet;
    private QueryManager manager;

    @BeforeAll
    void start()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("query-manager-test"));
        manager = new QueryManager(new LocalQueryRunner(new SignoEngine(dataSet.catalog(), 2), "127.0.0.1:0"), QueryEventListener.NONE, 50);
    }

    @AfterAll
    void stop()
    {
        manager.close();
        dataSet.close();
    }

    @Test
    void finishedQueryIsListedWithItsRows()
    {
        QueryResult result = manager.execute(new Session("alice"), "select n_name from nation where n_regionkey = 1");
        ManagedQuery query = manager.queries().getFirst();
        assertEquals(5, result.rowCount());
        assertEquals(QueryState.FINISHED, query.state());
        assertEquals("alice", query.user());
        assertEquals(5, query.rows());
        assertTrue(query.bytes() > 0);
        assertFalse(query.plan().isEmpty(), "the plan is kept for the admin API");
        assertEquals(query, manager.query(query.id()).orElseThrow());
    }

    @Test
    void failedQueryKeepsItsErrorCode()
    {
        SignoException error = assertThrows(SignoException.class, () -> manager.execute(new Session("bob"), "select 1 / 0 from nation"));
        ManagedQuery query = manager.queries().getFirst();
        assertEquals(ErrorCode.DIVISION_BY_ZERO, error.errorCode());
        assertEquals(QueryState.FAILED, query.state());
        assertEquals(ErrorCode.DIVISION_BY_ZERO, query.error().errorCode());
    }

    @Test
    void cancelStopsARunningQueryWithinASecond()
            throws Exception
    {
        ManagedQuery query = manager.create(new Session("carol"), LONG_QUERY);
        CompletableFuture<QueryResult> running = CompletableFuture.supplyAsync(() -> manager.run(query, Duration.ZERO));
        waitUntilRunning(query);

        long cancelledAt = System.nanoTime();
        assertTrue(manager.cancel(query.id(), "asked by the test"));
        Throwable failure = assertThrows(Exception.class, () -> running.get(10, TimeUnit.SECONDS)).getCause();
        long stoppedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);

        SignoException error = (SignoException) failure;
        assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode());
        assertTrue(error.getMessage().contains("asked by the test"), error.getMessage());
        assertEquals(QueryState.CANCELLED, query.state());
        assertTrue(stoppedMillis < 1000, "stopped " + stoppedMillis + " ms after the cancel");
        assertFalse(manager.cancel(query.id(), "again"), "an ended query cannot be cancelled");
    }

    @Test
    void timeoutCancelsTheQuery()
    {
        ManagedQuery query = manager.create(new Session("dave"), LONG_QUERY);
        SignoException error = assertThrows(SignoException.class, () -> manager.run(query, Duration.ofMillis(300)));
        assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode());
        assertTrue(error.getMessage().contains("timeout of 300 ms"), error.getMessage());
    }

    @Test
    void memoryLimitFailsOnlyTheQueryThatExceedsIt()
            throws Exception
    {
        String sql = "select l_orderkey, l_partkey, count(*) from lineitem group by l_orderkey, l_partkey";
        Session limited = new Session("limited");
        manager.execute(limited, "SET query_max_memory = '64kB'");
        CompletableFuture<QueryResult> unlimited = CompletableFuture.supplyAsync(() -> manager.execute(new Session("unlimited"), sql));

        SignoException error = assertThrows(SignoException.class, () -> manager.execute(limited, sql));
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode());
        assertTrue(error.getMessage().contains("query_max_memory"), error.getMessage());
        QueryResult groups = manager.execute(new Session("again"), "select count(*) from (select distinct l_orderkey, l_partkey from lineitem)");
        assertEquals(groups.pages().getFirst().column(0).getLong(0), unlimited.get(60, TimeUnit.SECONDS).rowCount(), "the query without a limit has all its groups");
    }

    @Test
    void unknownSessionPropertyNamesTheKnownOnes()
    {
        SignoException error = assertThrows(SignoException.class, () -> manager.execute(new Session("erin"), "SET query_max_memroy = '1GB'"));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("query_max_memory"), error.getMessage());
        SignoException size = assertThrows(SignoException.class, () -> manager.execute(new Session("erin"), "SET query_max_memory = 'lots'"));
        assertTrue(size.getMessage().contains("data size"), size.getMessage());
    }

    /** Waits until the query has started its tasks: a cancel then stops running drivers. */
    private static void waitUntilRunning(ManagedQuery query)
            throws Exception
    {
        query.started().get(30, TimeUnit.SECONDS);
        assertEquals(QueryState.RUNNING, query.state());
    }
}
