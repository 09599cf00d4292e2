package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact arithmetic on DECIMAL unscaled longs: rescaling and division round HALF_UP, products and
 * scaled dividends that leave 64 bits are carried in 128 bits ({@link Math#multiplyHigh}) and
 * divided back down, and a result that does not fit fails with "Decimal overflow".
 */
final class Decimals
{
    static final String OVERFLOW = "Decimal overflow";
    static final String DIVISION_BY_ZERO = "Division by zero";

    private static final long[] POWERS_OF_TEN = new long[19];
    private static final double[] DOUBLE_POWERS_OF_TEN = new double[40];

    static {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
        for (int i = 0; i < DOUBLE_POWERS_OF_TEN.length; i++) {
            DOUBLE_POWERS_OF_TEN[i] = Double.parseDouble("1e" + i);
        }
    }

    private Decimals() {}

    static SignoException overflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, OVERFLOW);
    }

    static SignoException divisionByZero()
    {
        return new SignoException(ErrorCode.DIVISION_BY_ZERO, DIVISION_BY_ZERO);
    }

    /** 10^exponent for exponent 0..18. */
    static long powerOfTen(int exponent)
    {
        if (exponent < 0 || exponent >= POWERS_OF_TEN.length) {
            throw overflow();
        }
        return POWERS_OF_TEN[exponent];
    }

    static double doublePowerOfTen(int exponent)
    {
        return DOUBLE_POWERS_OF_TEN[exponent];
    }

    /** The largest unscaled value a DECIMAL of this precision holds, or Long.MAX_VALUE beyond 18 digits. */
    static long maxUnscaled(int precision)
    {
        return precision >= 19 ? Long.MAX_VALUE : POWERS_OF_TEN[precision] - 1;
    }

    /** Changes the scale of an unscaled value, rounding HALF_UP when digits are dropped. */
    static long rescale(long value, int fromScale, int toScale)
    {
        if (toScale == fromScale || value == 0) {
            return value;
        }
        if (toScale > fromScale) {
            int difference = toScale - fromScale;
            if (difference >= POWERS_OF_TEN.length) {
                throw overflow();
            }
            long high = Math.multiplyHigh(value, POWERS_OF_TEN[difference]);
            long low = value * POWERS_OF_TEN[difference];
            if (high != (low >> 63)) {
                throw overflow();
            }
            return low;
        }
        int difference = fromScale - toScale;
        if (difference >= POWERS_OF_TEN.length) {
            // |value| < 9.3e18 is below half of 10^19, so it rounds to zero
            return 0;
        }
        return divideRoundHalfUp(value, POWERS_OF_TEN[difference]);
    }

    /** Like {@link #rescale} but saturates instead of failing; ordering is kept, which is all comparisons need. */
    static long rescaleSaturated(long value, int fromScale, int toScale)
    {
        try {
            return rescale(value, fromScale, toScale);
        }
        catch (SignoException e) {
            return value < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** value / divisor rounded HALF_UP (away from zero at .5); divisor must not be zero. */
    static long divideRoundHalfUp(long value, long divisor)
    {
        long quotient = value / divisor;
        long remainder = value % divisor;
        if (remainder != 0) {
            long absoluteRemainder = Math.abs(remainder);
            long absoluteDivisor = Math.abs(divisor);
            // compare unsigned so that |Long.MIN_VALUE| (2^63) works
            if (Long.compareUnsigned(absoluteRemainder, absoluteDivisor - absoluteRemainder) >= 0) {
                quotient += (value ^ divisor) < 0 ? -1 : 1;
            }
        }
        else if (value == Long.MIN_VALUE && divisor == -1) {
            throw overflow();
        }
        return quotient;
    }

    /**
     * The product of two unscaled values whose scales add up to {@code productScale}, at
     * {@code resultScale}, rounded HALF_UP.
     */
    static long multiply(long left, long right, int productScale, int resultScale)
    {
        long high = Math.multiplyHigh(left, right);
        long low = left * right;
        if (high == (low >> 63)) {
            return rescale(low, productScale, resultScale);
        }
        if (resultScale >= productScale) {
            throw overflow();
        }
        int difference = productScale - resultScale;
        if (difference >= POWERS_OF_TEN.length) {
            return slowDivide(BigInteger.valueOf(left).multiply(BigInteger.valueOf(right)), BigInteger.TEN.pow(difference));
        }
        return divide128(high, low, POWERS_OF_TEN[difference]);
    }

    /**
     * {@code dividend / divisor} for unscaled values at the given scales, as an unscaled value at
     * {@code resultScale}, rounded HALF_UP.
     */
    static long divide(long dividend, int dividendScale, long divisor, int divisorScale, int resultScale)
    {
        if (divisor == 0) {
            throw divisionByZero();
        }
        // result = dividend * 10^shift / divisor
        int shift = resultScale - dividendScale + divisorScale;
        if (shift < 0) {
            return slowDivide(BigInteger.valueOf(dividend), BigInteger.valueOf(divisor).multiply(BigInteger.TEN.pow(-shift)));
        }
        if (shift >= POWERS_OF_TEN.length) {
            return slowDivide(BigInteger.valueOf(dividend).multiply(BigInteger.TEN.pow(shift)), BigInteger.valueOf(divisor));
        }
        long factor = POWERS_OF_TEN[shift];
        long high = Math.multiplyHigh(dividend, factor);
        long low = dividend * factor;
        if (high == (low >> 63)) {
            return divideRoundHalfUp(low, divisor);
        }
        if (divisor == Long.MIN_VALUE) {
            return slowDivide(BigInteger.valueOf(dividend).multiply(BigInteger.valueOf(factor)), BigInteger.valueOf(divisor));
        }
        long quotient = divide128(high, low, Math.abs(divisor));
        return divisor < 0 ? -quotient : quotient;
    }

    /**
     * The signed 128-bit value (high, low) divided by a positive divisor, rounded HALF_UP; fails when
     * the quotient leaves a long. Shift-and-subtract long division: only products that left 64 bits
     * come here, which is rare.
     */
    static long divide128(long high, long low, long divisor)
    {
        boolean negative = high < 0;
        if (negative) {
            // two's complement negation of the 128-bit value
            low = -low;
            high = low == 0 ? -high : ~high;
        }
        if (Long.compareUnsigned(high, divisor) >= 0) {
            throw overflow();
        }
        long remainder = high;
        long quotient = 0;
        for (int bit = 63; bit >= 0; bit--) {
            boolean carry = remainder < 0;
            remainder = (remainder << 1) | ((low >>> bit) & 1);
            quotient <<= 1;
            if (carry || Long.compareUnsigned(remainder, divisor) >= 0) {
                remainder -= divisor;
                quotient |= 1;
            }
        }
        if (Long.compareUnsigned(remainder, divisor - remainder) >= 0) {
            quotient++;
        }
        if (quotient < 0) {
            throw overflow();
        }
        return negative ? -quotient : quotient;
    }

    private static long slowDivide(BigInteger dividend, BigInteger divisor)
    {
        BigInteger quotient = new BigDecimal(dividend).divide(new BigDecimal(divisor), 0, RoundingMode.HALF_UP).toBigInteger();
        if (quotient.bitLength() > 63) {
            throw overflow();
        }
        return quotient.longValue();
    }

    /** Fails with "Decimal overflow" unless |value| fits {@code precision} digits. */
    static void checkPrecision(long[] values, int count, int precision)
    {
        if (precision >= 19) {
            return;
        }
        long max = POWERS_OF_TEN[precision] - 1;
        for (int i = 0; i < count; i++) {
            long value = values[i];
            if (value > max || value < -max) {
                throw overflow();
            }
        }
    }
}
