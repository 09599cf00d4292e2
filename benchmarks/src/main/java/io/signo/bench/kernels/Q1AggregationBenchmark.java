package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * TPC-H Q1's partial aggregation as its scan and filter hand it over: 98% of each lineitem page
 * selected (a selected page, not copied), two CHAR(1) keys in Q1's 4 groups, and Q1's eight
 * aggregates: four DECIMAL sums, three averages and count(*). Per row of input, so that the cost
 * of the accumulators and of the key packing can be read off together.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class Q1AggregationBenchmark
{
    static final int ROWS = 1 << 20;
    private static final String[][] Q1_GROUPS = {{"A", "F"}, {"N", "F"}, {"N", "O"}, {"R", "F"}};
    private static final Type MONEY = Type.decimal(15, 2);
    private static final Type DISCOUNTED = Type.decimal(18, 4);
    private static final Type CHARGED = Type.decimal(21, 6);

    /** Whether the pages arrive as a filter leaves them (selected rows) or already dense. */
    @Param({"true", "false"})
    public boolean selected;

    private List<Page> pages;
    private HashAggregationOperatorFactory factory;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        SplittableRandom random = new SplittableRandom(7);
        Type flag = Type.character(1);
        pages = new ArrayList<>();
        for (int start = 0; start < ROWS; start += LineitemPages.PAGE_ROWS) {
            int rows = LineitemPages.PAGE_ROWS;
            VectorBuilder returnFlag = new VectorBuilder(flag, rows);
            VectorBuilder lineStatus = new VectorBuilder(flag, rows);
            VectorBuilder quantity = new VectorBuilder(MONEY, rows);
            VectorBuilder price = new VectorBuilder(MONEY, rows);
            VectorBuilder discount = new VectorBuilder(MONEY, rows);
            VectorBuilder discounted = new VectorBuilder(DISCOUNTED, rows);
            VectorBuilder charged = new VectorBuilder(CHARGED, rows);
            for (int row = 0; row < rows; row++) {
                String[] group = Q1_GROUPS[random.nextInt(Q1_GROUPS.length)];
                returnFlag.appendString(group[0]);
                lineStatus.appendString(group[1]);
                long units = 1 + random.nextInt(50);
                long extended = units * (90_000 + random.nextInt(1_000_000)) / 10;
                long off = random.nextInt(11);
                long tax = random.nextInt(9);
                quantity.appendLong(units * 100);
                price.appendLong(extended);
                discount.appendLong(off);
                discounted.appendLong(extended * (100 - off));
                long charge = extended * (100 - off) * (100 + tax);
                // DECIMAL(21, 6) is a long DECIMAL: two words per value
                charged.appendInt128(charge >> 63, charge);
            }
            Page page = new Page(rows, returnFlag.build(), lineStatus.build(), quantity.build(), price.build(), discount.build(), discounted.build(), charged.build());
            int[] kept = new int[rows];
            int count = 0;
            for (int row = 0; row < rows; row++) {
                if (!selected || random.nextInt(100) < 98) {
                    kept[count++] = row;
                }
            }
            pages.add(selected ? Page.selected(kept, count, columns(page)) : page);
        }
        factory = new HashAggregationOperatorFactory(
                List.of(0, 1),
                List.of(flag, flag),
                List.of(
                        new AggregateCall(AggregateKind.SUM, 2, MONEY, Type.decimal(38, 2)),
                        new AggregateCall(AggregateKind.SUM, 3, MONEY, Type.decimal(38, 2)),
                        new AggregateCall(AggregateKind.SUM, 5, DISCOUNTED, Type.decimal(38, 4)),
                        new AggregateCall(AggregateKind.SUM, 6, CHARGED, Type.decimal(38, 6)),
                        new AggregateCall(AggregateKind.AVG, 2, MONEY, Type.decimal(38, 6)),
                        new AggregateCall(AggregateKind.AVG, 3, MONEY, Type.decimal(38, 6)),
                        new AggregateCall(AggregateKind.AVG, 4, MONEY, Type.decimal(38, 6)),
                        AggregateCall.countStar()),
                AggregationStep.PARTIAL);
        pool = MemoryPool.unbounded("q1-aggregation-benchmark");
    }

    private static ColumnVector[] columns(Page page)
    {
        ColumnVector[] columns = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < columns.length; channel++) {
            columns[channel] = page.column(channel);
        }
        return columns;
    }

    /** Per generated row: with {@link #selected} 98% of them reach the accumulators. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long hashAggregation(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(factory.createOperator(context), pages, blackhole);
        }
    }
}
