package io.signo.storage.type;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every operation against BigInteger over random values of every size, the edges of 38 digits and of 2^127, and negatives. */
class Int128MathTest
{
    private static final BigInteger MAX_128 = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
    private static final BigInteger MIN_128 = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger TEN_TO_38 = BigInteger.TEN.pow(38);

    private final Random random = new Random(20261126);
    private final long[] result = new long[4];

    /** Random values of 0 to 127 bits and both signs, plus the edges. */
    private List<BigInteger> values(int randomCount)
    {
        List<BigInteger> values = new ArrayList<>();
        for (BigInteger edge : List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, BigInteger.TEN,
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE), BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(64),
                BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), BigInteger.TEN.pow(18), BigInteger.TEN.pow(19), TEN_TO_38.subtract(BigInteger.ONE),
                TEN_TO_38, MAX_128, BigInteger.TEN.pow(37).multiply(BigInteger.valueOf(5)))) {
            values.add(edge);
            values.add(edge.negate());
        }
        values.add(MIN_128.add(BigInteger.ONE));
        for (int i = 0; i < randomCount; i++) {
            BigInteger value = new BigInteger(random.nextInt(128), random);
            values.add(random.nextBoolean() ? value.negate() : value);
        }
        return values;
    }

    private static long high(BigInteger value)
    {
        return value.shiftRight(64).longValue();
    }

    private static long low(BigInteger value)
    {
        return value.longValue();
    }

    private BigInteger resultValue()
    {
        return Int128Math.toBigInteger(result[0], result[1]);
    }

    /** Within 128 bits and not -2^127, which has no positive counterpart (and is no DECIMAL): either answer is right for it. */
    private static boolean fits(BigInteger value)
    {
        return value.compareTo(MAX_128) <= 0 && value.compareTo(MIN_128) > 0;
    }

    @Test
    void convertsToAndFromBigInteger()
    {
        for (BigInteger value : values(1000)) {
            assertEquals(value, Int128Math.toBigInteger(high(value), low(value)));
            Int128Math.fromBigInteger(value, result);
            assertEquals(value, resultValue());
        }
        assertThrows(ArithmeticException.class, () -> Int128Math.fromBigInteger(MAX_128.add(BigInteger.ONE), result));
    }

    @Test
    void addsAndSubtractsOrFailsPast128Bits()
    {
        List<BigInteger> values = values(300);
        for (BigInteger left : values) {
            for (BigInteger right : values) {
                BigInteger sum = left.add(right);
                if (sum.equals(MIN_128)) {
                    continue;
                }
                if (fits(sum)) {
                    Int128Math.add(high(left), low(left), high(right), low(right), result);
                    assertEquals(sum, resultValue(), left + " + " + right);
                }
                else {
                    assertThrows(ArithmeticException.class, () -> Int128Math.add(high(left), low(left), high(right), low(right), result), left + " + " + right);
                }
                BigInteger difference = left.subtract(right);
                if (difference.equals(MIN_128)) {
                    continue;
                }
                if (fits(difference)) {
                    Int128Math.subtract(high(left), low(left), high(right), low(right), result);
                    assertEquals(difference, resultValue(), left + " - " + right);
                }
                else {
                    assertThrows(ArithmeticException.class, () -> Int128Math.subtract(high(left), low(left), high(right), low(right), result), left + " - " + right);
                }
            }
        }
    }

    @Test
    void multipliesOrFailsPast128Bits()
    {
        List<BigInteger> values = values(300);
        // products of values of 0 to 64 bits: most fit
        for (int i = 0; i < 300; i++) {
            BigInteger value = new BigInteger(random.nextInt(65), random);
            values.add(random.nextBoolean() ? value.negate() : value);
        }
        for (BigInteger left : values) {
            for (BigInteger right : values) {
                BigInteger product = left.multiply(right);
                if (product.equals(MIN_128)) {
                    continue;
                }
                if (fits(product)) {
                    Int128Math.multiply(high(left), low(left), high(right), low(right), result);
                    assertEquals(product, resultValue(), left + " * " + right);
                }
                else {
                    assertThrows(ArithmeticException.class, () -> Int128Math.multiply(high(left), low(left), high(right), low(right), result), left + " * " + right);
                }
            }
        }
    }

    @Test
    void dividesRoundingHalfUpAndTruncating()
    {
        List<BigInteger> values = values(300);
        for (BigInteger dividend : values) {
            for (BigInteger divisor : values) {
                if (divisor.signum() == 0) {
                    assertThrows(ArithmeticException.class, () -> Int128Math.divideRoundHalfUp(high(dividend), low(dividend), 0, 0, result));
                    continue;
                }
                BigInteger rounded = new BigDecimal(dividend).divide(new BigDecimal(divisor), 0, RoundingMode.HALF_UP).toBigIntegerExact();
                if (fits(rounded)) {
                    Int128Math.divideRoundHalfUp(high(dividend), low(dividend), high(divisor), low(divisor), result);
                    assertEquals(rounded, resultValue(), dividend + " / " + divisor);
                }
                BigInteger[] quotientAndRemainder = dividend.divideAndRemainder(divisor);
                if (fits(quotientAndRemainder[0])) {
                    Int128Math.divideTruncating(high(dividend), low(dividend), high(divisor), low(divisor), result);
                    assertEquals(quotientAndRemainder[0], resultValue(), dividend + " / " + divisor);
                    assertEquals(quotientAndRemainder[1], Int128Math.toBigInteger(result[2], result[3]), dividend + " % " + divisor);
                }
            }
        }
    }

    @Test
    void dividesOneHundredTwentyEightBitsBySixtyFour()
    {
        for (int i = 0; i < 100_000; i++) {
            long divisor = random.nextLong();
            if (divisor == 0) {
                continue;
            }
            // the high word below the divisor (unsigned), so that the quotient fits 64 bits
            long high = Long.remainderUnsigned(random.nextLong(), divisor);
            long low = random.nextLong();
            BigInteger dividend = Int128Math.toBigInteger(0, high).shiftLeft(64).or(Int128Math.toBigInteger(0, low));
            BigInteger unsignedDivisor = Int128Math.toBigInteger(0, divisor);
            long quotient = Int128Math.divideUnsigned128By64(high, low, divisor);
            assertEquals(dividend.divide(unsignedDivisor), Int128Math.toBigInteger(0, quotient), dividend + " / " + unsignedDivisor);
            assertEquals(dividend.mod(unsignedDivisor), Int128Math.toBigInteger(0, low - quotient * divisor));
        }
    }

    @Test
    void rescalesRoundingHalfUp()
    {
        for (BigInteger value : values(500)) {
            for (int fromScale : new int[] {0, 2, 10, 19, 38}) {
                for (int toScale : new int[] {0, 1, 2, 6, 18, 20, 38}) {
                    BigInteger expected = new BigDecimal(value, fromScale).setScale(toScale, RoundingMode.HALF_UP).unscaledValue();
                    if (fits(expected)) {
                        Int128Math.rescale(high(value), low(value), fromScale, toScale, result);
                        assertEquals(expected, resultValue(), value + " from scale " + fromScale + " to " + toScale);
                    }
                    else {
                        assertThrows(ArithmeticException.class, () -> Int128Math.rescale(high(value), low(value), fromScale, toScale, result));
                    }
                }
            }
        }
    }

    @Test
    void dividesScaledDividends()
    {
        List<BigInteger> values = values(150);
        for (BigInteger dividend : values) {
            for (BigInteger divisor : values) {
                if (divisor.signum() == 0) {
                    continue;
                }
                for (int shift : new int[] {-3, 0, 4, 25}) {
                    BigDecimal exact = shift >= 0
                            ? new BigDecimal(dividend.multiply(BigInteger.TEN.pow(shift))).divide(new BigDecimal(divisor), 0, RoundingMode.HALF_UP)
                            : new BigDecimal(dividend).divide(new BigDecimal(divisor.multiply(BigInteger.TEN.pow(-shift))), 0, RoundingMode.HALF_UP);
                    BigInteger expected = exact.toBigIntegerExact();
                    if (fits(expected)) {
                        Int128Math.divideScaled(high(dividend), low(dividend), shift, high(divisor), low(divisor), result);
                        assertEquals(expected, resultValue(), dividend + " * 10^" + shift + " / " + divisor);
                    }
                }
            }
        }
    }

    @Test
    void comparesAndChecksPrecision()
    {
        List<BigInteger> values = values(300);
        for (BigInteger left : values) {
            for (BigInteger right : values) {
                assertEquals(Integer.signum(left.compareTo(right)), Integer.signum(Int128Math.compare(high(left), low(left), high(right), low(right))), left + " <=> " + right);
            }
            for (int precision : new int[] {0, 1, 18, 19, 37, 38}) {
                boolean fits = left.abs().compareTo(BigInteger.TEN.pow(precision)) < 0;
                assertEquals(fits, Int128Math.fitsPrecision(high(left), low(left), precision), left + " in " + precision + " digits");
            }
        }
        assertFalse(Int128Math.fitsPrecision(Long.MIN_VALUE, 0, 38));
        assertTrue(Int128Math.fitsPrecision(high(TEN_TO_38.subtract(BigInteger.ONE).negate()), low(TEN_TO_38.subtract(BigInteger.ONE).negate()), 38));
    }

    @Test
    void formatsAsDecimalText()
    {
        for (BigInteger value : values(1000)) {
            if (value.abs().compareTo(TEN_TO_38) >= 0) {
                continue;
            }
            for (int scale : new int[] {0, 1, 2, 17, 18, 19, 37, 38}) {
                assertEquals(new BigDecimal(value, scale).toPlainString(), Int128Math.toString(high(value), low(value), scale), value + " at scale " + scale);
            }
        }
        assertEquals("-0.05", Int128Math.toString(-1, -5, 2));
        assertEquals("0.00000000000000000000000000000000000001", Int128Math.toString(0, 1, 38));
        assertEquals("-99999999999999999999999999999999999999", Int128Math.toString(high(TEN_TO_38.subtract(BigInteger.ONE).negate()), low(TEN_TO_38.subtract(BigInteger.ONE).negate()), 0));
    }

    @Test
    void convertsToDouble()
    {
        for (BigInteger value : values(1000)) {
            assertEquals(value.doubleValue(), Int128Math.toDouble(high(value), low(value)));
        }
    }
}
