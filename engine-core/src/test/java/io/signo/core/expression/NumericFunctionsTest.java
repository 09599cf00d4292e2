package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.math.RoundingMode;
import java.util.List;

import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.round;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ROUND, TRUNC, FLOOR, CEIL, SIGN, the DOUBLE functions, GREATEST, LEAST and RANDOM: NULLs, selected rows and empty pages. */
class NumericFunctionsTest
{
    private static final Type DECIMAL = Type.decimal(10, 3);
    /** 12.345, -12.345, 0.5 (unscaled 500), NULL, -0.5, 99.999 */
    private static final Page DECIMALS = page(vector(DECIMAL, 12_345L, -12_345L, 500L, null, -500L, 99_999L));
    private static final Expression DECIMAL_VALUE = input(0, DECIMAL);

    @Test
    void roundsDecimalsHalfAwayFromZeroToTheResultScale()
    {
        // the results are unscaled values of the result type: 12.35 is 1235 at scale 2
        assertEquals(list(1235L, -1235L, 50L, null, -50L, 10_000L), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, 2, Type.decimal(10, 2)), DECIMALS));
        assertEquals(list(12L, -12L, 1L, null, -1L, 100L), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, 0, Type.decimal(10, 0)), DECIMALS));
        assertEquals(list(10L, -10L, 0L, null, 0L, 100L), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, -1, Type.decimal(10, 0)), DECIMALS));
        // more digits than the scale change nothing
        assertEquals(list(12_345L, -12_345L), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, 5, DECIMAL), DECIMALS, 0, 1));
        // digits beyond any long round everything to zero
        assertEquals(list(0L, 0L, 0L, null, 0L, 0L), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, -30, Type.decimal(10, 0)), DECIMALS));
    }

    @Test
    void truncatesFloorsAndCeilsDecimals()
    {
        assertEquals(list(123L, -123L, 5L, null, -5L, 999L), evaluate(round(RoundingMode.DOWN, DECIMAL_VALUE, 1, Type.decimal(10, 1)), DECIMALS));
        assertEquals(list(12L, -13L, 0L, null, -1L, 99L), evaluate(round(RoundingMode.FLOOR, DECIMAL_VALUE, 0, Type.decimal(10, 0)), DECIMALS));
        assertEquals(list(13L, -12L, 1L, null, 0L, 100L), evaluate(round(RoundingMode.CEILING, DECIMAL_VALUE, 0, Type.decimal(10, 0)), DECIMALS));
        // under a selection: rows 5 and 1
        assertEquals(list(100L, -12L), evaluate(round(RoundingMode.CEILING, DECIMAL_VALUE, 0, Type.decimal(10, 0)), DECIMALS, 5, 1));
    }

    @Test
    void roundsIntegersToTensAndFailsWhenTheResultOverflows()
    {
        Page integers = page(vector(Type.INTEGER, 15, -15, 14, null, 2_147_483_647));
        Expression value = input(0, Type.INTEGER);
        assertEquals(list(20, -20, 10, null), evaluate(round(RoundingMode.HALF_UP, value, -1, Type.INTEGER), integers, 0, 1, 2, 3));
        assertEquals(list(10, -10, 10, null), evaluate(round(RoundingMode.DOWN, value, -1, Type.INTEGER), integers, 0, 1, 2, 3));
        assertEquals(list(15, -15, 14, null, 2_147_483_647), evaluate(round(RoundingMode.HALF_UP, value, 2, Type.INTEGER), integers));
        SignoException error = assertThrows(SignoException.class, () -> evaluate(round(RoundingMode.HALF_UP, value, -1, Type.INTEGER), integers));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, error.errorCode());
    }

    @Test
    void roundsDoublesAsDuckDb()
    {
        Page doubles = page(vector(Type.DOUBLE, 2.5, -2.5, 2.675, null, 1234.5, 0.49999999999999994, Double.NaN));
        Expression value = input(0, Type.DOUBLE);
        assertEquals(list(3.0, -3.0, 3.0, null, 1235.0, 0.0, Double.NaN), evaluate(round(RoundingMode.HALF_UP, value, 0, Type.DOUBLE), doubles));
        // 2.675 * 100 is 267.5 as a double
        assertEquals(list(2.5, -2.5, 2.68, null, 1234.5), evaluate(round(RoundingMode.HALF_UP, value, 2, Type.DOUBLE), doubles, 0, 1, 2, 3, 4));
        assertEquals(list(0.0, -0.0, 0.0, null, 1200.0), evaluate(round(RoundingMode.HALF_UP, value, -2, Type.DOUBLE), doubles, 0, 1, 2, 3, 4));
        assertEquals(list(2.0, -2.0, 2.0, null, 1234.0), evaluate(round(RoundingMode.DOWN, value, 0, Type.DOUBLE), doubles, 0, 1, 2, 3, 4));
        assertEquals(list(2.0, -3.0, 2.0, null, 1234.0), evaluate(round(RoundingMode.FLOOR, value, 0, Type.DOUBLE), doubles, 0, 1, 2, 3, 4));
        assertEquals(list(3.0, -2.0, 3.0, null, 1235.0), evaluate(round(RoundingMode.CEILING, value, 0, Type.DOUBLE), doubles, 0, 1, 2, 3, 4));
        // a result that is not finite gives the value back
        assertEquals(list(1.5e300), evaluate(round(RoundingMode.HALF_UP, constant(Type.DOUBLE, 1.5e300), 10, Type.DOUBLE), page(vector(Type.INTEGER, 1))));
    }

    @Test
    void roundsTheProductOfADoubleAndThePowerOfTenAsDuckDb()
    {
        // 2.675 * 100 and 1.45 * 10 are ties once rounded to doubles, 1.005 * 100 and 5.015 * 100 fall below them
        Page page = page(vector(Type.DOUBLE, 2.675, -2.675, 8.345, 1.005, 5.015));
        assertEquals(list(2.68, -2.68, 8.35, 1.0, 5.01), evaluate(round(RoundingMode.HALF_UP, input(0, Type.DOUBLE), 2, Type.DOUBLE), page));
        assertEquals(list(1.5), evaluate(round(RoundingMode.HALF_UP, constant(Type.DOUBLE, 1.45), 1, Type.DOUBLE), page(vector(Type.INTEGER, 1))));
        // TRUNC likewise: 0.03 * 100 is 3.0, 0.57 * 100 is 56.99999999999999
        assertEquals(list(0.03, 0.56), evaluate(round(RoundingMode.DOWN, input(0, Type.DOUBLE), 2, Type.DOUBLE), page(vector(Type.DOUBLE, 0.03, 0.57))));
    }

    @Test
    void rejectsTypesItCannotRound()
    {
        assertThrows(IllegalArgumentException.class, () -> round(RoundingMode.HALF_UP, input(0, Type.VARCHAR), 0, Type.VARCHAR));
        assertThrows(IllegalArgumentException.class, () -> round(RoundingMode.HALF_EVEN, DECIMAL_VALUE, 0, Type.decimal(10, 0)));
        // the result type must hold the digits kept
        assertThrows(IllegalArgumentException.class, () -> round(RoundingMode.HALF_UP, DECIMAL_VALUE, 2, Type.decimal(10, 1)));
    }

    @Test
    void signOfEveryNumericType()
    {
        assertEquals(list(1, -1, 1, null, -1, 1), evaluate(Expressions.sign(DECIMAL_VALUE), DECIMALS));
        Page doubles = page(vector(Type.DOUBLE, -0.5, 0.0, -0.0, null, Double.NaN, 3.0));
        assertEquals(list(-1, 0, 0, null, 0, 1), evaluate(Expressions.sign(input(0, Type.DOUBLE)), doubles));
        assertEquals(list(1, -1), evaluate(Expressions.sign(input(0, Type.DOUBLE)), doubles, 5, 0));
    }

    @Test
    void doubleFunctionsGiveIeeeAnswersOutsideTheirDomain()
    {
        Page numbers = page(vector(Type.DOUBLE, 4.0, -1.0, 0.0, null, 100.0), vector(Type.BIGINT, 2L, 3L, null, 1L, 10L));
        Expression x = input(0, Type.DOUBLE);
        Expression y = input(1, Type.BIGINT);
        assertEquals(list(2.0, Double.NaN, 0.0, null, 10.0), evaluate(Expressions.math(MathFunction.SQRT, List.of(x)), numbers));
        assertEquals(list(Math.log(4), Double.NaN, Double.NEGATIVE_INFINITY, null, Math.log(100)), evaluate(Expressions.math(MathFunction.LN, List.of(x)), numbers));
        assertEquals(list(16.0, -1.0, null, null, 1e20), evaluate(Expressions.math(MathFunction.POWER, List.of(x, y)), numbers));
        // LOG(base, value)
        assertEquals(list(null, null, 2.0), evaluate(Expressions.math(MathFunction.LOG, List.of(y, x)), numbers, 2, 3, 4));
        assertEquals(list(1.0, null), evaluate(Expressions.math(MathFunction.LOG10, List.of(y)), numbers, 4, 2));
        assertEquals(list(-1.0), evaluate(Expressions.math(MathFunction.CBRT, List.of(x)), numbers, 1));
        assertEquals(list(Math.exp(4)), evaluate(Expressions.math(MathFunction.EXP, List.of(x)), numbers, 0));
        assertThrows(IllegalArgumentException.class, () -> Expressions.math(MathFunction.POWER, List.of(x)));
        assertThrows(IllegalArgumentException.class, () -> Expressions.math(MathFunction.SQRT, List.of(input(0, Type.VARCHAR))));
    }

    @Test
    void greatestAndLeastSkipNulls()
    {
        Page numbers = page(vector(Type.BIGINT, 1L, null, 5L, null), vector(Type.INTEGER, 3, 2, null, null), vector(DECIMAL, 1_500L, 2_500L, -1_000L, null));
        List<Expression> operands = List.of(input(0, Type.BIGINT), input(1, Type.INTEGER), input(2, DECIMAL));
        Type result = Type.decimal(18, 3);
        assertEquals(list(3_000L, 2_500L, 5_000L, null), evaluate(Expressions.extremum(true, operands, result), numbers));
        assertEquals(list(1_000L, 2_000L, -1_000L, null), evaluate(Expressions.extremum(false, operands, result), numbers));
        assertEquals(list(5_000L, 3_000L), evaluate(Expressions.extremum(true, operands, result), numbers, 2, 0));

        Page strings = page(vector(Type.VARCHAR, "b", null, "é", null), vector(Type.VARCHAR, "ab", "x", "z", null));
        List<Expression> texts = List.of(input(0, Type.VARCHAR), input(1, Type.VARCHAR));
        assertEquals(list("b", "x", "é", null), evaluate(Expressions.extremum(true, texts, Type.VARCHAR), strings));
        assertEquals(list("ab", "x", "z", null), evaluate(Expressions.extremum(false, texts, Type.VARCHAR), strings));

        Page doubles = page(vector(Type.DOUBLE, 1.0, Double.NaN, null), vector(Type.DOUBLE, -0.0, 2.0, 7.0));
        List<Expression> pair = List.of(input(0, Type.DOUBLE), input(1, Type.DOUBLE));
        assertEquals(list(1.0, Double.NaN, 7.0), evaluate(Expressions.extremum(true, pair, Type.DOUBLE), doubles));
        assertEquals(list(-0.0, 2.0, 7.0), evaluate(Expressions.extremum(false, pair, Type.DOUBLE), doubles));
    }

    @Test
    void randomGivesEachRowItsOwnValue()
    {
        Page rows = page(vector(Type.INTEGER, 1, 2, 3, 4, 5, 6, 7, 8));
        List<Object> values = evaluate(Expressions.random(), rows);
        assertEquals(8, values.size());
        assertEquals(8, values.stream().distinct().count());
        assertTrue(values.stream().allMatch(value -> (Double) value >= 0 && (Double) value < 1), values.toString());
    }

    @Test
    void emptyPage()
    {
        Page empty = page(vector(DECIMAL), vector(Type.VARCHAR));
        assertEquals(list(), evaluate(round(RoundingMode.HALF_UP, DECIMAL_VALUE, 1, Type.decimal(10, 1)), empty));
        assertEquals(list(), evaluate(Expressions.sign(DECIMAL_VALUE), empty));
        assertEquals(list(), evaluate(Expressions.math(MathFunction.SQRT, List.of(DECIMAL_VALUE)), empty));
        assertEquals(list(), evaluate(Expressions.extremum(true, List.of(input(1, Type.VARCHAR), constant(Type.VARCHAR, "a")), Type.VARCHAR), empty));
        assertEquals(list(), evaluate(Expressions.random(), empty));
    }
}
