package io.signo.storage.tpch;

import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.vector.ColumnVector;
import io.trino.tpch.TpchEntity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntPredicate;

import static java.util.Objects.requireNonNull;

/**
 * Generates the eight TPC-H tables (io.trino.tpch, the text of the official dbgen) straight into
 * columnar segments of {@value #SEGMENT_ROWS} rows.
 *
 * <p>Each partitioned table is generated in chunks (as many as partitions; {@code parallelism} unless
 * given) with the generator's own part/partCount split, and chunk i becomes partition i; a worker may
 * generate only its partitions. The split is by key range and is the same
 * for lineitem and orders (by order) and for part and partsupp (by part), so those pairs are
 * co-located partition by partition. nation and region are replicated: one partition with all rows.
 */
public final class TpchData
{
    public static final String SCHEMA_NAME = "tpch";
    /** Rows per segment: one page, one scan morsel. */
    public static final int SEGMENT_ROWS = 8192;

    private TpchData() {}

    /**
     * Generates all eight tables at {@code scaleFactor} into a catalog named "tpch", using
     * {@code parallelism} threads, counting memory against {@code pool}. The tables' memory stays
     * allocated for the life of the process; use {@link #generateDataSet} to be able to free it.
     */
    public static Catalog generate(double scaleFactor, int parallelism, MemoryPool pool)
    {
        return generateDataSet(scaleFactor, parallelism, pool).catalog();
    }

    /**
     * Like {@link #generate}, returning the catalog with the memory that holds it. If generation
     * fails (for example the pool's limit is reached) all memory allocated so far is released.
     */
    public static TpchDataSet generateDataSet(double scaleFactor, int parallelism, MemoryPool pool)
    {
        return generateDataSet(scaleFactor, parallelism, partition -> true, parallelism, pool);
    }

    /**
     * Generates one node's share of the data: of the six partitioned tables, each cut into
     * {@code partitionCount} chunks, only the partitions (chunks 0 .. partitionCount - 1) that
     * {@code partitionFilter} accepts, each keeping its index; nation and region whole. The tables'
     * partitionings state the full partition count, so plans made for the whole data set (see
     * {@link io.signo.storage.table.Table#partitionCount()}) place partitions the same way, and the
     * tables' statistics describe this share only (merge them with
     * {@link io.signo.storage.table.TableStatistics#merge} for the whole). Generation runs on
     * {@code parallelism} threads.
     */
    public static TpchDataSet generateDataSet(double scaleFactor, int partitionCount, IntPredicate partitionFilter, int parallelism, MemoryPool pool)
    {
        if (partitionCount < 1) {
            throw new IllegalArgumentException("partitionCount must be at least 1: " + partitionCount);
        }
        requireNonNull(partitionFilter, "partitionFilter is null");
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scaleFactor must be positive: " + scaleFactor);
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
        requireNonNull(pool, "pool is null");

        List<ArenaPageAllocator> allocators = new ArrayList<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        ExecutorService executor = Executors.newFixedThreadPool(parallelism, Thread.ofPlatform().name("tpch-generator-", 0).daemon().factory());
        try {
            Map<TpchTableDefinition<?>, List<Future<GeneratedChunk>>> chunks = new LinkedHashMap<>();
            for (TpchTableDefinition<?> definition : TpchTableDefinition.ALL) {
                ArenaPageAllocator allocator = new ArenaPageAllocator(pool);
                allocators.add(allocator);
                boolean replicated = definition.partitioning().replicated();
                int partCount = replicated ? 1 : partitionCount;
                List<Future<GeneratedChunk>> futures = new ArrayList<>();
                for (int index = 0; index < partCount; index++) {
                    if (!replicated && !partitionFilter.test(index)) {
                        continue;
                    }
                    int partitionIndex = index;
                    futures.add(executor.submit(() -> generateChunk(definition, scaleFactor, partitionIndex, partCount, allocator, cancelled)));
                }
                chunks.put(definition, futures);
            }

            Catalog catalog = new Catalog(SCHEMA_NAME);
            for (Map.Entry<TpchTableDefinition<?>, List<Future<GeneratedChunk>>> entry : chunks.entrySet()) {
                catalog.addTable(assembleTable(entry.getKey(), entry.getValue(), partitionCount));
            }
            return new TpchDataSet(catalog, allocators);
        }
        catch (RuntimeException | Error e) {
            cancelled.set(true);
            executor.shutdownNow();
            awaitTermination(executor);
            closeAll(allocators, e);
            throw e;
        }
        finally {
            executor.shutdown();
        }
    }

