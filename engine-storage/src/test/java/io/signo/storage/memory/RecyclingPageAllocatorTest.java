package io.signo.storage.memory;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static io.signo.storage.memory.RecyclingPageAllocator.CHUNK_BYTES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecyclingPageAllocatorTest
{
    private static void assertZeroed(MemorySegment segment)
    {
        for (long i = 0; i < segment.byteSize(); i++) {
            assertEquals(0, segment.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
        }
    }

    private static void assertApart(List<MemorySegment> segments)
    {
        for (int i = 0; i < segments.size(); i++) {
            for (int j = i + 1; j < segments.size(); j++) {
                MemorySegment a = segments.get(i);
                MemorySegment b = segments.get(j);
                assertTrue(a.address() + a.byteSize() <= b.address() || b.address() + b.byteSize() <= a.address(), "segments " + i + " and " + j + " overlap");
            }
        }
    }

    @Test
    void aRoundReusesTheMemoryOfTheRoundBeforeZeroedAndCountsItOnce()
    {
        MemoryPool pool = MemoryPool.unbounded("query");
        try (RecyclingPageAllocator allocator = new RecyclingPageAllocator(pool)) {
            long[] sizes = {1, 13, 4096, CHUNK_BYTES - 100, 64, CHUNK_BYTES * 3, 8};
            List<Long> firstAddresses = new ArrayList<>();
            for (int round = 0; round < 5; round++) {
                List<MemorySegment> segments = new ArrayList<>();
                for (long size : sizes) {
                    MemorySegment segment = allocator.allocate(size);
                    assertEquals(Math.max(size, 8), segment.byteSize());
                    assertEquals(0, segment.address() % 8, "aligned to 8");
                    assertZeroed(segment);
                    segment.fill((byte) (round + 1));
                    segments.add(segment);
                    if (round == 0) {
                        firstAddresses.add(segment.address());
                    }
                    else {
                        assertEquals(firstAddresses.get(segments.size() - 1), segment.address(), "round " + round + " cuts the same pages");
                    }
                }
                assertApart(segments);
                long counted = allocator.countedBytes();
                assertEquals(counted, pool.reservedBytes(), "the chunks are counted against the query");
                allocator.recycle();
                assertEquals(counted, pool.reservedBytes(), "recycled chunks stay counted while the allocator keeps them");
            }
        }
        assertEquals(0, pool.reservedBytes(), "closing returns the count");
    }

    @Test
    void memoryForOverwriteIsZeroedOnlyWhenFreshAndReusedWithWhatTheRoundBeforeLeft()
    {
        MemoryPool pool = MemoryPool.unbounded("query");
        try (RecyclingPageAllocator allocator = new RecyclingPageAllocator(pool)) {
            MemorySegment first = allocator.allocateForOverwrite(CHUNK_BYTES * 2);
            assertZeroed(first);
            first.fill((byte) 3);
            allocator.recycle();
            MemorySegment again = allocator.allocateForOverwrite(CHUNK_BYTES * 2 + 1000);
            assertEquals(first.address(), again.address(), "a page a little larger than last round's still fits its chunk");
            byte left = again.get(ValueLayout.JAVA_BYTE, 0);
            assertEquals(RecyclingPageAllocator.POISONS_RECYCLED ? (byte) 0xA5 : (byte) 3, left, "not zeroed: the caller writes every byte");
            again.fill((byte) 4);
            allocator.recycle();
            assertZeroed(allocator.allocate(CHUNK_BYTES));
        }
    }

    @Test
    void anAbandonedRoundKeepsItsPagesAndStartsOnNewChunks()
    {
        MemoryPool pool = MemoryPool.unbounded("query");
        try (RecyclingPageAllocator allocator = new RecyclingPageAllocator(pool)) {
            MemorySegment kept = allocator.allocate(100);
            kept.fill((byte) 7);
            allocator.abandon();
            assertEquals(0, pool.reservedBytes(), "abandoned chunks are the collector's, as any transient page");
            MemorySegment next = allocator.allocate(100);
            assertTrue(next.address() + next.byteSize() <= kept.address() || kept.address() + kept.byteSize() <= next.address());
            assertZeroed(next);
            next.fill((byte) 9);
            for (long i = 0; i < kept.byteSize(); i++) {
                assertEquals(7, kept.get(ValueLayout.JAVA_BYTE, i), "a page of an abandoned round is left as it was");
            }
            assertEquals(CHUNK_BYTES, pool.reservedBytes());
        }
    }

    @Test
    void aChunkPastTheQueryLimitFailsTheQuery()
    {
        MemoryPool pool = new MemoryPool("query", CHUNK_BYTES + CHUNK_BYTES / 2);
        try (RecyclingPageAllocator allocator = new RecyclingPageAllocator(pool)) {
            allocator.allocate(CHUNK_BYTES);
            assertThrows(ExceededMemoryLimitException.class, () -> allocator.allocate(16));
            assertEquals(CHUNK_BYTES, pool.reservedBytes());
        }
        assertEquals(0, pool.reservedBytes());
    }
}
