package io.signo.sql.execution;

import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result streams from the root stage to its reader while the query runs: the first pages of a
 * result far larger than the result buffer arrive, and closing the stream or cancelling the query
 * stops it. The generous timeouts only catch a hang; they measure nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryExecutionTest
{
    private static final Duration HANG = Duration.ofSeconds(60);
    /** About 900 million rows: far more than the result buffer holds, and more than any test waits for. */
    private static final String HUGE_RESULT = "select l_orderkey, o_orderkey from lineitem, orders where l_quantity + o_totalprice > 0";

    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("query-execution-test"));
        engine = new SignoEngine(dataSet.catalog(), 2);
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void pagesArriveWhileTheQueryRunsAndClosingStopsIt()
    {
        assertTimeoutPreemptively(HANG, () -> {
            ResultStream stream = engine.start(new Session("test"), HUGE_RESULT, new QueryControl());
            QueryExecution execution = assertInstanceOf(QueryExecution.class, stream);
            for (int i = 0; i < 3; i++) {
                Page page = stream.nextPage();
                assertNotNull(page);
                assertTrue(page.positionCount() > 0);
            }
            CompletableFuture<Void> ended = execution.tasksEnded();
            assertFalse(ended.isDone(), "the query is still producing");
            stream.close();
            assertTrue(ended.handle((ignored, failure) -> failure != null).get(30, TimeUnit.SECONDS), "closing the stream stops the query");
        });
        assertEquals(25L, engine.execute("select count(*) from nation").pages().getFirst().column(0).getLong(0));
    }

    @Test
    void cancellingFailsTheReaderWithTheReason()
    {
        assertTimeoutPreemptively(HANG, () -> {
            QueryControl control = new QueryControl();
            try (ResultStream stream = engine.start(new Session("test"), HUGE_RESULT, control)) {
                assertNotNull(stream.nextPage());
                control.cancel("the test is done");
                SignoException error = assertThrows(SignoException.class, () -> {
                    while (stream.nextPage() != null) {
                        // the pages buffered before the cancel, if any
                    }
                });
                assertEquals(ErrorCode.QUERY_CANCELLED, error.errorCode());
                assertTrue(error.getMessage().contains("the test is done"), error.getMessage());
            }
        });
    }

    @Test
    void aWholeResultCollectsEveryPage()
    {
        QueryResult result = engine.start(new Session("test"), "select n_name from nation order by n_name", new QueryControl()).collect();
        assertEquals(25, result.rowCount());
        assertEquals("ALGERIA", result.pages().getFirst().column(0).getString(0).strip());
    }
}
