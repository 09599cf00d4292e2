package io.signo.net.exchange;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The credit the consumers of one query in one process may grant beyond each channel's first
 * window, and what they actually buffer: a window grows only with a reservation from here, so the
 * bytes buffered for the query stay under {@code first windows + limit}, and the peak is measured.
 * Thread safe.
 */
public final class ReceiveBudget
{
    private final long limitBytes;
    private final AtomicLong reservedBytes = new AtomicLong();
    private final AtomicLong bufferedBytes = new AtomicLong();
    private final AtomicLong peakBufferedBytes = new AtomicLong();

    public ReceiveBudget(long limitBytes)
    {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("negative budget " + limitBytes);
        }
        this.limitBytes = limitBytes;
    }

    public long limitBytes()
    {
        return limitBytes;
    }

    /** Reserves {@code bytes} if the budget still holds them. */
    boolean tryReserve(long bytes)
    {
        while (true) {
            long current = reservedBytes.get();
            if (current + bytes > limitBytes) {
                return false;
            }
            if (reservedBytes.compareAndSet(current, current + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes)
    {
        reservedBytes.addAndGet(-bytes);
    }

    void buffered(long bytes)
    {
        long now = bufferedBytes.addAndGet(bytes);
        peakBufferedBytes.accumulateAndGet(now, Math::max);
    }

    void unbuffered(long bytes)
    {
        bufferedBytes.addAndGet(-bytes);
    }

    public long reservedBytes()
    {
        return reservedBytes.get();
    }

    /** The most bytes the query's consumers in this process held at once (received, not yet taken). */
    public long peakBufferedBytes()
    {
        return peakBufferedBytes.get();
    }
}
