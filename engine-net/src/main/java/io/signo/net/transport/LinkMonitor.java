package io.signo.net.transport;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how fast one connection's socket takes bytes when it is the limit: the bytes of bulk
 * writes completed while the next write was already waiting, over the time between those
 * completions. On loopback or a fast network the kernel takes a message about as fast as memory is
 * copied; on a slow link the socket's buffer fills and writes complete at the link's rate. Writes
 * that find the socket idle say nothing about its rate and are not counted.
 *
 * <p>Senders count bytes {@linkplain #queued queued}; the event loop reports completed writes.
 * Readers ({@link #bytesPerSecond}, {@link #lastBusyNanos}) may run on any thread.
 */
public final class LinkMonitor
        implements LinkRate
{
    /** Samples shorter than this are summed until they reach it, so that one write's timing noise does not decide. */
    private static final long SAMPLE_NANOS = 2_000_000;

    private final AtomicLong pendingBytes = new AtomicLong();
    private final AtomicLong bytesWritten = new AtomicLong();

    // event loop only
    private long previousCompletion;
    private boolean busyAtPreviousCompletion;
    private long sampleBytes;
    private long sampleNanos;

    private volatile double bytesPerSecond;
    private volatile long lastBusyNanos;

    void queued(long bytes)
    {
        pendingBytes.addAndGet(bytes);
    }

    /** Event loop: a bulk write of {@code bytes} left the process (or failed) at {@code now}. */
    void written(long bytes, long now)
    {
        long stillPending = pendingBytes.addAndGet(-bytes);
        bytesWritten.addAndGet(bytes);
        if (busyAtPreviousCompletion) {
            sampleBytes += bytes;
            sampleNanos += now - previousCompletion;
            if (sampleNanos >= SAMPLE_NANOS) {
                double rate = sampleBytes * 1e9 / sampleNanos;
                double previous = bytesPerSecond;
                bytesPerSecond = previous == 0 ? rate : 0.75 * previous + 0.25 * rate;
                lastBusyNanos = now;
                sampleBytes = 0;
                sampleNanos = 0;
            }
        }
        busyAtPreviousCompletion = stillPending > 0;
        previousCompletion = now;
    }

    @Override
    public double bytesPerSecond()
    {
        return bytesPerSecond;
    }

    @Override
    public long lastBusyNanos()
    {
        return lastBusyNanos;
    }

    /** Bulk bytes handed to the connection and not yet written to the socket. */
    public long pendingBytes()
    {
        return pendingBytes.get();
    }

    /** Bulk bytes written to the socket so far. */
    public long bytesWritten()
    {
        return bytesWritten.get();
    }
}
