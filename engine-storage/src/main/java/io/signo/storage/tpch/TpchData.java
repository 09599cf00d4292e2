package io.signo.storage.tpch;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;

/** Generates the eight TPC-H tables into columnar pages. */
public final class TpchData
{
    private TpchData() {}

    /**
     * Generates all eight tables at {@code scaleFactor} into a catalog named "tpch", using
     * {@code parallelism} threads, counting memory against {@code pool}.
     */
    public static Catalog generate(double scaleFactor, int parallelism, MemoryPool pool)
    {
        throw new UnsupportedOperationException("not built yet");
    }
}
