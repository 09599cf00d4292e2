package io.signo.bench.kernels;

import io.signo.core.exchange.PageAccumulator;
import io.signo.core.exchange.PagePartitioner;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.AlignedPageReader;
import io.signo.storage.serde.AlignedPageWriter;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
import io.signo.storage.serde.SegmentRegionOutput;
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

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The exchange's kernels on lineitem-like pages, per row, the former way against the current one:
 * serializing (to a heap array with {@link PageSerializer}, against writing the aligned layout into
 * reused native memory) and reading back (into newly allocated vectors, against views of the
 * received memory); splitting a page by hash for 4 destinations (a new page per destination and
 * page with {@link PagePartitioner#split}, against rows grouped once by partition with
 * {@link PagePartitioner#group} and a column-by-column scatter into reused {@link PageAccumulator}s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ExchangeKernelsBenchmark
{
    static final int ROWS = 1 << 18;
    private static final int DESTINATIONS = 4;

    private List<Page> pages;
    private PageSerializer serializer;
    private PageDeserializer deserializer;
    private List<byte[]> serialized;
    private SegmentRegionOutput output;
    private List<MemorySegment> aligned;
    private PagePartitioner partitioner;
    private PageAccumulator[] accumulators;
    private int[] partitionOfRow;
    private int[][] positionsByDestination;
    private int[] counts;

    @Setup
    public void setup()
    {
        pages = LineitemPages.generate(ROWS, 1 << 20, 7);
        serializer = new PageSerializer(CompressionCodec.NONE);
        deserializer = new PageDeserializer();
        serialized = new ArrayList<>();
        aligned = new ArrayList<>();
        output = new SegmentRegionOutput(1 << 20);
        for (Page page : pages) {
            serialized.add(serializer.serialize(page));
            output.reset();
            AlignedPageWriter.write(page, output);
            MemorySegment copy = Arena.ofAuto().allocate(output.size(), 8);
            MemorySegment.copy(output.written(), 0, copy, 0, output.size());
            aligned.add(copy);
        }
        partitioner = new PagePartitioner(new int[] {0}, DESTINATIONS);
        accumulators = new PageAccumulator[DESTINATIONS];
        partitionOfRow = new int[LineitemPages.PAGE_ROWS];
        positionsByDestination = new int[DESTINATIONS][LineitemPages.PAGE_ROWS];
        counts = new int[DESTINATIONS];
        for (int i = 0; i < DESTINATIONS; i++) {
            accumulators[i] = new PageAccumulator();
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void serializeToHeap(Blackhole blackhole)
    {
        for (Page page : pages) {
            blackhole.consume(serializer.serialize(page));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void writeAligned(Blackhole blackhole)
    {
        for (Page page : pages) {
            output.reset();
            AlignedPageWriter.write(page, output);
            blackhole.consume(output.size());
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void deserializeIntoNewVectors(Blackhole blackhole)
    {
        for (byte[] bytes : serialized) {
            blackhole.consume(deserializer.deserialize(bytes));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void readAlignedViews(Blackhole blackhole)
    {
        for (MemorySegment bytes : aligned) {
            blackhole.consume(new AlignedPageReader(bytes).next());
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void splitIntoNewPages(Blackhole blackhole)
    {
        for (Page page : pages) {
            partitioner.split(page, (partition, part) -> blackhole.consume(part));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void scatterIntoAccumulators(Blackhole blackhole)
    {
        for (Page page : pages) {
            scatter(page);
            for (int partition = 0; partition < DESTINATIONS; partition++) {
                PageAccumulator accumulator = accumulators[partition];
                accumulator.commit(partitioner.partitionSize(partition));
                if (accumulator.positionCount() >= 8192) {
                    blackhole.consume(accumulator.view());
                    accumulator.reset();
                }
            }
        }
    }

    /**
     * The whole sending side of a hash exchange before the socket: rows grouped and scattered into
     * accumulators as in {@link #scatterIntoAccumulators}, and each full accumulator's rows laid out
     * for the wire by copying them into reused native memory ({@link AlignedPageWriter}): what a
     * compressed message does, and what an uncompressed one did before it referenced the rows.
     */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void scatterAndCopyForTheWire(Blackhole blackhole)
    {
        scatterThenSend(blackhole, false);
    }

    /**
     * As {@link #scatterAndCopyForTheWire}, with each full accumulator's rows handed over without a
     * copy ({@link PageAccumulator#detach}) and given back once sent, as an uncompressed message does.
     */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void scatterAndDetachForTheWire(Blackhole blackhole)
    {
        scatterThenSend(blackhole, true);
    }

    /** Groups a page's rows by destination and appends them, column by column, to every destination's accumulator. */
    private void scatter(Page page)
    {
        partitioner.group(page);
        for (PageAccumulator accumulator : accumulators) {
            accumulator.prepare(page);
        }
        int[] positions = partitioner.positions();
        for (int column = 0; column < page.columnCount(); column++) {
            for (int partition = 0; partition < DESTINATIONS; partition++) {
                accumulators[partition].appendColumn(column, page.column(column), positions, partitioner.partitionStart(partition), partitioner.partitionSize(partition));
            }
        }
    }

    private void scatterThenSend(Blackhole blackhole, boolean detach)
    {
        for (Page page : pages) {
            scatter(page);
            for (int partition = 0; partition < DESTINATIONS; partition++) {
                PageAccumulator accumulator = accumulators[partition];
                accumulator.commit(partitioner.partitionSize(partition));
                if (accumulator.positionCount() < 8192) {
                    continue;
                }
                if (detach) {
                    PageAccumulator.Detached detached = accumulator.detach();
                    blackhole.consume(AlignedPageWriter.serializedBytes(detached.page()));
                    detached.release().run();
                }
                else {
                    output.reset();
                    AlignedPageWriter.write(accumulator.view(), output);
                    blackhole.consume(output.size());
                    accumulator.reset();
                }
            }
        }
    }

    /** The scatter with one positions array per destination, filled row by row from the partitions: the grouping {@link #scatterIntoAccumulators} replaced. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void scatterWithArrayPerDestination(Blackhole blackhole)
    {
        for (Page page : pages) {
            int positionCount = page.positionCount();
            partitioner.partitions(page, partitionOfRow);
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < positionCount; i++) {
                int partition = partitionOfRow[i];
                positionsByDestination[partition][counts[partition]++] = i;
            }
            for (PageAccumulator accumulator : accumulators) {
                accumulator.prepare(page);
            }
            for (int column = 0; column < page.columnCount(); column++) {
                for (int partition = 0; partition < DESTINATIONS; partition++) {
                    accumulators[partition].appendColumn(column, page.column(column), positionsByDestination[partition], counts[partition]);
                }
            }
            for (int partition = 0; partition < DESTINATIONS; partition++) {
                PageAccumulator accumulator = accumulators[partition];
                accumulator.commit(counts[partition]);
                if (accumulator.positionCount() >= 8192) {
                    blackhole.consume(accumulator.view());
                    accumulator.reset();
                }
            }
        }
    }

    /** A coalesced page leaving for a consumer in this process: one allocation for all its vectors. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void copyIntoOneAllocation(Blackhole blackhole)
    {
        for (Page page : pages) {
            blackhole.consume(SegmentRegionOutput.copyOf(page, PageAllocator.transientPages()));
        }
    }
}
