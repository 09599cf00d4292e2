package io.signo.core.exchange;

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

    ExchangeSource source(int partition);

    int partitionCount();
}
