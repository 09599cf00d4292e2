package io.signo.storage.source;

import io.signo.storage.memory.MemoryPool;

import java.io.Serializable;

/**
 * Where the rows of a catalog's tables come from: generated (TPC-H today), and later managed
 * tables in a database directory or files read in place, side by side. A coordinator hands the
 * source to its workers (it is serializable), each opens its {@link NodeShare}, and scans read the
 * splits of that share ({@link NodeShare#splits}); nothing above this seam knows which kind of
 * source it reads.
 */
public interface DataSource
        extends Serializable
{
    /** The schema the source's tables are queried in. */
    String schemaName();

    /**
     * Opens the part of every table that {@code share} holds: the partitions of its share of the
     * partitioned tables and the replicated tables whole, with the statistics of that part.
     *
     * @param threads how many threads opening may use
     * @param pool the memory the tables are counted against
     */
    SourceData open(NodeShare share, int threads, MemoryPool pool);
}
