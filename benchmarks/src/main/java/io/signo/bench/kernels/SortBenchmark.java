package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.sort.OrderByOperator.OrderByOperatorFactory;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.sort.TopNOperator.TopNOperatorFactory;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** ORDER BY a random BIGINT key (with a DECIMAL carried along) and the top 100 by the same key. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SortBenchmark
{
    static final int ROWS = 1 << 20;
    private static final List<Type> TYPES = List.of(Type.BIGINT, LineitemPages.DECIMAL);

    private List<Page> pages;
    private OrderByOperatorFactory orderBy;
    private TopNOperatorFactory topN;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        pages = LineitemPages.keyValue(ROWS, Long.MAX_VALUE, false, 6);
        orderBy = new OrderByOperatorFactory(List.of(0), List.of(SortOrder.ASC_NULLS_LAST), TYPES);
        topN = new TopNOperatorFactory(100, List.of(0), List.of(SortOrder.DESC_NULLS_LAST), TYPES);
        pool = MemoryPool.unbounded("sort-benchmark");
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long sort(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(orderBy.createOperator(context), pages, blackhole);
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long topN(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(topN.createOperator(context), pages, blackhole);
        }
    }
}
