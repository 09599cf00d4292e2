package io.signo.core.operator.aggregation;

import java.math.BigInteger;

/**
 * Exact 128-bit sums held as two longs per entry in parallel arrays: the signed 64-bit sum as
 * ordinary addition leaves it ({@code sums}) and how often that addition wrapped around
 * ({@code wraps}, +1 past Long.MAX_VALUE, -1 past Long.MIN_VALUE), so the value is
 * {@code wraps * 2^64 + sums}. Adding a long is then one plain addition plus a test that is almost
 * never taken: the carry of a (high, low) pair would be computed and stored on every row.
 * Values leave as two's complement (high, low), where low is read unsigned.
 */
final class Int128
{
    private Int128() {}

    /** Adds {@code value} into the sum at {@code index}. */
    static void add(long[] sums, long[] wraps, int index, long value)
    {
        long old = sums[index];
        long sum = old + value;
        sums[index] = sum;
        // signed overflow: both operands have the sign the sum lacks
        if (((old ^ sum) & (value ^ sum)) < 0) {
            wraps[index] += value < 0 ? -1 : 1;
        }
    }

    /**
     * Adds the two's complement number (high, low) into the sum at {@code index}; an
     * {@link ArithmeticException} when the sum leaves the range of {@code wraps}, about 2^127 (sums
     * of long DECIMALs near 10^38).
     */
    static void add(long[] sums, long[] wraps, int index, long high, long low)
    {
        // (high, low) is (high + 1) * 2^64 + low read signed when low's top bit is set
        add(sums, wraps, index, low);
        wraps[index] = Math.addExact(wraps[index], high + (low >>> 63));
    }

    /** The high long of the two's complement form of {@code wraps * 2^64 + sum}; the low one is {@code sum}. */
    static long high(long wraps, long sum)
    {
        return wraps + (sum >> 63);
    }

    static boolean fitsInLong(long high, long low)
    {
        return high == (low >> 63);
    }

    static BigInteger toBigInteger(long high, long low)
    {
        BigInteger unsignedLow = BigInteger.valueOf(low & Long.MAX_VALUE);
        if (low < 0) {
            unsignedLow = unsignedLow.setBit(63);
        }
        return BigInteger.valueOf(high).shiftLeft(64).or(unsignedLow);
    }
}
