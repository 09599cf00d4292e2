package io.signo.storage.generator;

import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntPredicate;

import static java.util.Objects.requireNonNull;

/**
 * Generates a benchmark's tables straight into columnar segments of {@value #SEGMENT_ROWS} rows, on
 * a pool of threads, one task per table chunk.
 *
 * <p>Each partitioned table is generated in as many chunks as partitions, with the generator's own
 * split, and chunk i + 1 becomes partition i; a node may generate only its partitions. Replicated
 * tables are generated whole, as one partition. Each table's memory is one arena, so that a data set
 * frees all at once; if generation fails, everything allocated so far is released.
 */
public final class ParallelGenerator
{
    /** Rows per segment: one page, one scan morsel. */
    public static final int SEGMENT_ROWS = 8192;

    private ParallelGenerator() {}

    /**
     * Generates {@code tables} (largest first is best: the pool then finishes evenly) into a catalog
     * named {@code schemaName}: of the partitioned tables, each cut into {@code partitionCount}
     * chunks, only the partitions {@code partitionFilter} accepts, each keeping its index; replicated
     * tables whole. The tables' partitionings state the full partition count and their statistics
     * describe this share only. Generation runs on {@code parallelism} threads.
     */
    public static <D extends GeneratedDataSet> D generate(
            String schemaName,
            List<? extends GeneratedTableDefinition> tables,
            double scaleFactor,
            int partitionCount,
            IntPredicate partitionFilter,
            int parallelism,
            MemoryPool pool,
            DataSetFactory<D> dataSetFactory)
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
        ExecutorService executor = Executors.newFixedThreadPool(parallelism, Thread.ofPlatform().name(schemaName + "-generator-", 0).daemon().factory());
        try {
            Map<GeneratedTableDefinition, List<Future<GeneratedChunk>>> chunks = new LinkedHashMap<>();
            for (GeneratedTableDefinition definition : tables) {
                ArenaPageAllocator allocator = new ArenaPageAllocator(pool);
                allocators.add(allocator);
                boolean replicated = definition.partitioning().replicated();
                int chunkCount = replicated ? 1 : partitionCount;
                List<Future<GeneratedChunk>> futures = new ArrayList<>();
                for (int index = 0; index < chunkCount; index++) {
                    if (!replicated && !partitionFilter.test(index)) {
                        continue;
                    }
                    int partitionIndex = index;
                    futures.add(executor.submit(() -> generateChunk(definition, scaleFactor, partitionIndex, chunkCount, allocator, cancelled)));
                }
                chunks.put(definition, futures);
            }

            Catalog catalog = new Catalog(schemaName);
            for (Map.Entry<GeneratedTableDefinition, List<Future<GeneratedChunk>>> entry : chunks.entrySet()) {
                catalog.addTable(assembleTable(entry.getKey(), entry.getValue(), partitionCount));
            }
            return dataSetFactory.create(catalog, allocators);
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

    /** Makes the data set of a generated catalog and the arenas holding its tables. */
    @FunctionalInterface
    public interface DataSetFactory<D extends GeneratedDataSet>
    {
        D create(Catalog catalog, List<ArenaPageAllocator> tableAllocators);
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

    /** Partition {@code partitionIndex}: the generator's chunk {@code partitionIndex + 1} of {@code chunkCount}. */
    private static GeneratedChunk generateChunk(GeneratedTableDefinition definition, double scaleFactor, int partitionIndex, int chunkCount, ArenaPageAllocator allocator, AtomicBoolean cancelled)
    {
        SegmentBuilder rows = new SegmentBuilder(definition.columns(), SEGMENT_ROWS, allocator, cancelled::get);
        definition.generate(scaleFactor, partitionIndex + 1, chunkCount, rows);
        List<Segment> segments = rows.finish();
        return new GeneratedChunk(partitionIndex, segments, rows.summaries());
    }

    private static Table assembleTable(GeneratedTableDefinition definition, List<Future<GeneratedChunk>> futures, int partitionCount)
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
            partitions.add(new Partition(chunk.partitionIndex(), chunk.segments()));
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
            throw new IllegalStateException("interrupted while generating data", e);
        }
        catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("generation failed", e.getCause());
        }
    }

    private record GeneratedChunk(int partitionIndex, List<Segment> segments, ColumnSummary[] summaries) {}
}
