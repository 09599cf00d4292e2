package io.signo.storage.serde;

import java.lang.foreign.MemorySegment;

/**
 * Where {@link AlignedPageWriter} puts a page: bytes appended in order. A vector's regions are handed
 * over as they are, so an output may copy them or keep a reference to them until it has written them
 * out (pages are immutable, so they do not change meanwhile).
 */
public interface RegionOutput
{
    /** Appends {@code byteSize} bytes for the caller to fill (headers, rebased offsets); the segment is valid until the next call. */
    MemorySegment reserve(long byteSize);

    /** Appends the bytes of one region of a vector. */
    void region(MemorySegment bytes);

    /** Appends {@code count} zero bytes (padding). */
    void zeros(int count);
}
