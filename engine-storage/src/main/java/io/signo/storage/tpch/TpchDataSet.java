package io.signo.storage.tpch;

import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.table.Catalog;

import java.util.List;

/** Generated TPC-H tables together with the memory that holds them (see {@link GeneratedDataSet}). */
public final class TpchDataSet
        extends GeneratedDataSet
{
    TpchDataSet(Catalog catalog, List<ArenaPageAllocator> tableAllocators)
    {
        super(catalog, tableAllocators);
    }
}
