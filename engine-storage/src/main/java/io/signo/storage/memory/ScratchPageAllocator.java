package io.signo.storage.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A thread's bump allocator for vectors that are dead before the call that made them returns, such
 * as the BOOLEAN result of each term of a filter. A transient allocation registers a fresh segment
 * with the collector (about 2 us each, whatever its size); these are slices of one reused chunk,
 * zeroed as every allocator's segments are, and {@link #close()} takes them all back at once.
 *
 * <p>Use: {@code ScratchPageAllocator scratch = ScratchPageAllocator.open()}, allocate, and close it
 * in a finally block. A nested open on the same thread gets null (the outer call owns the chunk),
 * and the caller allocates as usual. Nothing allocated here may be reachable after the close.
 */
public final class ScratchPageAllocator
        implements PageAllocator, AutoCloseable
{
    private static final ThreadLocal<ScratchPageAllocator> THREAD = ThreadLocal.withInitial(ScratchPageAllocator::new);
    private static final long INITIAL_BYTES = 256 << 10;

    private MemorySegment chunk = Arena.ofAuto().allocate(INITIAL_BYTES, 8);
    private long used;
    private boolean open;

    private ScratchPageAllocator() {}

    /** This thread's scratch allocator, opened for one call, or null when it is open already. */
    public static ScratchPageAllocator open()
    {
        ScratchPageAllocator scratch = THREAD.get();
        if (scratch.open) {
            return null;
        }
        scratch.open = true;
        return scratch;
    }

    @Override
    public MemorySegment allocate(long byteSize)
    {
        if (!open) {
            throw new IllegalStateException("scratch allocator used after close");
        }
        long size = Math.max(byteSize, 8);
        long aligned = (size + 7) & ~7L;
        if (used + aligned > chunk.byteSize()) {
            // the old chunk stays valid for the slices already handed out and is collected after them
            chunk = Arena.ofAuto().allocate(Math.max(2 * chunk.byteSize(), aligned), 8);
            used = 0;
        }
        MemorySegment slice = chunk.asSlice(used, size);
        used += aligned;
        slice.fill((byte) 0);
        return slice;
    }

    /** Takes back everything allocated since the open. */
    @Override
    public void close()
    {
        used = 0;
        open = false;
    }
}
