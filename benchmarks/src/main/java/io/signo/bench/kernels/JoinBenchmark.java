package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The probe of an inner equi-join on a BIGINT key: {@link #PROBE_ROWS} rows that each match one
 * build row, against a build side that fits in the caches (16 Ki rows) and one that does not (4 Mi
 * rows). Both sides carry one DECIMAL; the build is {@link JoinBuildBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JoinBenchmark
{
    static final int PROBE_ROWS = 1 << 20;
    private static final List<Type> TYPES = List.of(Type.BIGINT, LineitemPages.DECIMAL);

    @Param({"16384", "4194304"})
    public int buildRows;

    private List<Page> buildPages;
    private List<Page> probePages;
    private MemoryPool pool;
    private OperatorContext probeBuildContext;
    private LookupJoinOperatorFactory probeFactory;

    @Setup(Level.Trial)
    public void setup()
    {
        buildPages = LineitemPages.keyValue(buildRows, buildRows, true, 4);
        probePages = LineitemPages.keyValue(PROBE_ROWS, buildRows, false, 5);
        pool = MemoryPool.unbounded("join-benchmark");
        JoinBridge bridge = new JoinBridge();
        probeBuildContext = new OperatorContext(pool, 0);
        // the probe benchmark's table, built once; its builder is closed only at tear-down
        var builder = new HashBuilderOperatorFactory(bridge, List.of(0), TYPES, 1).createOperator(probeBuildContext);
        for (Page page : buildPages) {
            builder.addInput(page);
        }
        builder.finish();
        probeFactory = new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), TYPES, List.of(0, 1), List.of(1), null);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        probeBuildContext.close();
    }

    /** ns per probe row. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public long probe(Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(probeFactory.createOperator(context), probePages, blackhole);
        }
    }
}
