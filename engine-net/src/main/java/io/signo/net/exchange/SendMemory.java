package io.signo.net.exchange;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.memory.MemoryPool;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes one sink holds for sending, counted in its query's memory pool like any other
 * allocation: rows accumulated and messages being built (its driver reserves them as they grow),
 * and each message from the moment it is sealed until its consumer in this process took it or the
 * socket wrote it ({@link Hold}, released by whichever thread finishes with it). A reservation past
 * the query's limit fails the producer with {@link ErrorCode#EXCEEDED_MEMORY_LIMIT}, so a sender
 * whose consumers fall behind cannot grow without bound. Thread safe.
 */
final class SendMemory
{
    /** Counts nothing: a sink created without its query's pool (a benchmark's, a test's). */
    static final SendMemory NONE = new SendMemory(null, "none");

    private final MemoryPool pool;
    private final String sender;
    private final AtomicLong heldBytes = new AtomicLong();
    private final AtomicLong peakBytes = new AtomicLong();
    /** Driver thread only: what the sink's accumulators and message builders hold, as last reserved. */
    private long buildingBytes;

    SendMemory(MemoryPool pool, String sender)
    {
        this.pool = pool;
        this.sender = sender;
    }

    /** Driver thread: the sink's accumulated rows and messages being built now take {@code bytes}. */
    void building(long bytes)
    {
        if (pool == null) {
            return;
        }
        long delta = bytes - buildingBytes;
        if (delta > 0) {
            reserve(delta);
        }
        else if (delta < 0) {
            release(-delta);
        }
        buildingBytes = bytes;
    }

    /**
     * Driver thread: reserves a sealed message of {@code bytes} going to {@code parts} destinations
     * (a broadcast sends one body to several nodes); released once every part is done, when
     * {@code whenDone} runs too (what gives back the memory of pages the message references).
     */
    Hold hold(long bytes, int parts, List<Runnable> whenDone)
    {
        reserve(bytes);
        return new Hold(this, bytes, parts, whenDone);
    }

    private void reserve(long bytes)
    {
        if (pool == null || bytes == 0) {
            return;
        }
        try {
            pool.reserve(bytes);
        }
        catch (ExceededMemoryLimitException e) {
            throw new SignoException(ErrorCode.EXCEEDED_MEMORY_LIMIT, e.getMessage() + ", while sender " + sender + " held " + heldBytes.get()
                    + " bytes of pages to send (its consumers take them slower than it produces, or its messages do not fit)", e);
        }
        long now = heldBytes.addAndGet(bytes);
        peakBytes.accumulateAndGet(now, Math::max);
    }

    /** Returns up to {@code bytes} of what is held. */
    private void release(long bytes)
    {
        if (pool == null || bytes == 0) {
            return;
        }
        while (true) {
            long current = heldBytes.get();
            long released = Math.min(current, bytes);
            if (released == 0) {
                return;
            }
            if (heldBytes.compareAndSet(current, current - released)) {
                pool.release(released);
                return;
            }
        }
    }

    /** The bytes held now. */
    long heldBytes()
    {
        return heldBytes.get();
    }

    /** The most bytes held at once. */
    long peakBytes()
    {
        return peakBytes.get();
    }

    /**
     * Driver thread: the sink is closed, so its accumulators and builders hold nothing any more.
     * Sealed messages keep their reservations until they are sent or dropped.
     */
    void close()
    {
        building(0);
    }

    /** The reservation of one sealed message, given back once each of its parts was handed on or dropped. */
    static final class Hold
    {
        private final SendMemory memory;
        private final long bytes;
        private final AtomicInteger parts;
        private final List<Runnable> whenDone;

        private Hold(SendMemory memory, long bytes, int parts, List<Runnable> whenDone)
        {
            this.memory = memory;
            this.bytes = bytes;
            this.parts = new AtomicInteger(parts);
            this.whenDone = whenDone;
        }

        /** One part was written to the socket, handed to its consumer, or dropped. */
        void done()
        {
            if (parts.decrementAndGet() == 0) {
                memory.release(bytes);
                for (Runnable done : whenDone) {
                    done.run();
                }
            }
        }
    }
}
