package io.signo.storage.source;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpcds.TpcdsData;

/**
 * TPC-DS generated in memory at a scale factor. Each node generates only the partitions of its
 * share of the partitioned tables, and the replicated dimension tables whole; as with TPC-H, two
 * partitions per node (at least four), so that the drivers of a node have more than one to take
 * morsels from.
 */
public record TpcdsSource(double scaleFactor)
        implements DataSource
{
    public TpcdsSource
    {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scaleFactor must be positive: " + scaleFactor);
        }
    }

    @Override
    public String schemaName()
    {
        return TpcdsData.SCHEMA_NAME;
    }

    @Override
    public SourceData open(NodeShare share, int threads, MemoryPool pool)
    {
        int partitionCount = Math.max(share.nodeCount(), 2) * 2;
        return TpcdsData.generateDataSet(scaleFactor, partitionCount, share::holds, Math.max(1, threads), pool);
    }
}
