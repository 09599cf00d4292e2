package io.signo.storage.generator;

import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.source.SourceData;
import io.signo.storage.table.Catalog;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Generated tables together with the memory that holds them: one arena per table, counted against
 * the pool given at generation. {@link #close()} frees every table at once and returns the bytes to
 * the pool; the catalog's pages must not be read afterwards.
 */
public class GeneratedDataSet
        implements SourceData
{
    private final Catalog catalog;
    private final List<ArenaPageAllocator> tableAllocators;

    public GeneratedDataSet(Catalog catalog, List<ArenaPageAllocator> tableAllocators)
    {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.tableAllocators = List.copyOf(requireNonNull(tableAllocators, "tableAllocators is null"));
    }

    @Override
    public final Catalog catalog()
    {
        return catalog;
    }

    /** Native bytes held by all tables. */
    public final long allocatedBytes()
    {
        long bytes = 0;
        for (ArenaPageAllocator allocator : tableAllocators) {
            bytes += allocator.allocatedBytes();
        }
        return bytes;
    }

    @Override
    public final void close()
    {
        for (ArenaPageAllocator allocator : tableAllocators) {
            allocator.close();
        }
    }
}
