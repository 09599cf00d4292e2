package io.signo.bench.kernels;

import io.signo.storage.page.Page;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Lineitem-like pages (BIGINT, three DECIMALs, DATE, VARCHAR) to bytes and back, without and with LZ4. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SerdeBenchmark
{
    static final int ROWS = 1 << 18;

    @Param({"NONE", "LZ4"})
    public CompressionCodec codec;

    private List<Page> pages;
    private List<byte[]> serialized;
    private PageSerializer serializer;
    private PageDeserializer deserializer;

    @Setup
    public void setup()
    {
        pages = LineitemPages.generate(ROWS, 1 << 20, 7);
        serializer = new PageSerializer(codec);
        deserializer = new PageDeserializer();
        serialized = new ArrayList<>();
        for (Page page : pages) {
            serialized.add(serializer.serialize(page));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void serialize(Blackhole blackhole)
    {
        for (Page page : pages) {
            blackhole.consume(serializer.serialize(page));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void deserialize(Blackhole blackhole)
    {
        for (byte[] bytes : serialized) {
            blackhole.consume(deserializer.deserialize(bytes));
        }
    }
}
