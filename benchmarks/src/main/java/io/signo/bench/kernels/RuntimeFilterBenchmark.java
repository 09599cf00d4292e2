package io.signo.bench.kernels;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.TableScanOperator;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.RuntimeFilter;
import io.signo.core.operator.join.RuntimeFilterProbe;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
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

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The probe of a hash join's runtime filter, ns per probe row: {@link #PROBE_ROWS} BIGINT keys drawn
 * from [0, spacing * buildRows) against a build of every {@code spacing}-th key of that range, so the
 * min/max passes every row and the filter alone rejects all but one in {@code spacing}. Keys 8 apart
 * are dense enough for the exact bitmap; keys 32 apart get the Bloom filter. {@code filter} is the kernel (load,
 * hash and test one key column); {@code scan} is a table scan applying it, compaction of the
 * survivors (two columns) included. {@code filterTwoKeys} is the kernel of a filter on two key columns
 * (the key twice, as a join on two columns of one table probes it): each BIGINT key is tested on its own,
 * then both are hashed together for the rows those tests kept.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class RuntimeFilterBenchmark
{
    static final int PROBE_ROWS = 1 << 20;
    private static final int PAGE_ROWS = 1 << 14;

    @Param({"16384", "262144", "4194304"})
    public int buildRows;

    @Param({"8", "32"})
    public int spacing;

    private List<Page> probePages;
    private List<Segment> probeSegments;
    private RuntimeFilterProbe filterProbe;
    private RuntimeFilterProbe twoKeyProbe;
    private int[] positions;
    private MemoryPool pool;
    private OperatorContext buildContext;
    private JoinBridge bridge;

    @Setup(Level.Trial)
    public void setup()
    {
        SplittableRandom random = new SplittableRandom(7);
        List<Page> buildPages = new ArrayList<>();
        for (int start = 0; start < buildRows; start += PAGE_ROWS) {
            int rows = Math.min(PAGE_ROWS, buildRows - start);
            VectorBuilder key = new VectorBuilder(Type.BIGINT, rows);
            for (int row = 0; row < rows; row++) {
                key.appendLong((long) spacing * (start + row));
            }
            buildPages.add(new Page(rows, key.build()));
        }
        probePages = new ArrayList<>();
        probeSegments = new ArrayList<>();
        for (int start = 0; start < PROBE_ROWS; start += PAGE_ROWS) {
            VectorBuilder key = new VectorBuilder(Type.BIGINT, PAGE_ROWS);
            VectorBuilder value = new VectorBuilder(LineitemPages.DECIMAL, PAGE_ROWS);
            for (int row = 0; row < PAGE_ROWS; row++) {
                key.appendLong(random.nextLong((long) spacing * buildRows));
                value.appendLong(random.nextInt(10_000_000));
            }
            Page page = new Page(PAGE_ROWS, key.build(), value.build());
            probePages.add(page);
            probeSegments.add(new PageSegment(page, new ColumnStatistics[] {null, null}));
        }
        pool = MemoryPool.unbounded("runtime-filter-benchmark");
        bridge = new JoinBridge(true);
        buildContext = new OperatorContext(pool, 0);
        var builder = new HashBuilderOperatorFactory(bridge, List.of(0), List.of(Type.BIGINT), 1).createOperator(buildContext);
        for (Page page : buildPages) {
            builder.addInput(page);
        }
        builder.finish();
        RuntimeFilter filter = bridge.runtimeFilter();
        if (filter == null) {
            throw new IllegalStateException("no runtime filter for " + buildRows + " build rows");
        }
        filterProbe = new RuntimeFilterProbe(filter, new int[] {0});
        List<Page> twoKeyPages = new ArrayList<>();
        for (Page page : buildPages) {
            twoKeyPages.add(new Page(page.positionCount(), page.column(0), page.column(0)));
        }
        RuntimeFilter twoKeyFilter = RuntimeFilter.build(twoKeyPages, List.of(0, 1), List.of(Type.BIGINT, Type.BIGINT), RuntimeFilter.MAX_BUILD_ROWS);
        twoKeyProbe = new RuntimeFilterProbe(twoKeyFilter, new int[] {0, 0});
        positions = new int[PAGE_ROWS];
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        buildContext.close();
    }

    /** ns per probe row: the filter kernel alone. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public int filter()
    {
        return filterEveryPage(filterProbe);
    }

    /** ns per probe row: the kernel of a filter on two key columns. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public int filterTwoKeys()
    {
        return filterEveryPage(twoKeyProbe);
    }

    private int filterEveryPage(RuntimeFilterProbe probe)
    {
        int kept = 0;
        int[] positions = this.positions;
        for (Page page : probePages) {
            for (int i = 0; i < PAGE_ROWS; i++) {
                positions[i] = i;
            }
            kept += probe.filter(page, positions, PAGE_ROWS, true);
        }
        return kept;
    }

    /** ns per probe row: a scan that applies the filter and compacts each page to its survivors. */
    @Benchmark
    @OperationsPerInvocation(PROBE_ROWS)
    public long scan(Blackhole blackhole)
    {
        var cursor = new TableScanOperator.SegmentCursor(probeSegments);
        var factory = new TableScanOperator.Factory("probe", cursor, new int[] {0, 1}, SegmentPredicate.ALL,
                List.of(new ScanRuntimeFilter(bridge, new int[] {0}, "key from join 1")));
        long rows = 0;
        try (OperatorContext context = new OperatorContext(pool, 0);
                var scan = factory.createOperator(context)) {
            while (!scan.isFinished()) {
                Page page = scan.getOutput();
                if (page != null) {
                    blackhole.consume(page);
                    rows += page.positionCount();
                }
            }
        }
        return rows;
    }
}
