package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static io.signo.core.expression.ArithmeticOperator.ADD;
import static io.signo.core.expression.ArithmeticOperator.DIVIDE;
import static io.signo.core.expression.ArithmeticOperator.MODULUS;
import static io.signo.core.expression.ArithmeticOperator.MULTIPLY;
import static io.signo.core.expression.ArithmeticOperator.SUBTRACT;
import static io.signo.core.expression.Expressions.abs;
import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.negate;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ArithmeticExpressionTest
{
    private static final Type DECIMAL_15_2 = Type.decimal(15, 2);

    @Test
    void integerArithmeticWithNulls()
    {
        Page page = page(vector(Type.INTEGER, 7, -7, null, 10), vector(Type.INTEGER, 2, 2, 5, null));
        assertEquals(list(9, -5, null, null), evaluate(arithmetic(ADD, input(0, Type.INTEGER), input(1, Type.INTEGER), Type.INTEGER), page));
        assertEquals(list(5, -9, null, null), evaluate(arithmetic(SUBTRACT, input(0, Type.INTEGER), input(1, Type.INTEGER), Type.INTEGER), page));
        assertEquals(list(14, -14, null, null), evaluate(arithmetic(MULTIPLY, input(0, Type.INTEGER), input(1, Type.INTEGER), Type.INTEGER), page));
        // integer division truncates toward zero
        assertEquals(list(3, -3, null, null), evaluate(arithmetic(DIVIDE, input(0, Type.INTEGER), input(1, Type.INTEGER), Type.INTEGER), page));
        assertEquals(list(1, -1, null, null), evaluate(arithmetic(MODULUS, input(0, Type.INTEGER), input(1, Type.INTEGER), Type.INTEGER), page));
    }

    @Test
    void mixedIntegerAndBigint()
    {
        Page page = page(vector(Type.INTEGER, 1, 2), vector(Type.BIGINT, 10_000_000_000L, -1L));
        assertEquals(list(10_000_000_001L, 1L), evaluate(arithmetic(ADD, input(0, Type.INTEGER), input(1, Type.BIGINT), Type.BIGINT), page));
    }

    @Test
    void aConstantOperandOnEitherSideWithItsOwnScale()
    {
        // Q1's 1 - l_discount and 1 + l_tax: an INTEGER constant against DECIMAL(15, 2) values, NULL kept
        Type decimal = Type.decimal(15, 2);
        Page page = page(vector(decimal, 5L, 10L, null, 0L));
        assertEquals(list(95L, 90L, null, 100L), evaluate(arithmetic(SUBTRACT, constant(Type.INTEGER, 1), input(0, decimal), Type.decimal(16, 2)), page));
        assertEquals(list(105L, 110L, null, 100L), evaluate(arithmetic(ADD, input(0, decimal), constant(Type.INTEGER, 1), Type.decimal(16, 2)), page));
        assertEquals(list(-95L, -90L, null, -100L), evaluate(arithmetic(SUBTRACT, input(0, decimal), constant(Type.INTEGER, 1), Type.decimal(16, 2)), page));
        // a DECIMAL(4, 3) constant raises the column to scale 3
        assertEquals(list(1050L, 1100L, null, 1000L), evaluate(arithmetic(ADD, constant(Type.decimal(4, 3), new BigDecimal("1.000")), input(0, decimal), Type.decimal(17, 3)), page));
        Page bigints = page(vector(Type.BIGINT, Long.MAX_VALUE - 1, 0L));
        assertEquals("BIGINT overflow", assertThrows(SignoException.class,
                () -> evaluate(arithmetic(ADD, constant(Type.BIGINT, 2L), input(0, Type.BIGINT), Type.BIGINT), bigints)).getMessage());
        assertThrows(SignoException.class, () -> evaluate(arithmetic(SUBTRACT, constant(Type.BIGINT, Long.MIN_VALUE), input(0, Type.BIGINT), Type.BIGINT), bigints));
    }

    @Test
    void integerOverflowFails()
    {
        Page page = page(vector(Type.INTEGER, Integer.MAX_VALUE));
        SignoException e = assertThrows(SignoException.class,
                () -> evaluate(arithmetic(ADD, input(0, Type.INTEGER), constant(Type.INTEGER, 1), Type.INTEGER), page));
        assertEquals("INTEGER overflow", e.getMessage());
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, e.errorCode());
        Page bigints = page(vector(Type.BIGINT, Long.MAX_VALUE));
        assertThrows(SignoException.class, () -> evaluate(arithmetic(MULTIPLY, input(0, Type.BIGINT), constant(Type.BIGINT, 2L), Type.BIGINT), bigints));
    }

    @Test
    void divisionByZeroFailsButNotAtNullPositions()
    {
        Page page = page(vector(Type.BIGINT, 10L, 20L), vector(Type.BIGINT, 0L, 5L));
        SignoException e = assertThrows(SignoException.class,
                () -> evaluate(arithmetic(DIVIDE, input(0, Type.BIGINT), input(1, Type.BIGINT), Type.BIGINT), page));
        assertEquals("Division by zero", e.getMessage());
        assertEquals(ErrorCode.DIVISION_BY_ZERO, e.errorCode());
        assertThrows(SignoException.class, () -> evaluate(arithmetic(MODULUS, input(0, Type.BIGINT), input(1, Type.BIGINT), Type.BIGINT), page));
        assertThrows(SignoException.class, () -> evaluate(arithmetic(DIVIDE, input(0, DECIMAL_15_2), input(1, DECIMAL_15_2), Type.decimal(18, 6)), page(vector(DECIMAL_15_2, 100L), vector(DECIMAL_15_2, 0L))));

        // the divisor slot of a NULL row may hold anything; it must not be divided
        Page withNull = page(vector(Type.BIGINT, null, 20L), vector(Type.BIGINT, 0L, 5L));
        assertEquals(list(null, 4L), evaluate(arithmetic(DIVIDE, input(0, Type.BIGINT), input(1, Type.BIGINT), Type.BIGINT), withNull));
        // and a selection that skips the zero divisor never sees it
        assertEquals(list(4L), evaluate(arithmetic(DIVIDE, input(0, Type.BIGINT), input(1, Type.BIGINT), Type.BIGINT), page, 1));
    }

    @Test
    void decimalAddRescalesOperands()
    {
        // 1.50 (DECIMAL(15,2)) + 0.125 (DECIMAL(10,3)) = 1.625 at scale 3
        Page page = page(vector(DECIMAL_15_2, 150L, null), vector(Type.decimal(10, 3), 125L, 1L));
        assertEquals(list(1625L, null), evaluate(arithmetic(ADD, input(0, DECIMAL_15_2), input(1, Type.decimal(10, 3)), Type.decimal(16, 3)), page));
        assertEquals(list(1375L, null), evaluate(arithmetic(SUBTRACT, input(0, DECIMAL_15_2), input(1, Type.decimal(10, 3)), Type.decimal(16, 3)), page));
    }

    @Test
    void decimalPlusIntegerConstant()
    {
        // 1 - l_discount with l_discount 0.04 and 0.10
        Page page = page(vector(DECIMAL_15_2, 4L, 10L));
        Expression oneMinus = arithmetic(SUBTRACT, constant(Type.INTEGER, 1), input(0, DECIMAL_15_2), Type.decimal(16, 2));
        assertEquals(list(96L, 90L), evaluate(oneMinus, page));
        // extendedprice * (1 - discount): 100.00 * 0.96 = 96.0000
        Page prices = page(vector(DECIMAL_15_2, 10000L, 333L), vector(DECIMAL_15_2, 4L, 10L));
        Expression product = arithmetic(MULTIPLY, input(0, DECIMAL_15_2),
                arithmetic(SUBTRACT, constant(Type.INTEGER, 1), input(1, DECIMAL_15_2), Type.decimal(16, 2)), Type.decimal(18, 4));
        assertEquals(list(960000L, 29970L), evaluate(product, prices));
    }

    @Test
    void decimalMultiplyRoundsHalfUpWhenScaleDrops()
    {
        // 1.25 * 1.01 = 1.2625 -> 1.263 at scale 3; -1.25 * 1.01 -> -1.263 (away from zero)
        Page page = page(vector(DECIMAL_15_2, 125L, -125L), vector(DECIMAL_15_2, 101L, 101L));
        assertEquals(list(1263L, -1263L), evaluate(arithmetic(MULTIPLY, input(0, DECIMAL_15_2), input(1, DECIMAL_15_2), Type.decimal(18, 3)), page));
    }

    @Test
    void decimalMultiplyWith128BitIntermediate()
    {
        // 9999999999.99999999 * 100.00000000: the scale-16 product needs more than 64 bits
        Type type = Type.decimal(18, 8);
        Page page = page(vector(type, 999999999999999999L), vector(type, 10000000000L));
        BigDecimal expected = new BigDecimal("9999999999.99999999").multiply(new BigDecimal("100")).setScale(4, java.math.RoundingMode.HALF_UP);
        assertEquals(list(expected.unscaledValue().longValueExact()), evaluate(arithmetic(MULTIPLY, input(0, type), input(1, type), Type.decimal(18, 4)), page));
        assertEquals("Decimal overflow", assertThrows(SignoException.class,
                () -> evaluate(arithmetic(MULTIPLY, input(0, type), input(1, type), Type.decimal(18, 8)), page)).getMessage());
    }

    @Test
    void decimalOverflowOfPrecision()
    {
        Page page = page(vector(Type.decimal(4, 2), 9999L));
        SignoException e = assertThrows(SignoException.class,
                () -> evaluate(arithmetic(ADD, input(0, Type.decimal(4, 2)), input(0, Type.decimal(4, 2)), Type.decimal(4, 2)), page));
        assertEquals("Decimal overflow", e.getMessage());
        assertEquals(list(19998L), evaluate(arithmetic(ADD, input(0, Type.decimal(4, 2)), input(0, Type.decimal(4, 2)), Type.decimal(5, 2)), page));
    }

    @Test
    void decimalDivideRoundsHalfUp()
    {
        // 1.00 / 3.00 = 0.333333; 2.00 / 3.00 = 0.666667; -2.00 / 3.00 = -0.666667
        Page page = page(vector(DECIMAL_15_2, 100L, 200L, -200L), vector(DECIMAL_15_2, 300L, 300L, 300L));
        assertEquals(list(333333L, 666667L, -666667L), evaluate(arithmetic(DIVIDE, input(0, DECIMAL_15_2), input(1, DECIMAL_15_2), Type.decimal(18, 6)), page));
        // dividend scaled past 64 bits: 9999999999999.99 / 0.01 at scale 6 is checked against precision 18 and overflows
        Page large = page(vector(DECIMAL_15_2, 999999999999999L), vector(DECIMAL_15_2, 1L));
        assertThrows(SignoException.class, () -> evaluate(arithmetic(DIVIDE, input(0, DECIMAL_15_2), input(1, DECIMAL_15_2), Type.decimal(18, 6)), large));
        // 128-bit scaled dividend that still fits: 99999999999.99 / 7.00 at scale 7 (needs 10^17 * 10^... > 2^63 intermediate)
        Page wide = page(vector(DECIMAL_15_2, 9999999999999L), vector(DECIMAL_15_2, 700L));
        BigDecimal expected = new BigDecimal("99999999999.99").divide(new BigDecimal("7.00"), 7, java.math.RoundingMode.HALF_UP);
        assertEquals(list(expected.unscaledValue().longValueExact()), evaluate(arithmetic(DIVIDE, input(0, DECIMAL_15_2), input(1, DECIMAL_15_2), Type.decimal(18, 7)), wide));
    }

    @Test
    void decimalModulus()
    {
        // 7.50 % 2 = 1.50
        Page page = page(vector(DECIMAL_15_2, 750L));
        assertEquals(list(150L), evaluate(arithmetic(MODULUS, input(0, DECIMAL_15_2), constant(Type.INTEGER, 2), DECIMAL_15_2), page));
    }

    @Test
    void doubleArithmeticWithDecimalOperand()
    {
        Page page = page(vector(Type.DOUBLE, 1.5, null), vector(DECIMAL_15_2, 25L, 1L));
        assertEquals(list(1.75, null), evaluate(arithmetic(ADD, input(0, Type.DOUBLE), input(1, DECIMAL_15_2), Type.DOUBLE), page));
        assertEquals(list(Double.POSITIVE_INFINITY), evaluate(arithmetic(DIVIDE, input(0, Type.DOUBLE), constant(Type.DOUBLE, 0.0), Type.DOUBLE), page(vector(Type.DOUBLE, 1.0))));
    }

    @Test
    void selectionVectorAndEmptyInput()
    {
        Page page = page(vector(Type.BIGINT, 1L, 2L, 3L, 4L));
        Expression doubled = arithmetic(MULTIPLY, input(0, Type.BIGINT), constant(Type.BIGINT, 2L), Type.BIGINT);
        assertEquals(list(8L, 4L), evaluate(doubled, page, 3, 1));
        assertEquals(list(), evaluate(doubled, page(vector(Type.BIGINT))));
        assertEquals(list(), evaluate(doubled, page, new int[0]));
    }

    @Test
    void nullConstantGivesNull()
    {
        Page page = page(vector(Type.BIGINT, 1L, 2L));
        assertEquals(list(null, null), evaluate(arithmetic(ADD, input(0, Type.BIGINT), constant(Type.BIGINT, null), Type.BIGINT), page));
    }

    @Test
    void negation()
    {
        Page page = page(vector(DECIMAL_15_2, 150L, null), vector(Type.DOUBLE, 2.5, 0.0), vector(Type.INTEGER, Integer.MIN_VALUE, 1));
        assertEquals(list(-150L, null), evaluate(negate(input(0, DECIMAL_15_2)), page));
        assertEquals(list(-2.5, -0.0), evaluate(negate(input(1, Type.DOUBLE)), page));
        assertThrows(SignoException.class, () -> evaluate(negate(input(2, Type.INTEGER)), page));
    }

    @Test
    void absoluteValue()
    {
        Page page = page(
                vector(Type.INTEGER, -7, null, 0, 2147483647, -2147483647),
                vector(Type.BIGINT, -9223372036854775807L, 5L, null, 0L, -1L),
                vector(DECIMAL_15_2, -150L, 150L, null, -1L, 0L),
                vector(Type.DOUBLE, -2.5, 0.0, -0.0, null, Double.NEGATIVE_INFINITY));
        assertEquals(list(7, null, 0, 2147483647, 2147483647), evaluate(abs(input(0, Type.INTEGER)), page));
        assertEquals(list(9223372036854775807L, 5L, null, 0L, 1L), evaluate(abs(input(1, Type.BIGINT)), page));
        assertEquals(list(150L, 150L, null, 1L, 0L), evaluate(abs(input(2, DECIMAL_15_2)), page));
        assertEquals(list(2.5, 0.0, 0.0, null, Double.POSITIVE_INFINITY), evaluate(abs(input(3, Type.DOUBLE)), page));
        assertEquals(list(null, 7), evaluate(abs(input(0, Type.INTEGER)), page, 1, 0), "at selected positions");
        assertEquals(list(2147483646), evaluate(abs(arithmetic(ADD, input(0, Type.INTEGER), constant(Type.INTEGER, 1), Type.INTEGER)), page, 4), "of a computed operand");
    }

    @Test
    void absoluteValueOfTheSmallestIntegerOverflows()
    {
        Page page = page(vector(Type.INTEGER, 1, Integer.MIN_VALUE), vector(Type.BIGINT, Long.MIN_VALUE, 1L));
        SignoException integer = assertThrows(SignoException.class, () -> evaluate(abs(input(0, Type.INTEGER)), page));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, integer.errorCode());
        assertEquals("INTEGER overflow: ABS(-2147483648)", integer.getMessage());
        SignoException bigint = assertThrows(SignoException.class, () -> evaluate(abs(input(1, Type.BIGINT)), page));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, bigint.errorCode());
        assertEquals(list(1), evaluate(abs(input(0, Type.INTEGER)), page, 0), "only the rows computed can overflow");
        assertThrows(IllegalArgumentException.class, () -> abs(input(0, Type.VARCHAR)));
    }

    @Test
    void rejectsNonNumericOperands()
    {
        assertThrows(IllegalArgumentException.class, () -> arithmetic(ADD, input(0, Type.VARCHAR), constant(Type.INTEGER, 1), Type.INTEGER));
    }
}
