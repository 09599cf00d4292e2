package io.signo.storage.source;

import io.signo.storage.table.Catalog;

/**
 * The tables a {@link DataSource} opened on one node, with what holds their memory: closing frees
 * it, after which the catalog's pages must not be read.
 */
public interface SourceData
        extends AutoCloseable
{
    /** The node's tables: the partitions of its share, replicated tables whole; statistics of the share. */
    Catalog catalog();

    @Override
    void close();
}
