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
    void driversCountEachOperatorsRowsPagesTimeAndPeakMemory()
            throws Exception
    {
        var cursor = new TableScanOperator.SegmentCursor(segments(50, 100));
        LocalExchange exchange = new LocalExchange(ExchangeKind.GATHER, 1, 3, null, 4096);
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        DriverFactory scan = new DriverFactory(0, List.of(new TableScanOperator.Factory("t", cursor, new int[] {0}), reservingPassThrough(4096),
                new ExchangeSinkOperator.Factory(exchange)), 3, List.of(2, 1, 0));
        DriverFactory gather = new DriverFactory(1, List.of(new ExchangeSourceOperator.Factory(exchange), new PageCollectorOperator.Factory(result)), 1, List.of(0, -1));
        executor.execute(List.of(scan, gather), MemoryPool.unbounded("test")).get(10, TimeUnit.SECONDS);
        result.finish();
        drain(result);

        List<OperatorStatistics> scanSide = scan.statistics();
        OperatorStatistics tableScan = scanSide.get(0);
        assertEquals(2, tableScan.planNodeId());
        assertEquals("TableScan[t]", tableScan.operator());
        assertEquals(3, tableScan.instances());
        assertEquals(5000, tableScan.outputRows());
        assertEquals(50, tableScan.outputPages());
        assertEquals(0, tableScan.inputRows());
        OperatorStatistics passThrough = scanSide.get(1);
        assertEquals(5000, passThrough.inputRows());
        assertEquals(50, passThrough.inputPages());
        assertEquals(5000, passThrough.outputRows());
        // every instance that saw a page held 4096 bytes at its peak
        assertTrue(passThrough.peakMemoryBytes() > 0 && passThrough.peakMemoryBytes() % 4096 == 0 && passThrough.peakMemoryBytes() <= 3 * 4096,
                "peak " + passThrough.peakMemoryBytes());
        assertEquals(5000, scanSide.get(2).inputRows());
        assertEquals(0, scanSide.get(2).outputRows());
        assertTrue(scanSide.stream().mapToLong(OperatorStatistics::wallNanos).sum() > 0);
        assertTrue(scanSide.stream().allMatch(operator -> operator.cpuNanos() >= 0 && operator.wallNanos() >= 0));

        List<OperatorStatistics> gatherSide = gather.statistics();
        assertEquals(5000, gatherSide.get(0).outputRows());
        assertEquals(-1, gatherSide.get(1).planNodeId());
        assertEquals(5000, gatherSide.get(1).inputRows());

        // summed by plan node and operator: the exchange's sink and source stay apart, both under node 0
        List<OperatorStatistics> merged = OperatorStatistics.merge(List.of(scanSide.get(2), gatherSide.get(0), scanSide.get(2)));
        assertEquals(2, merged.size());
        assertEquals(10000, merged.get(0).inputRows());
        assertEquals(6, merged.get(0).instances());
    }

    @Test
    void aPipelineThatSawNoRowsCountsNoRows()
            throws Exception
    {
        var cursor = new TableScanOperator.SegmentCursor(List.of());
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        DriverFactory pipeline = new DriverFactory(0, List.of(new TableScanOperator.Factory("t", cursor, new int[] {0}), new PageCollectorOperator.Factory(result)), 2,
                List.of(0, -1));
        executor.execute(List.of(pipeline), MemoryPool.unbounded("test")).get(10, TimeUnit.SECONDS);
        for (OperatorStatistics operator : pipeline.statistics()) {
            assertEquals(2, operator.instances());
            assertEquals(0, operator.inputRows() + operator.outputRows() + operator.peakMemoryBytes());
        }
    }

    /** Hands each page on as it is, holding {@code bytes} of reserved memory from its first page to its finish. */
    private static OperatorFactory reservingPassThrough(long bytes)
    {
        return new OperatorFactory()
        {
            @Override
            public Operator createOperator(OperatorContext context)
            {
                return new Operator()
                {
                    private Page pending;
                    private boolean finished;

                    @Override
                    public boolean needsInput()
                    {
                        return pending == null && !finished;
                    }

                    @Override
                    public void addInput(Page page)
                    {
                        context.memory().setBytes(bytes);
                        pending = page;
                    }

                    @Override
                    public Page getOutput()
                    {
                        Page page = pending;
                        pending = null;
                        return page;
                    }

                    @Override
                    public void finish()
                    {
                        finished = true;
                        context.memory().setBytes(0);
                    }

                    @Override
                    public boolean isFinished()
                    {
                        return finished && pending == null;
                    }
                };
            }

            @Override
            public String name()
            {
                return "ReservingPassThrough";
            }
        };
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
