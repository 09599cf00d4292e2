package io.signo.core.exchange;

import io.signo.storage.memory.MemoryPool;

/**
 * Moves pages from the drivers of one stage to the drivers of the next. Implementations: in memory
 * inside one process ({@link LocalExchange}); over the network between processes (engine-net).
 * The planner always plans exchanges; a single process is a cluster of one.
 */
public interface Exchange
{
    ExchangeKind kind();

    /** Creates the sink for one producer; exactly the declared number of producers must be created. */
    ExchangeSink createSink();

    /**
     * Creates the sink for one producer of a query whose memory is counted in {@code queryPool}: an
     * exchange that buffers pages for sending (to another process) counts those bytes there, and the
     * producer fails with {@link io.signo.storage.error.ErrorCode#EXCEEDED_MEMORY_LIMIT} when they do
     * not fit. An exchange inside one process hands pages over as they are and counts nothing.
     */
    default ExchangeSink createSink(MemoryPool queryPool)
    {
        return createSink();
    }

    ExchangeSource source(int partition);

    int partitionCount();
}
