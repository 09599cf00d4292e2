package io.signo.core.driver;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSinkOperator;
import io.signo.core.exchange.ExchangeSourceOperator;
import io.signo.core.exchange.LocalExchange;
import io.signo.core.exchange.ResultBuffer;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.PageCollectorOperator;
import io.signo.core.operator.TableScanOperator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskExecutorTest
{
    private final TaskExecutor executor = new TaskExecutor(2);

    @AfterEach
    void tearDown()
    {
        executor.close();
    }

    private static List<Segment> segments(int segmentCount, int rowsPerSegment)
    {
        List<Segment> segments = new ArrayList<>();
        long next = 0;
        for (int s = 0; s < segmentCount; s++) {
            VectorBuilder builder = new VectorBuilder(Type.BIGINT, rowsPerSegment);
            for (int i = 0; i < rowsPerSegment; i++) {
                builder.appendLong(next++);
            }
            segments.add(new PageSegment(new Page(rowsPerSegment, builder.build()), new ColumnStatistics[1]));
        }
        return segments;
    }

    private static long sum(List<Page> pages)
    {
        long sum = 0;
        for (Page page : pages) {
            for (int i = 0; i < page.positionCount(); i++) {
                sum += page.column(0).getLong(i);
            }
        }
        return sum;
    }

    @Test
    void parallelScanThroughAnExchangeReadsEveryRowOnce()
            throws Exception
    {
        var cursor = new TableScanOperator.SegmentCursor(segments(50, 100));
        LocalExchange exchange = new LocalExchange(ExchangeKind.GATHER, 1, 3, null, 4096);
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        List<DriverFactory> pipelines = List.of(
                new DriverFactory(0, List.of(new TableScanOperator.Factory("t", cursor, new int[] {0}), new ExchangeSinkOperator.Factory(exchange)), 3),
                new DriverFactory(1, List.of(new ExchangeSourceOperator.Factory(exchange), new PageCollectorOperator.Factory(result)), 1));
        executor.execute(pipelines, MemoryPool.unbounded("test")).get(10, TimeUnit.SECONDS);
        long rows = 5000;
        result.finish();
        assertEquals(rows * (rows - 1) / 2, sum(drain(result)));
    }

    @Test
    void aFailingOperatorFailsTheQueryWithItsError()
    {
        var cursor = new TableScanOperator.SegmentCursor(segments(4, 10));
        OperatorFactory failing = new OperatorFactory()
        {
            @Override
            public Operator createOperator(OperatorContext context)
            {
                return new Operator()
                {
                    @Override
                    public boolean needsInput()
                    {
                        return true;
                    }

                    @Override
                    public void addInput(Page page)
                    {
                        throw new ArithmeticException("Division by zero");
                    }

                    @Override
                    public Page getOutput()
                    {
                        return null;
                    }

                    @Override
                    public void finish() {}

                    @Override
                    public boolean isFinished()
                    {
                        return false;
                    }
                };
            }

            @Override
            public String name()
            {
                return "Failing";
            }
        };
        var done = executor.execute(List.of(new DriverFactory(0, List.of(new TableScanOperator.Factory("t", cursor, new int[] {0}), failing), 2)), MemoryPool.unbounded("test"));
        ExecutionException failure = assertThrows(ExecutionException.class, () -> done.get(10, TimeUnit.SECONDS));
        assertTrue(failure.getCause() instanceof ArithmeticException);
        assertEquals("Division by zero", failure.getCause().getMessage());
    }

    @Test
    void aNodeWithoutPipelinesIsDoneAtOnce()
            throws Exception
    {
        // a worker gets no stage of a query that reads only replicated tables; its task must still end, and end well
        CompletableFuture<Void> done = executor.execute(List.of(), MemoryPool.unbounded("test"));
        assertDoesNotThrow(() -> done.get(10, TimeUnit.SECONDS));
        assertTrue(done.isDone() && !done.isCompletedExceptionally() && !done.isCancelled());
    }

    @Test
    void anEmptyTableGivesAnEmptyResult()
            throws Exception
    {
        var cursor = new TableScanOperator.SegmentCursor(List.of());
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        executor.execute(List.of(new DriverFactory(0, List.of(new TableScanOperator.Factory("t", cursor, new int[] {0}), new PageCollectorOperator.Factory(result)), 1)),
                MemoryPool.unbounded("test")).get(10, TimeUnit.SECONDS);
        result.finish();
        assertTrue(drain(result).isEmpty());
    }

    private static List<Page> drain(ResultBuffer result)
            throws InterruptedException
    {
        List<Page> pages = new ArrayList<>();
        for (Page page = result.take(); page != null; page = result.take()) {
            pages.add(page);
        }
        return pages;
    }
}
