package io.signo.bench.kernels;

import io.signo.storage.db.encoding.ColumnChunkCodec;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.ScratchPageAllocator;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.vector.ColumnVector;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Decoding (the scan path) and encoding (the load path) of TPC-H column chunks of 8192 rows at scale
 * factor 0.1 (16 chunks; the first ones again for the small tables), one column per parameter, each chunk in the encoding the codec chooses for it: the
 * encoded chunks lie in native memory as a mapped segment file does. Times are per row.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChunkCodecBenchmark
{
    static final int CHUNKS = 16;
    static final int ROWS = CHUNKS * TpchData.SEGMENT_ROWS;

    @Param({
            "lineitem.l_orderkey", // run-length and delta
            "lineitem.l_extendedprice", // frame of reference, 24 bits
            "lineitem.l_quantity", // frame of reference, 13 bits
            "lineitem.l_shipdate", // frame of reference on ints, 12 bits
            "orders.o_orderkey", // delta
            "lineitem.l_returnflag", // dictionary of 3 one-byte strings
            "lineitem.l_shipinstruct", // dictionary of 4 longer strings
            "lineitem.l_comment", // plain, LZ4
            "orders.o_clerk", // dictionary of 1000 strings, LZ4
            "customer.c_address", // plain, raw
            "customer.c_name", // plain, zstd
    })
    public String column;

    private TpchDataSet dataSet;
    private List<ColumnVector> vectors;
    private List<MemorySegment> encoded;

    @Setup
    public void setup()
    {
        // one partition, so that the small tables have a full chunk too
        dataSet = TpchData.generateDataSet(0.1, 1, partition -> true, 2, MemoryPool.unbounded("chunk-codec-benchmark"));
        String[] name = column.split("\\.");
        Table table = dataSet.catalog().table(name[0]);
        int channel = table.columnIndex(name[1]);
        List<ColumnVector> fullChunks = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                if (segment.readAll().positionCount() == TpchData.SEGMENT_ROWS) {
                    fullChunks.add(segment.readAll().column(channel));
                }
            }
        }
        // the first chunks, again from the first when a table has fewer
        vectors = new ArrayList<>();
        for (int i = 0; i < CHUNKS; i++) {
            vectors.add(fullChunks.get(i % fullChunks.size()));
        }
        encoded = new ArrayList<>();
        Arena arena = Arena.ofAuto();
        for (ColumnVector vector : vectors) {
            byte[] bytes = ColumnChunkCodec.encode(vector);
            MemorySegment segment = arena.allocate(bytes.length, 8);
            MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
            encoded.add(segment);
        }
    }

    @TearDown
    public void tearDown()
    {
        dataSet.close();
    }

    /**
     * Decodes into a scratch allocator taken back after each chunk, so that what is measured is
     * decoding, not the allocation of fresh native memory (a transient page costs about 2 us to
     * register and the first touch of its memory; a scan allocates as its operators do).
     */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void decode(Blackhole blackhole)
    {
        for (int i = 0; i < CHUNKS; i++) {
            ColumnVector vector = vectors.get(i);
            try (ScratchPageAllocator allocator = ScratchPageAllocator.open()) {
                blackhole.consume(ColumnChunkCodec.decode(vector.type(), vector.positionCount(), encoded.get(i), allocator));
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void encode(Blackhole blackhole)
    {
        for (int i = 0; i < CHUNKS; i++) {
            blackhole.consume(ColumnChunkCodec.encode(vectors.get(i)));
        }
    }
}
