package io.signo.storage.tpch;

import io.signo.storage.generator.ParallelGenerator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;

import java.util.function.IntPredicate;

/**
 * Generates the eight TPC-H tables (io.trino.tpch, the text of the official dbgen) straight into
 * columnar segments of {@value #SEGMENT_ROWS} rows, with {@link ParallelGenerator}.
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
    public static final int SEGMENT_ROWS = ParallelGenerator.SEGMENT_ROWS;

    /** Native bytes the tables take per unit of scale factor, measured at SF 0.01 and 0.1 (1.19 GB each time). */
    private static final double BYTES_PER_SCALE_FACTOR = 1.19e9;

    private TpchData() {}

    /** About the native memory the eight tables take at {@code scaleFactor}: what the checks of a requested scale factor compare with the memory the process may use. */
    public static long estimatedBytes(double scaleFactor)
    {
        return (long) Math.min(Long.MAX_VALUE, scaleFactor * BYTES_PER_SCALE_FACTOR);
    }

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
        return ParallelGenerator.generate(SCHEMA_NAME, TpchTableDefinition.ALL, scaleFactor, partitionCount, partitionFilter, parallelism, pool, TpchDataSet::new);
    }
}
