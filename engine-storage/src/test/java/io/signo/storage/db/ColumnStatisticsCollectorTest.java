package io.signo.storage.db;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ColumnStatisticsCollectorTest
{
    /** The distinct sketches of files written before must merge with new ones: the string hash may not change. */
    @Test
    void stringHashIsTheBytewiseHash()
    {
        Random random = new Random(18);
        byte[] bytes = new byte[512];
        random.nextBytes(bytes);
        for (int start = 0; start < 9; start++) {
            for (int length = 0; length <= 67; length++) {
                long expected = length;
                for (int k = start; k < start + length; k++) {
                    expected = expected * 31 + bytes[k];
                }
                assertEquals(expected, ColumnStatisticsCollector.stringHash(bytes, start, length), "start " + start + ", length " + length);
            }
        }
    }
}
