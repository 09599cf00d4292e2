package io.signo.core.driver;

import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.FilterProjectOperator.FilterProjectOperatorFactory;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.TableScanOperator;
import io.signo.core.operator.TestingSink;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A scan decodes each segment into memory the driver reuses for the next segment when the operator
 * that keeps nothing of its input (here a sink, in the engine an aggregation) kept nothing of the
 * segment's pages, through a filter-and-project that passes the scan's columns on; and never reuses
 * a segment's memory a page of which was kept. Run with {@code -Dsigno.poisonRecycledPages=true}
 * (the build's tests are), a page read after its memory was reused reads garbage and fails here.
 */
class ScanRoundRecyclingTest
{
    private static final int SEGMENTS = 12;
    /** More than a scan hands on in one page, so each segment goes on in parts. */
    private static final int ROWS = 20_000;

    /** A segment that decodes its rows, {@code first ..}, into the memory of the allocator it is given, as a Parquet row group does. */
    private record DecodingSegment(long first)
            implements Segment
    {
        @Override
        public int rowCount()
        {
            return ROWS;
        }

        @Override
        public ColumnStatistics[] columnStatistics()
        {
            return null;
        }

        @Override
        public Page read(int[] columns)
        {
            return read(columns, PageAllocator.transientPages());
        }

        @Override
        public Page read(int[] columns, PageAllocator allocator)
        {
            MemorySegment values = allocator.allocateForOverwrite((long) ROWS * Long.BYTES);
            for (int row = 0; row < ROWS; row++) {
                values.setAtIndex(ValueLayout.JAVA_LONG, row, first + row);
            }
            return new Page(ROWS, new ColumnVector(Type.BIGINT, ROWS, values, null, null));
        }

        @Override
        public boolean decodesOnRead()
        {
            return true;
        }

        @Override
        public int columnCount()
        {
            return 1;
        }

        @Override
        public long retainedBytes()
        {
            return 0;
        }
    }

    private static OperatorFactory scan()
    {
        List<Segment> segments = new ArrayList<>();
        for (int segment = 0; segment < SEGMENTS; segment++) {
            segments.add(new DecodingSegment((long) segment * ROWS));
        }
        return new TableScanOperator.Factory("numbers", new TableScanOperator.SegmentCursor(segments), new int[] {0});
    }

    /** The rows where {@code x >= 0}, all of them: the column passes through uncopied. */
    private static OperatorFactory keepAll()
    {
        PageFilter filter = new PageFilter(Expressions.comparison(ComparisonOperator.GREATER_THAN_OR_EQUAL, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 0L)));
        return new FilterProjectOperatorFactory(new PageProcessor(filter, List.of(Expressions.input(0, Type.BIGINT))));
    }

    private static void run(List<OperatorFactory> factories)
    {
        Driver driver = new DriverFactory(0, factories, 1).createDriver(0, MemoryPool.unbounded("query"));
        while (!driver.isFinished()) {
            driver.process(1_000_000_000L);
        }
        driver.close();
    }

    private static long expectedSum()
    {
        long rows = (long) SEGMENTS * ROWS;
        return rows * (rows - 1) / 2;
    }

    /** The sum of the page's rows, and the address of the memory its first row lies in, kept in {@code starts}. */
    private static long sum(Page page, Set<Long> starts)
    {
        ColumnVector column = page.column(0);
        long sum = 0;
        for (int position = 0; position < page.positionCount(); position++) {
            sum += column.getLong(position);
        }
        if (column.getLong(0) % ROWS == 0) {
            starts.add(column.values().address());
        }
        return sum;
    }

    /** Keeps the first page of every other segment, says so, and keeps nothing of the others. */
    private record FirstPageKeeper(List<Page> kept)
            implements OperatorFactory
    {
        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new Operator()
            {
                private boolean finished;
                private boolean keptLast;

                @Override
                public boolean needsInput()
                {
                    return !finished;
                }

                @Override
                public void addInput(Page page)
                {
                    keptLast = page.column(0).getLong(0) % (2L * ROWS) == 0;
                    if (keptLast) {
                        kept.add(page);
                    }
                }

                @Override
                public boolean keptNothingOfLastInput()
                {
                    return !keptLast;
                }

                @Override
                public Page getOutput()
                {
                    return null;
                }

                @Override
                public void finish()
                {
                    finished = true;
                }

                @Override
                public boolean isFinished()
                {
                    return finished;
                }
            };
        }

        @Override
        public String name()
        {
            return "FirstPageKeeper";
        }

        @Override
        public boolean keepsNothingOfInput()
        {
            return true;
        }
    }

    @Test
    void segmentsAreDecodedIntoTheSameMemoryWhenNothingIsKept()
    {
        for (List<OperatorFactory> factories : List.of(
                List.of(scan(), new TestingSink(page -> {}, false, true, false)),
                List.of(scan(), keepAll(), new TestingSink(page -> {}, false, true, false)))) {
            Set<Long> starts = new HashSet<>();
            long[] sum = new long[1];
            List<OperatorFactory> reading = new ArrayList<>(factories.subList(0, factories.size() - 1));
            reading.add(new TestingSink(page -> sum[0] += sum(page, starts), false, true, false));
            run(reading);
            assertEquals(expectedSum(), sum[0], "every row read as decoded, through " + reading.size() + " operators");
            assertEquals(1, starts.size(), "every segment was decoded into the memory of the first");
        }
    }

    @Test
    void aSegmentOfWhichAPageIsKeptIsNeverReused()
    {
        List<Page> kept = new ArrayList<>();
        run(List.of(scan(), keepAll(), new FirstPageKeeper(kept)));
        assertEquals(SEGMENTS / 2, kept.size());
        Set<Long> starts = new HashSet<>();
        for (Page page : kept) {
            long first = page.column(0).getLong(0);
            for (int position = 0; position < page.positionCount(); position++) {
                assertEquals(first + position, page.column(0).getLong(position), "a kept page still holds its values");
            }
            starts.add(page.column(0).values().address());
        }
        assertEquals(kept.size(), starts.size(), "no kept page's memory was decoded into again");
    }
}
