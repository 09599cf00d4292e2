package io.signo.storage.tpcds;

import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.generator.ParallelGenerator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * Generates the 24 TPC-DS tables (io.trino.tpcds, a port of the official dsdgen) straight into
 * columnar segments, with {@link ParallelGenerator}: the fact tables and the larger dimensions split
 * into partitions by the generator's own chunking (which keeps small tables in the first chunk), the
 * small dimensions replicated. The returns tables are generated from the same chunk of their sales
 * table, so partition i of store_returns holds returns of the tickets in partition i of store_sales.
 */
public final class TpcdsData
{
    public static final String SCHEMA_NAME = "tpcds";

    /** Native bytes of the tables that do not grow with the scale factor (the dates, times and small dimensions), measured at SF 0.01 and 0.1. */
    private static final double FIXED_BYTES = 1.86e8;
    /** Native bytes per unit of scale factor of the others, from the same measurements. */
    private static final double BYTES_PER_SCALE_FACTOR = 7.8e8;

    private TpcdsData() {}

    /** About the native memory the 24 tables take at {@code scaleFactor}: what the checks of a requested scale factor compare with the memory the process may use. */
    public static long estimatedBytes(double scaleFactor)
    {
        return (long) Math.min(Long.MAX_VALUE, FIXED_BYTES + scaleFactor * BYTES_PER_SCALE_FACTOR);
    }

    /** The names of the 24 tables, largest first. */
    public static List<String> tableNames()
    {
        return TpcdsTableDefinition.ALL.stream().map(TpcdsTableDefinition::name).toList();
    }

    /**
     * Generates all 24 tables at {@code scaleFactor} into a catalog named "tpcds", using
     * {@code parallelism} threads, counting memory against {@code pool}. The tables' memory stays
     * allocated for the life of the process; use {@link #generateDataSet} to be able to free it.
     */
    public static Catalog generate(double scaleFactor, int parallelism, MemoryPool pool)
    {
        return generateDataSet(scaleFactor, parallelism, pool).catalog();
    }

    /** Like {@link #generate}, returning the catalog with the memory that holds it. */
    public static GeneratedDataSet generateDataSet(double scaleFactor, int parallelism, MemoryPool pool)
    {
        return generateDataSet(scaleFactor, parallelism, partition -> true, parallelism, pool);
    }

    /**
     * Generates one node's share of the data: of the partitioned tables, each cut into
     * {@code partitionCount} chunks, only the partitions that {@code partitionFilter} accepts; the
     * replicated tables whole (see {@link ParallelGenerator#generate}).
     */
    public static GeneratedDataSet generateDataSet(double scaleFactor, int partitionCount, IntPredicate partitionFilter, int parallelism, MemoryPool pool)
    {
        return ParallelGenerator.generate(SCHEMA_NAME, TpcdsTableDefinition.ALL, scaleFactor, partitionCount, partitionFilter, parallelism, pool, GeneratedDataSet::new);
    }
}
