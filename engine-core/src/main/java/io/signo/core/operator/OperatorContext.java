package io.signo.core.operator;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;

/** What an operator may use from its driver: its memory accounting and the allocator for output pages. */
public final class OperatorContext
        implements AutoCloseable
{
    private final QueryMemoryContext memory;
    private final PageAllocator allocator;
    private final int driverIndex;

    public OperatorContext(MemoryPool queryPool, int driverIndex)
    {
        this.memory = new QueryMemoryContext(queryPool);
        this.allocator = PageAllocator.transientPages();
        this.driverIndex = driverIndex;
    }

    public QueryMemoryContext memory()
    {
        return memory;
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
