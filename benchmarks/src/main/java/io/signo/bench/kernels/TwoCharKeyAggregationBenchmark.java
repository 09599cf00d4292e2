package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
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
 * TPC-H Q1's grouping: {@code SELECT a, b, sum(value), count(*) ... GROUP BY a, b} over two one-letter
 * string keys, typed CHAR(1) (packed into a long) or unbounded VARCHAR (the generic multi-column
 * hash, which CHAR(1) keys took before packing), with Q1's 4 groups or all 676 letter pairs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class TwoCharKeyAggregationBenchmark
{
    static final int ROWS = 1 << 20;
    private static final String[][] Q1_GROUPS = {{"A", "F"}, {"N", "F"}, {"N", "O"}, {"R", "F"}};

    @Param({"4", "676"})
    public int groups;

    @Param({"CHAR(1)", "VARCHAR"})
    public String keyType;

    private List<Page> pages;
    private HashAggregationOperatorFactory factory;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        Type type = keyType.equals("VARCHAR") ? Type.VARCHAR : Type.character(1);
        SplittableRandom random = new SplittableRandom(3);
        pages = new ArrayList<>();
        for (int start = 0; start < ROWS; start += LineitemPages.PAGE_ROWS) {
            VectorBuilder first = new VectorBuilder(type, LineitemPages.PAGE_ROWS);
            VectorBuilder second = new VectorBuilder(type, LineitemPages.PAGE_ROWS);
            VectorBuilder value = new VectorBuilder(LineitemPages.DECIMAL, LineitemPages.PAGE_ROWS);
            for (int row = 0; row < LineitemPages.PAGE_ROWS; row++) {
                if (groups == Q1_GROUPS.length) {
                    String[] group = Q1_GROUPS[random.nextInt(Q1_GROUPS.length)];
                    first.appendString(group[0]);
                    second.appendString(group[1]);
                }
                else {
                    first.appendString(String.valueOf((char) ('A' + random.nextInt(26))));
                    second.appendString(String.valueOf((char) ('A' + random.nextInt(26))));
                }
                value.appendLong(random.nextInt(10_000_000));
            }
            pages.add(new Page(LineitemPages.PAGE_ROWS, first.build(), second.build(), value.build()));
        }
        factory = new HashAggregationOperatorFactory(
                List.of(0, 1),
                List.of(type, type),
                List.of(new AggregateCall(AggregateKind.SUM, 2, LineitemPages.DECIMAL, Type.decimal(18, 2)), AggregateCall.countStar()),
                AggregationStep.SINGLE);
        pool = MemoryPool.unbounded("two-char-key-aggregation-benchmark");
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long hashAggregation(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(factory.createOperator(context), pages, blackhole);
        }
    }
}
