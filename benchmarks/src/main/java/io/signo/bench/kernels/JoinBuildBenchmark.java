package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
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

/**
 * The build of a hash join on a distinct BIGINT key (pages kept, lookup table built and published
 * through the {@link JoinBridge}), for a table that fits in the caches and one that does not.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JoinBuildBenchmark
{
    static final int SMALL_ROWS = 16384;
    static final int LARGE_ROWS = 4194304;
    private static final List<Type> TYPES = List.of(Type.BIGINT, LineitemPages.DECIMAL);

    private List<Page> smallPages;
    private List<Page> largePages;
    private MemoryPool pool;

    @Setup
    public void setup()
    {
        smallPages = LineitemPages.keyValue(SMALL_ROWS, SMALL_ROWS, true, 4);
        largePages = LineitemPages.keyValue(LARGE_ROWS, LARGE_ROWS, true, 4);
        pool = MemoryPool.unbounded("join-build-benchmark");
    }

    @Benchmark
    @OperationsPerInvocation(SMALL_ROWS)
    public Object buildFitsInCache(Blackhole blackhole)
    {
        return build(smallPages, blackhole);
    }

    @Benchmark
    @OperationsPerInvocation(LARGE_ROWS)
    public Object buildExceedsCache(Blackhole blackhole)
    {
        return build(largePages, blackhole);
    }

    private Object build(List<Page> pages, Blackhole blackhole)
    {
        JoinBridge bridge = new JoinBridge();
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            OperatorDriver.run(new HashBuilderOperatorFactory(bridge, List.of(0), TYPES, 1).createOperator(context), pages, blackhole);
            return bridge.whenBuilt().join();
        }
    }
}
