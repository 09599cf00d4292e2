package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Null bitmaps in the layout of {@link ColumnVector#nulls()}: bit p set when position p is null,
 * the bitmap absent (null) when no position is null. Bitmaps of immutable vectors are shared, never
 * copied, when one input's nulls are exactly the output's.
 */
final class NullBitmap
{
    private NullBitmap() {}

    static MemorySegment allocate(int positionCount, PageAllocator allocator)
    {
        return allocator.allocate((positionCount + 7) / 8);
    }

    static boolean isNull(MemorySegment nulls, int position)
    {
        return (nulls.get(ValueLayout.JAVA_BYTE, position >>> 3) & (1 << (position & 7))) != 0;
    }

    static void setNull(MemorySegment nulls, int position)
    {
        long index = position >>> 3;
        nulls.set(ValueLayout.JAVA_BYTE, index, (byte) (nulls.get(ValueLayout.JAVA_BYTE, index) | (1 << (position & 7))));
    }

    /** Positions null in either bitmap; shares an input bitmap when the other is absent. */
    static MemorySegment union(MemorySegment left, MemorySegment right, int positionCount, PageAllocator allocator)
    {
        if (left == null) {
            return right;
        }
        if (right == null) {
            return left;
        }
        int byteCount = (positionCount + 7) / 8;
        MemorySegment result = allocator.allocate(byteCount);
        for (int i = 0; i < byteCount; i++) {
            result.set(ValueLayout.JAVA_BYTE, i, (byte) (left.get(ValueLayout.JAVA_BYTE, i) | right.get(ValueLayout.JAVA_BYTE, i)));
        }
        return result;
    }

    /** A bitmap from a heap flag array (1 = null), or null when no flag is set. */
    static MemorySegment fromFlags(byte[] nullFlags, int positionCount, PageAllocator allocator)
    {
        MemorySegment nulls = null;
        for (int i = 0; i < positionCount; i++) {
            if (nullFlags[i] != 0) {
                if (nulls == null) {
                    nulls = allocate(positionCount, allocator);
                }
                setNull(nulls, i);
            }
        }
        return nulls;
    }

    /** A bitmap with every one of {@code positionCount} positions null. */
    static MemorySegment allNull(int positionCount, PageAllocator allocator)
    {
        MemorySegment nulls = allocate(positionCount, allocator);
        nulls.fill((byte) 0xFF);
        return nulls;
    }
}
