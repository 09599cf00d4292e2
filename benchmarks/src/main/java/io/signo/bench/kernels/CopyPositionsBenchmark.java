package io.signo.bench.kernels;

import io.signo.storage.memory.PageAllocator;
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

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@code ColumnVector.copyPositions}, the gather behind every filter's output and every join's probe
 * columns, in ns per input row of {@link #VECTORS} vectors of {@link #ROWS} rows: a random
 * {@code keptPercent} of the rows is copied (98: Q1's filter; 4: a selective runtime filter). The
 * column is BIGINT, CHAR(1) (Q1's flags), VARCHAR of 8 to 16 bytes (names, phone numbers) or of 10 to
 * 40 bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CopyPositionsBenchmark
{
    static final int ROWS = 8192;
    static final int VECTORS = 64;

    @Param({"98", "50", "4"})
    public int keptPercent;

    @Param({"BIGINT", "CHAR1", "SHORT_VARCHAR", "VARCHAR"})
    public String column;

    private ColumnVector[] vectors;
    private int[][] positions;
    private int[] counts;

    @Setup
    public void setup()
    {
        SplittableRandom random = new SplittableRandom(11);
        Type type = switch (column) {
            case "BIGINT" -> Type.BIGINT;
            case "CHAR1" -> Type.character(1);
            default -> Type.VARCHAR;
        };
        vectors = new ColumnVector[VECTORS];
        positions = new int[VECTORS][ROWS];
        counts = new int[VECTORS];
        for (int v = 0; v < VECTORS; v++) {
            VectorBuilder builder = new VectorBuilder(type, ROWS);
            for (int row = 0; row < ROWS; row++) {
                switch (column) {
                    case "BIGINT" -> builder.appendLong(random.nextLong());
                    case "CHAR1" -> builder.appendString(String.valueOf((char) ('A' + random.nextInt(3))));
                    case "SHORT_VARCHAR" -> builder.appendString("y".repeat(8 + random.nextInt(9)));
                    default -> builder.appendString("x".repeat(10 + random.nextInt(31)));
                }
                if (random.nextInt(100) < keptPercent) {
                    positions[v][counts[v]++] = row;
                }
            }
            vectors[v] = builder.build();
        }
    }

    @Benchmark
    @OperationsPerInvocation(VECTORS * ROWS)
    public void copy(Blackhole blackhole)
    {
        PageAllocator allocator = PageAllocator.transientPages();
        for (int v = 0; v < VECTORS; v++) {
            blackhole.consume(vectors[v].copyPositions(positions[v], counts[v], allocator));
        }
    }
}
