package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.TopNPerPartitionOperator.TopNPerPartitionOperatorFactory;
import io.signo.core.operator.window.WindowFunction;
import io.signo.core.operator.window.WindowFunctionKind;
import io.signo.core.operator.window.WindowOperator.WindowOperatorFactory;
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

/**
 * {@code ROW_NUMBER() OVER (PARTITION BY key ORDER BY l_extendedprice DESC) <= 3} over lineitem-shaped
 * rows (SF 0.1 has 1,000 suppliers, SF 1 10,000): the window operator, which sorts whole partitions
 * and numbers every row (the filter after it not counted), against the top-N per partition.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class WindowTopNBenchmark
{
    static final int ROWS = 600_000;

    @Param({"1000", "10000"})
    public long partitions;

    private List<Page> pages;
    private WindowOperatorFactory window;
    private TopNPerPartitionOperatorFactory topN;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        pages = LineitemPages.generate(ROWS, partitions, 11);
        List<Integer> partitionChannels = List.of(LineitemPages.KEY);
        List<Integer> orderChannels = List.of(LineitemPages.EXTENDED_PRICE);
        List<SortOrder> orders = List.of(SortOrder.DESC_NULLS_FIRST);
        window = new WindowOperatorFactory(partitionChannels, orderChannels, orders,
                List.of(WindowFunction.ranking(WindowFunctionKind.ROW_NUMBER, 0, Type.BIGINT)), LineitemPages.TYPES);
        topN = new TopNPerPartitionOperatorFactory(partitionChannels, orderChannels, orders, WindowFunctionKind.ROW_NUMBER, 3, false, Type.BIGINT, LineitemPages.TYPES);
        pool = MemoryPool.unbounded("window-top-n-benchmark");
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long window(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(window.createOperator(context), pages, blackhole);
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long topNPerPartition(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(topN.createOperator(context), pages, blackhole);
        }
    }
}
