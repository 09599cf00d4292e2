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
 * columns, in ns per input row of vectors of {@code rows} rows ({@link #ROWS_PER_INVOCATION} in all):
 * a random {@code keptPercent} of the rows is copied (98: Q1's filter; 4: a selective runtime
 * filter; 2: Q6's tests on a Parquet row group, whose {@code rows} are 122,880). The column is
 * BIGINT, CHAR(1) (Q1's flags), VARCHAR of 8 to 16 bytes (names, phone numbers) or of 10 to 40 bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CopyPositionsBenchmark
{
    /** 120 pages of 8,192 rows, or 8 row groups of 122,880. */
    static final int ROWS_PER_INVOCATION = 983_040;

    @Param({"98", "50", "4", "2"})
    public int keptPercent;

    /** 8,192: a page of the engine's; 122,880: a row group of a Parquet file as DuckDB writes it. */
    @Param({"8192", "122880"})
    public int rows;

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
        int vectorCount = ROWS_PER_INVOCATION / rows;
        vectors = new ColumnVector[vectorCount];
        positions = new int[vectorCount][rows];
        counts = new int[vectorCount];
        for (int v = 0; v < vectorCount; v++) {
            VectorBuilder builder = new VectorBuilder(type, rows);
            for (int row = 0; row < rows; row++) {
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
    @OperationsPerInvocation(ROWS_PER_INVOCATION)
    public void copy(Blackhole blackhole)
    {
        PageAllocator allocator = PageAllocator.transientPages();
        for (int v = 0; v < vectors.length; v++) {
            blackhole.consume(vectors[v].copyPositions(positions[v], counts[v], allocator));
        }
    }
}
