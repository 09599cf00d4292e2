package io.signo.core.operator.aggregation;

import java.math.BigInteger;

/**
 * Arithmetic on a 128-bit two's complement integer held as two longs (high, low) in parallel
 * arrays, so exact sums of DECIMAL and integer values cannot overflow while they accumulate.
 */
final class Int128
{
    private Int128() {}

    /** Adds {@code value} into the 128-bit number at {@code index}. */
    static void add(long[] high, long[] low, int index, long value)
    {
        long oldLow = low[index];
        long newLow = oldLow + value;
        high[index] += (value >> 63) + (Long.compareUnsigned(newLow, oldLow) < 0 ? 1 : 0);
        low[index] = newLow;
    }

    /** Adds the 128-bit number (valueHigh, valueLow) into the number at {@code index}. */
    static void add(long[] high, long[] low, int index, long valueHigh, long valueLow)
    {
        long oldLow = low[index];
        long newLow = oldLow + valueLow;
        high[index] += valueHigh + (Long.compareUnsigned(newLow, oldLow) < 0 ? 1 : 0);
        low[index] = newLow;
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
