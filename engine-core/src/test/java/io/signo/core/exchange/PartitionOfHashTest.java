package io.signo.core.exchange;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The multiply that replaces the division gives exactly {@code %}'s partitions, for every partition count a cluster or table may use. */
class PartitionOfHashTest
{
    @Test
    void equalsTheRemainderOfADivision()
    {
        SplittableRandom random = new SplittableRandom(20);
        long[] hashes = new long[4096];
        int[] partitions = new int[hashes.length];
        for (int partitionCount = 1; partitionCount <= 1100; partitionCount++) {
            check(random, partitionCount, hashes, partitions);
        }
        for (int partitionCount : new int[] {4095, 4096, 4097, 65_535, 65_536, 1_000_003, (1 << 30) - 1, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE}) {
            check(random, partitionCount, hashes, partitions);
        }
    }

    private static void check(SplittableRandom random, int partitionCount, long[] hashes, int[] partitions)
    {
        int count = 0;
        // the ends of the range, multiples of the count and their neighbours, then random hashes of every magnitude
        for (long hash : new long[] {0, 1, partitionCount - 1L, partitionCount, partitionCount + 1L, Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE - partitionCount,
                Long.MAX_VALUE / partitionCount * partitionCount, Long.MAX_VALUE / partitionCount * partitionCount - 1}) {
            hashes[count++] = hash;
        }
        while (count < hashes.length) {
            long hash = random.nextLong() >>> 1 >>> random.nextInt(63);
            if (random.nextBoolean()) {
                hash = hash / partitionCount * partitionCount - random.nextInt(2);
            }
            hashes[count++] = Math.max(hash, 0);
        }
        PartitionOfHash partitionOfHash = new PartitionOfHash(partitionCount);
        partitionOfHash.partitions(hashes, count, partitions);
        for (int i = 0; i < count; i++) {
            int expected = (int) (hashes[i] % partitionCount);
            assertEquals(expected, partitions[i], hashes[i] + " % " + partitionCount);
            assertEquals(expected, partitionOfHash.partition(hashes[i]), hashes[i] + " % " + partitionCount);
        }
    }

    @Test
    void refusesAnEmptyPartitionCount()
    {
        assertThrows(IllegalArgumentException.class, () -> new PartitionOfHash(0));
    }
}
