package io.signo.storage.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Allocates from one shared arena that lives as long as its owner (a table), counting every byte
 * against a pool. {@link #close()} frees everything at once and returns the bytes to the pool.
 */
public final class ArenaPageAllocator
        implements PageAllocator, AutoCloseable
{
    private final Arena arena = Arena.ofShared();
    private final MemoryPool pool;
    private long allocatedBytes;
    private boolean closed;

    public ArenaPageAllocator(MemoryPool pool)
    {
        this.pool = pool;
    }

    @Override
    public synchronized MemorySegment allocate(long byteSize)
    {
        if (closed) {
            throw new IllegalStateException("allocator is closed");
        }
        long size = Math.max(byteSize, 8);
        pool.reserve(size);
        allocatedBytes += size;
        return arena.allocate(size, 8);
    }

    public synchronized long allocatedBytes()
    {
        return allocatedBytes;
    }

    @Override
    public synchronized void close()
    {
        if (!closed) {
            closed = true;
            arena.close();
            pool.release(allocatedBytes);
        }
    }
}
