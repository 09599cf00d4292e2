package io.signo.storage.memory;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ScratchPageAllocatorTest
{
    @Test
    void slicesAreZeroedAlignedAndDisjointEvenWhenReused()
    {
        for (int call = 0; call < 3; call++) {
            try (ScratchPageAllocator scratch = ScratchPageAllocator.open()) {
                assertNotNull(scratch);
                MemorySegment first = scratch.allocate(13);
                MemorySegment second = scratch.allocate(64);
                assertEquals(13, first.byteSize());
                assertEquals(0, first.address() % 8);
                assertEquals(0, second.address() % 8);
                for (long i = 0; i < first.byteSize(); i++) {
                    assertEquals(0, first.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " of a reused slice");
                }
                for (long i = 0; i < second.byteSize(); i++) {
                    assertEquals(0, second.get(ValueLayout.JAVA_BYTE, i));
                }
                // dirty them for the next call, which gets the same memory back
                first.fill((byte) 7);
                second.fill((byte) 9);
                assertEquals(7, first.get(ValueLayout.JAVA_BYTE, 12));
                assertEquals(9, second.get(ValueLayout.JAVA_BYTE, 0));
            }
        }
    }

    @Test
    void growsPastItsChunkWithoutDisturbingEarlierSlices()
    {
        try (ScratchPageAllocator scratch = ScratchPageAllocator.open()) {
            MemorySegment early = scratch.allocate(1024);
            early.fill((byte) 5);
            MemorySegment large = scratch.allocate(4 << 20);
            large.fill((byte) 1);
            assertEquals(4 << 20, large.byteSize());
            assertEquals(5, early.get(ValueLayout.JAVA_BYTE, 1023));
        }
    }

    @Test
    void aNestedOpenGetsNothingAndUseAfterCloseFails()
    {
        ScratchPageAllocator outer = ScratchPageAllocator.open();
        assertNotNull(outer);
        assertNull(ScratchPageAllocator.open());
        outer.close();
        assertThrows(IllegalStateException.class, () -> outer.allocate(8));
        try (ScratchPageAllocator again = ScratchPageAllocator.open()) {
            assertNotNull(again);
        }
    }

    @Test
    void eachThreadHasItsOwn()
            throws Exception
    {
        try (ScratchPageAllocator mine = ScratchPageAllocator.open()) {
            ScratchPageAllocator other = CompletableFuture.supplyAsync(() -> {
                ScratchPageAllocator scratch = ScratchPageAllocator.open();
                scratch.close();
                return scratch;
            }).get();
            assertNotNull(other);
            assertNotSame(mine, other);
        }
    }
}
