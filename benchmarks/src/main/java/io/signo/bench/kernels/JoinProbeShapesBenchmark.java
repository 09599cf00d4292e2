package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.join.BuildRowMarks;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.core.operator.join.RightSemiJoinOperator.RightSemiJoinOperatorFactory;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The probe paths {@link JoinBenchmark} does not take, each over {@link #PROBE_ROWS} BIGINT probe
 * rows against a build that fits in the caches: an inner join whose build keys repeat (chains of
 * about 4 rows), a RIGHT join (build row marks, then the unmatched build rows), and a right semi
 * join (marks only, the marked build rows at the end).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JoinProbeShapesBenchmark
{
    static final int PROBE_ROWS = 1 << 20;
    private static final int BUILD_ROWS = 1 << 16;
    private static final int BUILD_KEYS = 1 << 14;
    private static final List<Type> TYPES = List.of(Type.BIGINT, LineitemPages.DECIMAL);

    private List<Page> probePages;
    private MemoryPool pool;
    private OperatorContext buildContext;
    private JoinBridge duplicateKeysBridge;
    private JoinBridge uniqueKeysBridge;

    @Setup(Level.Trial)
    public void setup()
    {
        probePages = LineitemPages.keyValue(PROBE_ROWS, 2 * BUILD_KEYS, false, 5);
        pool = MemoryPool.unbounded("join-probe-shapes-benchmark");
        buildContext = new OperatorContext(pool, 0);
        duplicateKeysBridge = build(LineitemPages.keyValue(BUILD_ROWS, BUILD_KEYS, false, 4));
        uniqueKeysBridge = build(LineitemPages.keyValue(BUILD_KEYS, BUILD_KEYS, true, 4));
    }

    private JoinBridge build(List<Page> pages)
    {
        JoinBridge bridge = new JoinBridge();
        var builder = new HashBuilderOperatorFactory(bridge, List.of(0), TYPES, 1).createOperator(buildContext);
        for (Page page : pages) {
            builder.addInput(page);
        }
        builder.finish();
        return bridge;
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        buildContext.close();
    }

    /** ns per probe row; half the probe rows match, each about 4 build rows. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public long innerDuplicateKeys(Blackhole blackhole)
    {
        return run(new LookupJoinOperatorFactory(duplicateKeysBridge, JoinType.INNER, List.of(0), TYPES, List.of(0, 1), List.of(1), null), blackhole);
    }

    /** ns per probe row; half the probe rows match one build row each, every build row matches. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public long rightJoin(Blackhole blackhole)
    {
        return run(new LookupJoinOperatorFactory(uniqueKeysBridge, JoinType.RIGHT, List.of(0), TYPES, List.of(0, 1), List.of(1), null, new BuildRowMarks(1)), blackhole);
    }

    /** ns per probe row; build rows with duplicate keys, all marked. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public long rightSemiJoin(Blackhole blackhole)
    {
        return run(new RightSemiJoinOperatorFactory(duplicateKeysBridge, new BuildRowMarks(1), JoinType.SEMI, List.of(0), TYPES, null), blackhole);
    }

    private long run(OperatorFactory factory, Blackhole blackhole)
    {
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            return OperatorDriver.run(factory.createOperator(context), probePages, blackhole);
        }
    }
}
