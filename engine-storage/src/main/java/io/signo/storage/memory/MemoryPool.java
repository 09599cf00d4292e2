package io.signo.storage.memory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts bytes held against a limit. Holders reserve before they allocate and release when they
 * free; a reservation that would pass the limit fails with {@link ExceededMemoryLimitException}
 * and changes nothing. Thread safe.
 */
public final class MemoryPool
{
    private final String name;
    private final long maxBytes;
    private final AtomicLong reservedBytes = new AtomicLong();
    private final AtomicLong peakBytes = new AtomicLong();

    public MemoryPool(String name, long maxBytes)
    {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
        this.name = name;
        this.maxBytes = maxBytes;
    }

    public static MemoryPool unbounded(String name)
    {
        return new MemoryPool(name, Long.MAX_VALUE);
    }

    public void reserve(long bytes)
    {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes is negative: " + bytes);
        }
        while (true) {
            long current = reservedBytes.get();
            long next = current + bytes;
            if (next > maxBytes || next < 0) {
                throw new ExceededMemoryLimitException(name, bytes, current, maxBytes);
            }
            if (reservedBytes.compareAndSet(current, next)) {
                peakBytes.accumulateAndGet(next, Math::max);
                return;
            }
        }
    }

    /** Returns bytes reserved earlier; releasing more than is reserved is a bug of the caller and changes nothing. */
    public void release(long bytes)
    {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes is negative: " + bytes);
        }
        while (true) {
            long current = reservedBytes.get();
            long after = current - bytes;
            if (after < 0) {
                throw new IllegalStateException("pool " + name + " released more than reserved: " + bytes + " of " + current);
            }
            if (reservedBytes.compareAndSet(current, after)) {
                return;
            }
        }
    }

    public String name()
    {
        return name;
    }

    public long maxBytes()
    {
        return maxBytes;
    }

    public long reservedBytes()
    {
        return reservedBytes.get();
    }

    public long peakBytes()
    {
        return peakBytes.get();
    }
}
