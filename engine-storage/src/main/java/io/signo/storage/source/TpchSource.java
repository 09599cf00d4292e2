package io.signo.storage.source;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;

/**
 * TPC-H generated in memory at a scale factor. Each node generates only the partitions of its
 * share; the partitioned tables have two partitions per node (at least four), so that the drivers
 * of a node have more than one partition to take morsels from.
 */
public record TpchSource(double scaleFactor)
        implements DataSource
{
    public TpchSource
    {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scaleFactor must be positive: " + scaleFactor);
        }
    }

    @Override
    public String schemaName()
    {
        return TpchData.SCHEMA_NAME;
    }

    @Override
    public SourceData open(NodeShare share, int threads, MemoryPool pool)
    {
        int partitionCount = Math.max(share.nodeCount(), 2) * 2;
        return TpchData.generateDataSet(scaleFactor, partitionCount, share::holds, Math.max(1, threads), pool);
    }
}
