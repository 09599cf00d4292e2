package io.signo.core.operator;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;

/** What an operator may use from its driver: its memory accounting and the allocator for output pages. */
public final class OperatorContext
        implements AutoCloseable
{
    private final MemoryPool queryPool;
    private final QueryMemoryContext memory;
    private final PageAllocator allocator;
    private final int driverIndex;
    private final boolean consumerTakesSelectedRows;

    public OperatorContext(MemoryPool queryPool, int driverIndex)
    {
        this(queryPool, driverIndex, false);
    }

    /** @param consumerTakesSelectedRows whether the next operator of the driver takes selected pages */
    public OperatorContext(MemoryPool queryPool, int driverIndex, boolean consumerTakesSelectedRows)
    {
        this.queryPool = queryPool;
        this.memory = new QueryMemoryContext(queryPool);
        this.allocator = PageAllocator.transientPages();
        this.driverIndex = driverIndex;
        this.consumerTakesSelectedRows = consumerTakesSelectedRows;
    }

    /**
     * True when the operator after this one in its driver accepts {@linkplain io.signo.storage.page.Page#selected
     * selected pages}, so this one may output them; the driver compacts any other selected page.
     */
    public boolean consumerTakesSelectedRows()
    {
        return consumerTakesSelectedRows;
    }

    public QueryMemoryContext memory()
    {
        return memory;
    }

    /** The query's pool, for memory that outlives this operator (a spool's pages stay until its readers took them). */
    public MemoryPool queryPool()
    {
        return queryPool;
    }

    public PageAllocator allocator()
    {
        return allocator;
    }

    /** Which of its pipeline's drivers runs this operator, 0-based. */
    public int driverIndex()
    {
        return driverIndex;
    }

    @Override
    public void close()
    {
        memory.close();
    }
}
