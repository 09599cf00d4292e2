package io.signo.storage.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact arithmetic on signed 128-bit two's complement integers held as two longs, {@code high} and
 * {@code low} ({@code low} read unsigned): the unscaled values of long DECIMALs. Results of two
 * words go to {@code result[0]} (high) and {@code result[1]} (low), a scratch array the caller
 * keeps across rows, so no operation allocates. A result that leaves 128 bits throws an
 * {@link ArithmeticException}; whether it fits a DECIMAL's precision is the caller's check
 * ({@link #fitsPrecision}). Divisions round HALF_UP (half away from zero), as the short DECIMAL path
 * does.
 *
 * <p>Division of a 128-bit dividend by a divisor below 2^64 is two hardware-sized steps (Knuth's
 * algorithm D with 32-bit digits, as in Hacker's Delight's {@code divlu}); a wider divisor takes
 * the normalized estimate of Hacker's Delight's {@code divDu}. Only a scaled dividend that leaves
 * 128 bits (a division or remainder of values past about 10^32) falls back to BigInteger.
 */
public final class Int128Math
{
    /** The most decimal digits of a value whose magnitude is below 2^127. */
    public static final int MAX_DIGITS = 38;

    private static final long[] POWER_HIGH = new long[MAX_DIGITS + 1];
    private static final long[] POWER_LOW = new long[MAX_DIGITS + 1];
    private static final long[] LONG_POWERS = new long[19];
    private static final long TEN_TO_EIGHTEEN = 1_000_000_000_000_000_000L;
    private static final long MASK_32 = 0xFFFF_FFFFL;

    static {
        BigInteger power = BigInteger.ONE;
        for (int i = 0; i <= MAX_DIGITS; i++) {
            POWER_HIGH[i] = power.shiftRight(64).longValue();
            POWER_LOW[i] = power.longValue();
            if (i < LONG_POWERS.length) {
                LONG_POWERS[i] = power.longValueExact();
            }
            power = power.multiply(BigInteger.TEN);
        }
    }

    private Int128Math() {}

    public static long powerOfTenHigh(int exponent)
    {
        return POWER_HIGH[exponent];
    }

    public static long powerOfTenLow(int exponent)
    {
        return POWER_LOW[exponent];
    }

    /** Whether (high, low) is a sign-extended long. */
    public static boolean fitsInLong(long high, long low)
    {
        return high == (low >> 63);
    }

    /** Whether |(high, low)| has at most {@code precision} digits (below 10^precision), precision 0 to 38. */
    public static boolean fitsPrecision(long high, long low, int precision)
    {
        if (high < 0) {
            long negatedLow = -low;
            high = negatedLow == 0 ? -high : ~high;
            low = negatedLow;
            if (high < 0) {
                // -2^127 has no positive counterpart and more digits than any precision
                return false;
            }
        }
        long limitHigh = POWER_HIGH[precision];
        return high < limitHigh || (high == limitHigh && Long.compareUnsigned(low, POWER_LOW[precision]) < 0);
    }

    public static int compare(long leftHigh, long leftLow, long rightHigh, long rightLow)
    {
        int byHigh = Long.compare(leftHigh, rightHigh);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(leftLow, rightLow);
    }

    /** The sign of (high, low): -1, 0 or 1. */
    public static int signum(long high, long low)
    {
        return high < 0 ? -1 : (high | low) == 0 ? 0 : 1;
    }

    /** The high word of the negation of (high, low); its low word is {@code -low}. */
    public static long negateHigh(long high, long low)
    {
        return low == 0 ? -high : ~high;
    }

    /** left + right. */
    public static void add(long leftHigh, long leftLow, long rightHigh, long rightLow, long[] result)
    {
        long low = leftLow + rightLow;
        long high = leftHigh + rightHigh + (Long.compareUnsigned(low, leftLow) < 0 ? 1 : 0);
        // signed overflow: both operands have the sign the sum lacks (a carry in does not change that)
        if (((leftHigh ^ high) & (rightHigh ^ high)) < 0) {
            throw overflow();
        }
        result[0] = high;
        result[1] = low;
    }

    /** left - right. */
    public static void subtract(long leftHigh, long leftLow, long rightHigh, long rightLow, long[] result)
    {
        long low = leftLow - rightLow;
        long high = leftHigh - rightHigh - (Long.compareUnsigned(leftLow, rightLow) < 0 ? 1 : 0);
        // signed overflow: the operands' signs differ and the difference has the subtrahend's
        if (((leftHigh ^ rightHigh) & (leftHigh ^ high)) < 0) {
            throw overflow();
        }
        result[0] = high;
        result[1] = low;
    }

    /** left * right. */
    public static void multiply(long leftHigh, long leftLow, long rightHigh, long rightLow, long[] result)
    {
        if ((leftHigh | leftLow) == 0 || (rightHigh | rightLow) == 0) {
            result[0] = 0;
            result[1] = 0;
            return;
        }
        boolean negative = (leftHigh ^ rightHigh) < 0;
        if (leftHigh < 0) {
            long high = negateHigh(leftHigh, leftLow);
            leftLow = -leftLow;
            leftHigh = high;
        }
        if (rightHigh < 0) {
            long high = negateHigh(rightHigh, rightLow);
            rightLow = -rightLow;
            rightHigh = high;
        }
        // magnitudes: (leftHigh, leftLow) * (rightHigh, rightLow) must stay below 2^127
        if (leftHigh != 0 && rightHigh != 0) {
            throw overflow();
        }
        long low = leftLow * rightLow;
        long high = Math.unsignedMultiplyHigh(leftLow, rightLow);
        long cross;
        if (leftHigh != 0) {
            if (Math.unsignedMultiplyHigh(leftHigh, rightLow) != 0 || leftHigh < 0) {
                throw overflow();
            }
            cross = leftHigh * rightLow;
        }
        else if (rightHigh != 0) {
            if (Math.unsignedMultiplyHigh(rightHigh, leftLow) != 0 || rightHigh < 0) {
                throw overflow();
            }
            cross = rightHigh * leftLow;
        }
        else {
            cross = 0;
        }
        long sumHigh = high + cross;
        if (Long.compareUnsigned(sumHigh, high) < 0 || sumHigh < 0) {
            throw overflow();
        }
        if (negative) {
            result[0] = negateHigh(sumHigh, low);
            result[1] = -low;
        }
        else {
            result[0] = sumHigh;
            result[1] = low;
        }
    }

    /** value * 10^exponent, exponent 0 or more. */
    public static void multiplyByPowerOfTen(long high, long low, int exponent, long[] result)
    {
        if (exponent == 0 || (high | low) == 0) {
            result[0] = high;
            result[1] = low;
            return;
        }
        if (exponent > MAX_DIGITS) {
            throw overflow();
        }
        multiply(high, low, POWER_HIGH[exponent], POWER_LOW[exponent], result);
    }

    /** Changes the scale of an unscaled value, rounding HALF_UP when digits are dropped. */
    public static void rescale(long high, long low, int fromScale, int toScale, long[] result)
    {
        if (toScale >= fromScale) {
            multiplyByPowerOfTen(high, low, toScale - fromScale, result);
        }
        else {
            divideByPowerOfTenRoundHalfUp(high, low, fromScale - toScale, result);
        }
    }

    /** value / 10^exponent rounded HALF_UP, exponent 0 or more. */
    public static void divideByPowerOfTenRoundHalfUp(long high, long low, int exponent, long[] result)
    {
        if (exponent == 0) {
            result[0] = high;
            result[1] = low;
            return;
        }
        if (exponent > MAX_DIGITS) {
            // |value| < 2^127 < 5 * 10^38: below half of 10^39
            result[0] = 0;
            result[1] = 0;
            return;
        }
        divideRoundHalfUp(high, low, POWER_HIGH[exponent], POWER_LOW[exponent], result);
    }

    /** dividend / divisor, rounded HALF_UP; an {@link ArithmeticException} when the divisor is zero. */
    public static void divideRoundHalfUp(long dividendHigh, long dividendLow, long divisorHigh, long divisorLow, long[] result)
    {
        divide(dividendHigh, dividendLow, divisorHigh, divisorLow, true, false, result);
    }

    /** dividend / divisor truncated toward zero, in {@code result[0..1]}, and the remainder (the dividend's sign) in {@code result[2..3]}. */
    public static void divideTruncating(long dividendHigh, long dividendLow, long divisorHigh, long divisorLow, long[] result)
    {
        divide(dividendHigh, dividendLow, divisorHigh, divisorLow, false, true, result);
    }

    private static void divide(long dividendHigh, long dividendLow, long divisorHigh, long divisorLow, boolean round, boolean withRemainder, long[] result)
    {
        if ((divisorHigh | divisorLow) == 0) {
            throw new ArithmeticException("Division by zero");
        }
        boolean negativeDividend = dividendHigh < 0;
        boolean negative = negativeDividend != (divisorHigh < 0);
        if (negativeDividend) {
            long high = negateHigh(dividendHigh, dividendLow);
            dividendLow = -dividendLow;
            dividendHigh = high;
        }
        if (divisorHigh < 0) {
            long high = negateHigh(divisorHigh, divisorLow);
            divisorLow = -divisorLow;
            divisorHigh = high;
        }
        // magnitudes below 2^128, read unsigned: -2^127 negates to itself and reads as 2^127
        long quotientHigh;
        long quotientLow;
        long remainderHigh;
        long remainderLow;
        if (divisorHigh == 0) {
            quotientHigh = Long.divideUnsigned(dividendHigh, divisorLow);
            long upperRemainder = dividendHigh - quotientHigh * divisorLow;
            quotientLow = divideUnsigned128By64(upperRemainder, dividendLow, divisorLow);
            remainderHigh = 0;
            remainderLow = dividendLow - quotientLow * divisorLow;
        }
        else {
            // the quotient fits 64 bits; estimate it from the divisor's top 64 bits (Hacker's Delight, divDu)
            int shift = Long.numberOfLeadingZeros(divisorHigh);
            long normalizedTop = shift == 0 ? divisorHigh : (divisorHigh << shift) | (divisorLow >>> (64 - shift));
            long halfHigh = dividendHigh >>> 1;
            long halfLow = (dividendLow >>> 1) | (dividendHigh << 63);
            long estimate = divideUnsigned128By64(halfHigh, halfLow, normalizedTop);
            // undo the normalization and the halving: at most one too large after the decrement below
            long quotient = estimate >>> (63 - shift);
            if (quotient != 0) {
                quotient--;
            }
            // remainder = dividend - quotient * divisor, then one correction step
            long productLow = quotient * divisorLow;
            long productHigh = Math.unsignedMultiplyHigh(quotient, divisorLow) + quotient * divisorHigh;
            remainderLow = dividendLow - productLow;
            remainderHigh = dividendHigh - productHigh - (Long.compareUnsigned(dividendLow, productLow) < 0 ? 1 : 0);
            if (compareUnsigned(remainderHigh, remainderLow, divisorHigh, divisorLow) >= 0) {
                quotient++;
                long low = remainderLow - divisorLow;
                remainderHigh = remainderHigh - divisorHigh - (Long.compareUnsigned(remainderLow, divisorLow) < 0 ? 1 : 0);
                remainderLow = low;
            }
            quotientHigh = 0;
            quotientLow = quotient;
        }
        if (round) {
            // round up when remainder >= divisor - remainder
            long complementLow = divisorLow - remainderLow;
            long complementHigh = divisorHigh - remainderHigh - (Long.compareUnsigned(divisorLow, remainderLow) < 0 ? 1 : 0);
            if (compareUnsigned(remainderHigh, remainderLow, complementHigh, complementLow) >= 0) {
                quotientLow++;
                if (quotientLow == 0) {
                    quotientHigh++;
                }
            }
        }
        if (quotientHigh < 0) {
            throw overflow();
        }
        if (negative) {
            result[0] = negateHigh(quotientHigh, quotientLow);
            result[1] = -quotientLow;
        }
        else {
            result[0] = quotientHigh;
            result[1] = quotientLow;
        }
        if (withRemainder) {
            if (negativeDividend) {
                result[2] = negateHigh(remainderHigh, remainderLow);
                result[3] = -remainderLow;
            }
            else {
                result[2] = remainderHigh;
                result[3] = remainderLow;
            }
        }
    }

    private static int compareUnsigned(long leftHigh, long leftLow, long rightHigh, long rightLow)
    {
        int byHigh = Long.compareUnsigned(leftHigh, rightHigh);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(leftLow, rightLow);
    }

    /**
     * The unsigned quotient of (high * 2^64 + low) / divisor, which must fit 64 bits ({@code high}
     * below {@code divisor}, unsigned): Knuth's algorithm D on 32-bit digits (Hacker's Delight, divlu).
     * The remainder is {@code low - quotient * divisor} in wrapping arithmetic.
     */
    static long divideUnsigned128By64(long high, long low, long divisor)
    {
        int shift = Long.numberOfLeadingZeros(divisor);
        long normalized = divisor << shift;
        long divisorHigh = normalized >>> 32;
        long divisorLow = normalized & MASK_32;
        long upper = shift == 0 ? high : (high << shift) | (low >>> (64 - shift));
        long lower = low << shift;
        long lowerHigh = lower >>> 32;
        long lowerLow = lower & MASK_32;

        long quotientHigh = Long.divideUnsigned(upper, divisorHigh);
        long partial = upper - quotientHigh * divisorHigh;
        while (Long.compareUnsigned(quotientHigh, MASK_32) > 0
                || Long.compareUnsigned(quotientHigh * divisorLow, (partial << 32) | lowerHigh) > 0) {
            quotientHigh--;
            partial += divisorHigh;
            if (Long.compareUnsigned(partial, MASK_32) > 0) {
                break;
            }
        }
        long middle = (upper << 32) + lowerHigh - quotientHigh * normalized;
        long quotientLow = Long.divideUnsigned(middle, divisorHigh);
        partial = middle - quotientLow * divisorHigh;
        while (Long.compareUnsigned(quotientLow, MASK_32) > 0
                || Long.compareUnsigned(quotientLow * divisorLow, (partial << 32) | lowerLow) > 0) {
            quotientLow--;
            partial += divisorHigh;
            if (Long.compareUnsigned(partial, MASK_32) > 0) {
                break;
            }
        }
        return (quotientHigh << 32) | quotientLow;
    }

    /**
     * {@code dividend * 10^shift / divisor} rounded HALF_UP, for decimal division: the scaled
     * dividend is formed in 128 bits when it fits, else the division is done in BigInteger (values
     * past about 10^32 only).
     */
    public static void divideScaled(long dividendHigh, long dividendLow, int shift, long divisorHigh, long divisorLow, long[] result)
    {
        if ((divisorHigh | divisorLow) == 0) {
            throw new ArithmeticException("Division by zero");
        }
        if (shift >= 0) {
            boolean scaled;
            try {
                multiplyByPowerOfTen(dividendHigh, dividendLow, shift, result);
                scaled = true;
            }
            catch (ArithmeticException e) {
                scaled = false;
            }
            if (scaled) {
                divideRoundHalfUp(result[0], result[1], divisorHigh, divisorLow, result);
                return;
            }
            BigInteger dividend = toBigInteger(dividendHigh, dividendLow).multiply(BigInteger.TEN.pow(shift));
            fromBigInteger(new BigDecimal(dividend).divide(new BigDecimal(toBigInteger(divisorHigh, divisorLow)), 0, RoundingMode.HALF_UP).toBigInteger(), result);
            return;
        }
        BigInteger divisor = toBigInteger(divisorHigh, divisorLow).multiply(BigInteger.TEN.pow(-shift));
        fromBigInteger(new BigDecimal(toBigInteger(dividendHigh, dividendLow)).divide(new BigDecimal(divisor), 0, RoundingMode.HALF_UP).toBigInteger(), result);
    }

    public static BigInteger toBigInteger(long high, long low)
    {
        BigInteger unsignedLow = BigInteger.valueOf(low & Long.MAX_VALUE);
        if (low < 0) {
            unsignedLow = unsignedLow.setBit(63);
        }
        return BigInteger.valueOf(high).shiftLeft(64).or(unsignedLow);
    }

    /** The value in {@code result[0..1]}; an {@link ArithmeticException} when it leaves 128 bits. */
    public static void fromBigInteger(BigInteger value, long[] result)
    {
        if (value.bitLength() > 127) {
            throw overflow();
        }
        result[0] = value.shiftRight(64).longValue();
        result[1] = value.longValue();
    }

    public static BigDecimal toBigDecimal(long high, long low, int scale)
    {
        return fitsInLong(high, low) ? BigDecimal.valueOf(low, scale) : new BigDecimal(toBigInteger(high, low), scale);
    }

    /** The value as the nearest double (the low word read unsigned). */
    public static double toDouble(long high, long low)
    {
        if (fitsInLong(high, low)) {
            return low;
        }
        return toBigInteger(high, low).doubleValue();
    }

    /** The longest text {@link #format} writes: a sign, 38 digits, a point and a leading zero. */
    public static final int MAX_FORMATTED_LENGTH = MAX_DIGITS + 3;

    /**
     * Writes the unscaled value with {@code scale} digits after the point (0 to 38) into
     * {@code target} from {@code offset}, as DuckDB and PostgreSQL print a DECIMAL ({@code -0.05},
     * {@code 12.50}); {@code target} must have {@link #MAX_FORMATTED_LENGTH} bytes from {@code offset}.
     * Returns the end offset. Digits are written backwards from the end of that room, eighteen at a
     * time from a division by 10^18, then moved to {@code offset}.
     */
    public static int format(long high, long low, int scale, byte[] target, int offset)
    {
        boolean negative = high < 0;
        if (negative) {
            long negatedHigh = negateHigh(high, low);
            low = -low;
            high = negatedHigh;
        }
        int end = offset + MAX_FORMATTED_LENGTH;
        int position = end;
        int digitCount = 0;
        // while the magnitude has more than 64 bits, every group of 18 digits is followed by more digits
        while (high != 0) {
            long quotientHigh = Long.divideUnsigned(high, TEN_TO_EIGHTEEN);
            long upperRemainder = high - quotientHigh * TEN_TO_EIGHTEEN;
            long quotientLow = divideUnsigned128By64(upperRemainder, low, TEN_TO_EIGHTEEN);
            long group = low - quotientLow * TEN_TO_EIGHTEEN;
            for (int i = 0; i < 18; i++) {
                position = writeDigit(target, position, digitCount++, scale, (int) (group % 10));
                group /= 10;
            }
            high = quotientHigh;
            low = quotientLow;
        }
        while (low != 0 || digitCount <= scale) {
            long quotient = Long.divideUnsigned(low, 10);
            position = writeDigit(target, position, digitCount++, scale, (int) (low - quotient * 10));
            low = quotient;
        }
        if (negative) {
            target[--position] = '-';
        }
        int length = end - position;
        System.arraycopy(target, position, target, offset, length);
        return offset + length;
    }

    /** Writes one digit before {@code position}, and the point before it when the scale's digits are done. */
    private static int writeDigit(byte[] target, int position, int digitIndex, int scale, int digit)
    {
        if (digitIndex == scale && scale > 0) {
            target[--position] = '.';
        }
        target[--position] = (byte) ('0' + digit);
        return position;
    }

    /** {@link #format(long, long, int, byte[], int)} as a String; for output and tests. */
    public static String toString(long high, long low, int scale)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        int length = format(high, low, scale, text, 0);
        return new String(text, 0, length, java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** A long's power of ten, 10^0 to 10^18. */
    public static long longPowerOfTen(int exponent)
    {
        return LONG_POWERS[exponent];
    }

    private static ArithmeticException overflow()
    {
        return new ArithmeticException("Decimal overflow");
    }
}
