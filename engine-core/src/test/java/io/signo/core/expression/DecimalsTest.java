package io.signo.core.expression;

import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DecimalsTest
{
    @Test
    void rescaleRoundsHalfUpAwayFromZero()
    {
        assertEquals(13, Decimals.rescale(125, 2, 1));
        assertEquals(-13, Decimals.rescale(-125, 2, 1));
        assertEquals(12, Decimals.rescale(124, 2, 1));
        assertEquals(12500, Decimals.rescale(125, 2, 4));
        assertThrows(SignoException.class, () -> Decimals.rescale(Long.MAX_VALUE / 5, 0, 1));
        assertEquals(0, Decimals.rescale(Long.MAX_VALUE, 20, 0));
    }

    @Test
    void multiplyAndDivideMatchBigDecimal()
    {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            long left = random.nextLong() >> random.nextInt(64);
            long right = random.nextLong() >> random.nextInt(64);
            int leftScale = random.nextInt(10);
            int rightScale = random.nextInt(10);
            int resultScale = random.nextInt(12);
            BigDecimal exactProduct = BigDecimal.valueOf(left, leftScale).multiply(BigDecimal.valueOf(right, rightScale)).setScale(resultScale, RoundingMode.HALF_UP);
            assertMatches(exactProduct.unscaledValue(), () -> Decimals.multiply(left, right, leftScale + rightScale, resultScale));
            if (right != 0) {
                BigDecimal exactQuotient = BigDecimal.valueOf(left, leftScale).divide(BigDecimal.valueOf(right, rightScale), resultScale, RoundingMode.HALF_UP);
                assertMatches(exactQuotient.unscaledValue(), () -> Decimals.divide(left, leftScale, right, rightScale, resultScale));
            }
        }
    }

    private static void assertMatches(BigInteger expected, java.util.function.LongSupplier actual)
    {
        if (expected.bitLength() > 63) {
            assertEquals(Decimals.OVERFLOW, assertThrows(SignoException.class, actual::getAsLong).getMessage());
        }
        else {
            assertEquals(expected.longValueExact(), actual.getAsLong());
        }
    }

    @Test
    void divide128()
    {
        // (2^64 + 5) / 3 = 6148914691236517207 rounded: remainder 0
        assertEquals(BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(5)).divide(BigInteger.valueOf(3)).longValueExact(), Decimals.divide128(1, 5, 3));
        assertEquals(-BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(5)).divide(BigInteger.valueOf(3)).longValueExact(), Decimals.divide128(-2, -5, 3));
        assertThrows(SignoException.class, () -> Decimals.divide128(3, 0, 3));
    }
}
