package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code SELECT key, sum(value), count(*) ... GROUP BY key} over a BIGINT key: few groups (cache resident) and many. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class AggregationBenchmark
{
    static final int ROWS = 1 << 20;

    @Param({"8", "1000000"})
    public int groups;

    private List<Page> pages;
    private HashAggregationOperatorFactory factory;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        pages = LineitemPages.keyValue(ROWS, groups, false, 3);
        factory = new HashAggregationOperatorFactory(
                List.of(0),
                List.of(Type.BIGINT),
                List.of(new AggregateCall(AggregateKind.SUM, 1, LineitemPages.DECIMAL, Type.decimal(18, 2)), AggregateCall.countStar()),
                AggregationStep.SINGLE);
        pool = MemoryPool.unbounded("aggregation-benchmark");
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
