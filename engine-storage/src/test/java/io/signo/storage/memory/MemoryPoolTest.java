package io.signo.storage.memory;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryPoolTest
{
    @Test
    void reservesAndReleasesUpToTheLimit()
    {
        MemoryPool pool = new MemoryPool("query", 100);
        assertEquals("query", pool.name());
        assertEquals(100, pool.maxBytes());
        pool.reserve(60);
        pool.reserve(40);
        assertEquals(100, pool.reservedBytes());
        pool.release(30);
        assertEquals(70, pool.reservedBytes());
        pool.reserve(0);
        assertEquals(70, pool.reservedBytes());
    }

    @Test
    void refusedReservationChangesNothing()
    {
        MemoryPool pool = new MemoryPool("query", 100);
        pool.reserve(80);
        ExceededMemoryLimitException error = assertThrows(ExceededMemoryLimitException.class, () -> pool.reserve(21));
        assertTrue(error.getMessage().contains("query"), error.getMessage());
        assertEquals(80, pool.reservedBytes());
        assertEquals(80, pool.peakBytes());
        // a request that would overflow a long is refused too
        assertThrows(ExceededMemoryLimitException.class, () -> pool.reserve(Long.MAX_VALUE));
        assertEquals(80, pool.reservedBytes());
        pool.reserve(20);
        assertEquals(100, pool.reservedBytes());
    }

    @Test
    void unboundedPoolRefusesOnlyOverflow()
    {
        MemoryPool pool = MemoryPool.unbounded("all");
        pool.reserve(Long.MAX_VALUE - 1);
        assertThrows(ExceededMemoryLimitException.class, () -> pool.reserve(2));
        assertEquals(Long.MAX_VALUE - 1, pool.reservedBytes());
    }

    @Test
    void releasingMoreThanReservedIsAnErrorAndChangesNothing()
    {
        MemoryPool pool = new MemoryPool("query", 100);
        pool.reserve(10);
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> pool.release(11));
        assertTrue(error.getMessage().contains("query"), error.getMessage());
        assertEquals(10, pool.reservedBytes());
        pool.release(10);
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void negativeAmountsAreRejected()
    {
        MemoryPool pool = new MemoryPool("query", 100);
        pool.reserve(50);
        assertThrows(IllegalArgumentException.class, () -> pool.reserve(-1));
        // releasing a negative amount would reserve past the limit
        assertThrows(IllegalArgumentException.class, () -> pool.release(-100));
        assertEquals(50, pool.reservedBytes());
    }

    @Test
    void limitMustBePositive()
    {
        assertThrows(IllegalArgumentException.class, () -> new MemoryPool("zero", 0));
        assertThrows(IllegalArgumentException.class, () -> new MemoryPool("negative", -1));
    }

    @Test
    void peakIsTheHighestReservation()
    {
        MemoryPool pool = new MemoryPool("query", 1000);
        assertEquals(0, pool.peakBytes());
        pool.reserve(300);
        pool.reserve(400);
        pool.release(600);
        pool.reserve(200);
        assertEquals(300, pool.reservedBytes());
        assertEquals(700, pool.peakBytes());
    }

    @Test
    void concurrentReservationsNeverPassTheLimit()
            throws InterruptedException
    {
        MemoryPool pool = new MemoryPool("shared", 10_000);
        int threadCount = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        long[] granted = new long[threadCount];
        for (int t = 0; t < threadCount; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                }
                catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < 10_000; i++) {
                    try {
                        pool.reserve(7);
                        granted[index] += 7;
                    }
                    catch (ExceededMemoryLimitException e) {
                        // full: expected once the pool is exhausted
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        long total = 0;
        for (long bytes : granted) {
            total += bytes;
        }
        assertEquals(total, pool.reservedBytes());
        assertTrue(total <= 10_000 && total > 10_000 - 7, "reserved " + total);
        assertEquals(total, pool.peakBytes());
    }
}
