package io.signo.core.memory;

import io.signo.storage.memory.MemoryPool;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory one operator holds, counted against its query's pool. The operator reserves before it
 * grows (hash tables, sort buffers, accumulators) and everything is returned on {@link #close()}.
 * A reservation past the query's limit throws and fails only that query.
 */
public final class QueryMemoryContext
        implements AutoCloseable
{
    private final MemoryPool pool;
    private final AtomicLong reservedBytes = new AtomicLong();
    private final AtomicLong peakBytes = new AtomicLong();

    public QueryMemoryContext(MemoryPool pool)
    {
        this.pool = pool;
    }

    /** Sets the bytes this operator holds to {@code bytes}, reserving or releasing the difference. */
    public void setBytes(long bytes)
    {
        long delta = bytes - reservedBytes.get();
        if (delta > 0) {
            pool.reserve(delta);
        }
        else if (delta < 0) {
            pool.release(-delta);
        }
        long reserved = reservedBytes.addAndGet(delta);
        if (delta > 0) {
            peakBytes.accumulateAndGet(reserved, Math::max);
        }
    }

    /** The most the query's pool holds. */
    public long limitBytes()
    {
        return pool.maxBytes();
    }

    public long reservedBytes()
    {
        return reservedBytes.get();
    }

    /** The most this operator held at once. */
    public long peakBytes()
    {
        return peakBytes.get();
    }

    @Override
    public void close()
    {
        setBytes(0);
    }
}
