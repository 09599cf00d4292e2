package io.signo.storage.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's allocator for pages that die together and are then reused: it cuts them from chunks
 * it keeps, and when its owner learns that everything cut since the last round is unreachable
 * ({@link #recycle()}), the next round cuts from the same chunks again. A fresh native page costs
 * the kernel several microseconds to fault in and is zeroed once more by the allocation; a recycled
 * chunk is already mapped and in cache. When its owner cannot know that ({@link #abandon()}), the
 * chunks are left to the collector, which frees them once the last page cut from them is gone.
 *
 * <p>Every chunk is counted against the query's pool while this allocator holds it; {@link #close()}
 * returns the count. Segments are zeroed and 8-byte aligned, as every {@link PageAllocator}'s are.
 * Not thread safe: one driver owns it.
 */
public final class RecyclingPageAllocator
        implements PageAllocator, AutoCloseable
{
    static final long CHUNK_BYTES = 64 << 10;
    /** Tests turn this on: a recycled chunk is overwritten, so a page read after its round ended reads garbage, not stale values. */
    public static final String POISON_PROPERTY = "signo.poisonRecycledPages";
    static final boolean POISONS_RECYCLED = Boolean.getBoolean(POISON_PROPERTY);

    private final MemoryPool pool;
    private final List<MemorySegment> chunks = new ArrayList<>();
    /** Whether each chunk is still as the system gave it, zeroed; a recycled chunk is zeroed page by page as it is cut again. */
    private final List<Boolean> fresh = new ArrayList<>();
    private long countedBytes;
    private int chunk;
    private long used;

    public RecyclingPageAllocator(MemoryPool pool)
    {
        this.pool = pool;
    }

    @Override
    public MemorySegment allocate(long byteSize)
    {
        MemorySegment page = cut(byteSize);
        if (!fresh.get(chunk)) {
            page.fill((byte) 0);
        }
        return page;
    }

    /** A recycled chunk's bytes are left as the last round (or, in tests, the poison) left them. */
    @Override
    public MemorySegment allocateForOverwrite(long byteSize)
    {
        return cut(byteSize);
    }

    private MemorySegment cut(long byteSize)
    {
        long size = Math.max(byteSize, 8);
        long aligned = (size + 7) & ~7L;
        if (chunk == chunks.size() || used + aligned > chunks.get(chunk).byteSize()) {
            nextChunk(aligned);
        }
        MemorySegment page = chunks.get(chunk).asSlice(used, size);
        used += aligned;
        return page;
    }

    /** Moves to the next chunk that holds {@code aligned} bytes, making one where none follows. */
    private void nextChunk(long aligned)
    {
        if (chunk < chunks.size()) {
            chunk++;
        }
        while (chunk < chunks.size() && chunks.get(chunk).byteSize() < aligned) {
            chunk++;
        }
        if (chunk == chunks.size()) {
            // a page larger than a chunk (a row group's column) gets one of its own with room to spare,
            // so that the same column of the next round, a little larger, still fits in it
            long bytes = aligned <= CHUNK_BYTES ? CHUNK_BYTES : (aligned + aligned / 8 + CHUNK_BYTES - 1) / CHUNK_BYTES * CHUNK_BYTES;
            pool.reserve(bytes);
            countedBytes += bytes;
            chunks.add(Arena.ofAuto().allocate(bytes, 8));
            fresh.add(true);
        }
        used = 0;
    }

    /** Every page handed out since the last round is unreachable: the next allocations reuse their memory. */
    public void recycle()
    {
        for (int i = 0; i < chunks.size(); i++) {
            if (i < chunk || (i == chunk && used > 0)) {
                if (POISONS_RECYCLED) {
                    chunks.get(i).fill((byte) 0xA5);
                }
                fresh.set(i, false);
            }
        }
        chunk = 0;
        used = 0;
    }

    /** Pages handed out may still be read: their chunks are left to the collector and the next round starts on new ones. */
    public void abandon()
    {
        if (chunks.isEmpty()) {
            return;
        }
        chunks.clear();
        fresh.clear();
        pool.release(countedBytes);
        countedBytes = 0;
        chunk = 0;
        used = 0;
    }

    /** The bytes this allocator holds and counts. */
    public long countedBytes()
    {
        return countedBytes;
    }

    @Override
    public void close()
    {
        abandon();
    }
}
