package io.signo.storage.memory;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ArenaPageAllocatorTest
{
    @Test
    void countsEveryAllocationAgainstThePool()
    {
        MemoryPool pool = new MemoryPool("table", 1 << 20);
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(pool)) {
            MemorySegment first = allocator.allocate(100);
            MemorySegment second = allocator.allocate(1000);
            assertEquals(100, first.byteSize());
            assertEquals(1000, second.byteSize());
            assertEquals(1100, allocator.allocatedBytes());
            assertEquals(1100, pool.reservedBytes());
        }
    }

    @Test
    void segmentsAreZeroedAndAligned()
    {
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(MemoryPool.unbounded("table"))) {
            for (long size : new long[] {1, 3, 8, 13, 64}) {
                MemorySegment segment = allocator.allocate(size);
                assertEquals(0, segment.address() % 8, "aligned to 8");
                for (long i = 0; i < segment.byteSize(); i++) {
                    assertEquals(0, segment.get(ValueLayout.JAVA_BYTE, i));
                }
            }
        }
    }

    @Test
    void tinyAndEmptyAllocationsReserveAWord()
    {
        MemoryPool pool = MemoryPool.unbounded("table");
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(pool)) {
            assertEquals(8, allocator.allocate(0).byteSize());
            allocator.allocate(1);
            assertEquals(16, allocator.allocatedBytes());
            assertEquals(16, pool.reservedBytes());
        }
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void closeReturnsAllBytesToThePool()
    {
        MemoryPool pool = new MemoryPool("table", 1 << 20);
        pool.reserve(5);
        ArenaPageAllocator allocator = new ArenaPageAllocator(pool);
        allocator.allocate(4096);
        allocator.allocate(100);
        assertEquals(5 + 4096 + 100, pool.reservedBytes());
        allocator.close();
        assertEquals(5, pool.reservedBytes());
        assertEquals(5 + 4096 + 100, pool.peakBytes());
        // closing twice releases once
        allocator.close();
        assertEquals(5, pool.reservedBytes());
    }

    @Test
    void allocationPastThePoolLimitFailsAndIsNotCounted()
    {
        MemoryPool pool = new MemoryPool("table", 1000);
        try (ArenaPageAllocator allocator = new ArenaPageAllocator(pool)) {
            allocator.allocate(800);
            assertThrows(ExceededMemoryLimitException.class, () -> allocator.allocate(300));
            assertEquals(800, allocator.allocatedBytes());
            assertEquals(800, pool.reservedBytes());
            allocator.allocate(200);
            assertEquals(1000, pool.reservedBytes());
        }
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void allocatingAfterCloseIsAnError()
    {
        ArenaPageAllocator allocator = new ArenaPageAllocator(MemoryPool.unbounded("table"));
        MemorySegment segment = allocator.allocate(64);
        allocator.close();
        assertThrows(IllegalStateException.class, () -> allocator.allocate(8));
        // the arena's memory is gone with it
        assertThrows(IllegalStateException.class, () -> segment.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void transientAllocatorGivesZeroedSegments()
    {
        MemorySegment segment = PageAllocator.transientPages().allocate(24);
        assertEquals(24, segment.byteSize());
        assertEquals(0L, segment.get(ValueLayout.JAVA_LONG, 16));
        assertEquals(8, PageAllocator.transientPages().allocate(0).byteSize());
    }
}
