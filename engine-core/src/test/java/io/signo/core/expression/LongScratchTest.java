package io.signo.core.expression;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LongScratchTest
{
    @Test
    void givesBackArraysLargeEnoughAndNeverOneToTwoTakers()
    {
        long[] small = LongScratch.take(10);
        long[] large = LongScratch.take(1000);
        assertTrue(small.length >= 10);
        assertTrue(large.length >= 1000);
        LongScratch.giveBack(small);
        LongScratch.giveBack(large);
        // too small a spare is passed over
        assertSame(large, LongScratch.take(500));
        assertSame(small, LongScratch.take(10));
        // an array given back twice is still handed out once
        LongScratch.giveBack(small);
        LongScratch.giveBack(small);
        long[] first = LongScratch.take(10);
        long[] second = LongScratch.take(10);
        assertNotSame(first, second);
    }

    @Test
    void spareArraysStayWithTheirThread()
            throws InterruptedException
    {
        long[] mine = LongScratch.take(64);
        LongScratch.giveBack(mine);
        long[][] taken = new long[1][];
        Thread other = new Thread(() -> taken[0] = LongScratch.take(64));
        other.start();
        other.join();
        assertNotSame(mine, taken[0]);
        assertSame(mine, LongScratch.take(64));
    }
}
