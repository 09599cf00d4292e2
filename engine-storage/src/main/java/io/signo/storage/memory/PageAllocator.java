package io.signo.storage.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Hands out native memory for vectors. Every segment is 8-byte aligned and zeroed.
 *
 * <p>Two kinds exist: {@link ArenaPageAllocator} owns one long-lived arena (a table's memory,
 * released at once when the table is dropped) and counts it against a pool; {@link #transientPages()}
 * serves pages that flow between operators and are freed by the garbage collector once unreachable,
 * so no shared arena is ever closed on the hot path (closing one stops every thread).
 */
public interface PageAllocator
{
    MemorySegment allocate(long byteSize);

    /**
     * A segment whose every byte the caller writes before any is read (a decoder's values): an
     * allocator that reuses memory hands it out without zeroing it. Aligned as {@link #allocate}'s.
     */
    default MemorySegment allocateForOverwrite(long byteSize)
    {
        return allocate(byteSize);
    }

    static PageAllocator transientPages()
    {
        return TransientPageAllocator.INSTANCE;
    }

    final class TransientPageAllocator
            implements PageAllocator
    {
        private static final TransientPageAllocator INSTANCE = new TransientPageAllocator();

        @Override
        public MemorySegment allocate(long byteSize)
        {
            return Arena.ofAuto().allocate(Math.max(byteSize, 8), 8);
        }
    }
}
