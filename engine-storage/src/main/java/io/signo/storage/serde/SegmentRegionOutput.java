package io.signo.storage.serde;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A {@link RegionOutput} that copies everything into one native segment, grown as needed: the
 * contiguous form of a message body (to compress it), or of one page (to own its memory).
 * Not thread safe.
 */
public final class SegmentRegionOutput
        implements RegionOutput
{
    private MemorySegment buffer;
    private long size;

    public SegmentRegionOutput(long initialCapacity)
    {
        this.buffer = Arena.ofAuto().allocate(Math.max(initialCapacity, AlignedPageFormat.ALIGNMENT), AlignedPageFormat.ALIGNMENT);
    }

    /** A page with the values of {@code page} in memory of its own, one allocation for all its vectors. */
    public static Page copyOf(Page page, PageAllocator allocator)
    {
        MemorySegment memory = allocator.allocate(AlignedPageWriter.serializedBytes(page));
        SegmentRegionOutput output = new SegmentRegionOutput(memory);
        AlignedPageWriter.write(page, output);
        return new AlignedPageReader(output.written()).next();
    }

    private SegmentRegionOutput(MemorySegment buffer)
    {
        this.buffer = buffer;
    }

    @Override
    public MemorySegment reserve(long byteSize)
    {
        ensureCapacity(byteSize);
        MemorySegment slice = buffer.asSlice(size, byteSize);
        size += byteSize;
        return slice;
    }

    @Override
    public void region(MemorySegment bytes)
    {
        long length = bytes.byteSize();
        ensureCapacity(length);
        MemorySegment.copy(bytes, 0, buffer, size, length);
        size += length;
    }

    @Override
    public void zeros(int count)
    {
        ensureCapacity(count);
        buffer.asSlice(size, count).fill((byte) 0);
        size += count;
    }

    /** What was written since the last {@link #reset}; valid until the next write. */
    public MemorySegment written()
    {
        return buffer.asSlice(0, size);
    }

    public long size()
    {
        return size;
    }

    public void reset()
    {
        size = 0;
    }

    private void ensureCapacity(long more)
    {
        if (size + more <= buffer.byteSize()) {
            return;
        }
        MemorySegment larger = Arena.ofAuto().allocate(Math.max(size + more, 2 * buffer.byteSize()), AlignedPageFormat.ALIGNMENT);
        MemorySegment.copy(buffer, 0, larger, 0, size);
        buffer = larger;
    }
}