    private static void awaitTermination(ExecutorService executor)
    {
        try {
            executor.awaitTermination(1, TimeUnit.MINUTES);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeAll(List<ArenaPageAllocator> allocators, Throwable failure)
    {
        for (ArenaPageAllocator allocator : allocators) {
            try {
                allocator.close();
            }
            catch (RuntimeException e) {
                // a chunk still running holds the arena; its memory then lives until the process ends
                failure.addSuppressed(e);
            }
        }
    }

    /** Partition {@code partitionIndex}: the generator's chunk {@code partitionIndex + 1} of {@code partCount}. */
    private static <E extends TpchEntity> GeneratedChunk generateChunk(TpchTableDefinition<E> definition, double scaleFactor, int partitionIndex, int partCount, ArenaPageAllocator allocator, AtomicBoolean cancelled)
    {
        List<Column> columns = definition.columns();
        ColumnStager[] stagers = new ColumnStager[columns.size()];
        for (int i = 0; i < stagers.length; i++) {
            stagers[i] = new ColumnStager(columns.get(i).type(), SEGMENT_ROWS);
        }
        List<Segment> segments = new ArrayList<>();
        int rows = 0;
        for (E row : definition.generator(scaleFactor, partitionIndex + 1, partCount)) {
            definition.appendRow(row, stagers);
            rows++;
            if (rows == SEGMENT_ROWS) {
                if (cancelled.get()) {
                    throw new CancellationException("TPC-H generation cancelled after another chunk failed");
                }
                segments.add(seal(stagers, rows, allocator));
                rows = 0;
            }
        }
        if (rows > 0) {
            segments.add(seal(stagers, rows, allocator));
        }
        ColumnSummary[] summaries = new ColumnSummary[stagers.length];
        for (int i = 0; i < stagers.length; i++) {
            summaries[i] = stagers[i].summary();
        }
        return new GeneratedChunk(partitionIndex, segments, summaries);
    }

    private static Segment seal(ColumnStager[] stagers, int rows, ArenaPageAllocator allocator)
    {
        ColumnVector[] vectors = new ColumnVector[stagers.length];
        ColumnStatistics[] statistics = new ColumnStatistics[stagers.length];
        for (int i = 0; i < stagers.length; i++) {
            vectors[i] = stagers[i].seal(allocator, statistics, i);
        }
        return new PageSegment(new Page(rows, vectors), statistics);
    }

    private static Table assembleTable(TpchTableDefinition<?> definition, List<Future<GeneratedChunk>> futures, int partitionCount)
    {
        List<Column> columns = definition.columns();
        ColumnSummary[] summaries = new ColumnSummary[columns.size()];
        for (int i = 0; i < summaries.length; i++) {
            summaries[i] = new ColumnSummary(columns.get(i).type());
        }
        List<Partition> partitions = new ArrayList<>();
        long rowCount = 0;
        for (Future<GeneratedChunk> future : futures) {
            GeneratedChunk chunk = await(future);
            partitions.add(new Partition(chunk.partitionIndex(), List.copyOf(chunk.segments())));
            for (Segment segment : chunk.segments()) {
                rowCount += segment.rowCount();
            }
            for (int i = 0; i < summaries.length; i++) {
                summaries[i].mergeFrom(chunk.summaries()[i]);
            }
        }
        Map<String, ColumnStatistics> columnStatistics = new LinkedHashMap<>();
        for (int i = 0; i < summaries.length; i++) {
            columnStatistics.put(columns.get(i).name(), summaries[i].toStatistics());
        }
        Partitioning partitioning = definition.partitioning().replicated() ? definition.partitioning() : definition.partitioning().withPartitionCount(partitionCount);
        return new Table(definition.name(), columns, List.copyOf(partitions), partitioning, new TableStatistics(rowCount, columnStatistics));
    }

    private static GeneratedChunk await(Future<GeneratedChunk> future)
    {
        try {
            return future.get();
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while generating TPC-H data", e);
        }
        catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("TPC-H generation failed", e.getCause());
        }
    }

    private record GeneratedChunk(int partitionIndex, List<Segment> segments, ColumnSummary[] summaries) {}
}
