package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static io.signo.core.expression.ComparisonOperator.EQUAL;
import static io.signo.core.expression.ComparisonOperator.GREATER_THAN;
import static io.signo.core.expression.ComparisonOperator.GREATER_THAN_OR_EQUAL;
import static io.signo.core.expression.ComparisonOperator.IS_DISTINCT_FROM;
import static io.signo.core.expression.ComparisonOperator.IS_NOT_DISTINCT_FROM;
import static io.signo.core.expression.ComparisonOperator.LESS_THAN;
import static io.signo.core.expression.ComparisonOperator.LESS_THAN_OR_EQUAL;
import static io.signo.core.expression.ComparisonOperator.NOT_EQUAL;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.days;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ComparisonExpressionTest
{
    @Test
    void allOperatorsOnIntegersWithNulls()
    {
        Page page = page(vector(Type.INTEGER, 1, 2, 3, null), vector(Type.INTEGER, 2, 2, 2, 2));
        Expression left = input(0, Type.INTEGER);
        Expression right = input(1, Type.INTEGER);
        assertEquals(list(false, true, false, null), evaluate(comparison(EQUAL, left, right), page));
        assertEquals(list(true, false, true, null), evaluate(comparison(NOT_EQUAL, left, right), page));
        assertEquals(list(true, false, false, null), evaluate(comparison(LESS_THAN, left, right), page));
        assertEquals(list(true, true, false, null), evaluate(comparison(LESS_THAN_OR_EQUAL, left, right), page));
        assertEquals(list(false, false, true, null), evaluate(comparison(GREATER_THAN, left, right), page));
        assertEquals(list(false, true, true, null), evaluate(comparison(GREATER_THAN_OR_EQUAL, left, right), page));
    }

    @Test
    void distinctFormsAreNeverNull()
    {
        Page page = page(vector(Type.BIGINT, 1L, null, null, 3L), vector(Type.BIGINT, 1L, 2L, null, 4L));
        assertEquals(list(false, true, false, true), evaluate(comparison(IS_DISTINCT_FROM, input(0, Type.BIGINT), input(1, Type.BIGINT)), page));
        assertEquals(list(true, false, true, false), evaluate(comparison(IS_NOT_DISTINCT_FROM, input(0, Type.BIGINT), input(1, Type.BIGINT)), page));
        Page strings = page(vector(Type.VARCHAR, "a", null), vector(Type.VARCHAR, "a", null));
        assertEquals(list(true, true), evaluate(comparison(IS_NOT_DISTINCT_FROM, input(0, Type.VARCHAR), input(1, Type.VARCHAR)), strings));
    }

    @Test
    void promotesIntegerToBigintAndDecimal()
    {
        Page page = page(vector(Type.INTEGER, 5, 6), vector(Type.BIGINT, 5L, 5L), vector(Type.decimal(15, 2), 500L, 550L));
        assertEquals(list(true, false), evaluate(comparison(EQUAL, input(0, Type.INTEGER), input(1, Type.BIGINT)), page));
        assertEquals(list(true, false), evaluate(comparison(EQUAL, input(0, Type.INTEGER), input(2, Type.decimal(15, 2))), page));
        assertEquals(list(false, true), evaluate(comparison(GREATER_THAN, input(0, Type.INTEGER), input(2, Type.decimal(15, 2))), page));
    }

    @Test
    void decimalsWithDifferentScales()
    {
        // 0.05 vs 0.050 and 0.07 vs 0.060
        Page page = page(vector(Type.decimal(15, 2), 5L, 7L), vector(Type.decimal(10, 3), 50L, 60L));
        assertEquals(list(true, false), evaluate(comparison(EQUAL, input(0, Type.decimal(15, 2)), input(1, Type.decimal(10, 3))), page));
        assertEquals(list(false, true), evaluate(comparison(GREATER_THAN, input(0, Type.decimal(15, 2)), input(1, Type.decimal(10, 3))), page));
        // l_discount between 0.05 and 0.07 written with constants of another scale
        Expression between = comparison(LESS_THAN_OR_EQUAL, input(0, Type.decimal(15, 2)), constant(Type.decimal(3, 3), new BigDecimal("0.061")));
        assertEquals(list(true, false), evaluate(between, page));
    }

    @Test
    void numericAgainstDouble()
    {
        Page page = page(vector(Type.decimal(15, 2), 150L, 151L), vector(Type.INTEGER, 1, 2));
        assertEquals(list(true, false), evaluate(comparison(EQUAL, input(0, Type.decimal(15, 2)), constant(Type.DOUBLE, 1.5)), page));
        assertEquals(list(true, false), evaluate(comparison(LESS_THAN, input(1, Type.INTEGER), constant(Type.DOUBLE, 1.5)), page));
    }

    @Test
    void dates()
    {
        Page page = page(vector(Type.DATE, days("1998-09-02"), days("1998-09-03"), null));
        Expression shipped = comparison(LESS_THAN_OR_EQUAL, input(0, Type.DATE), constant(Type.DATE, days("1998-09-02")));
        assertEquals(list(true, false, null), evaluate(shipped, page));
        // constant on the left flips correctly
        Expression flipped = comparison(GREATER_THAN, constant(Type.DATE, days("1998-09-03")), input(0, Type.DATE));
        assertEquals(list(true, false, null), evaluate(flipped, page));
    }

    @Test
    void stringsCompareByUtf8Bytes()
    {
        Page page = page(vector(Type.VARCHAR, "abc", "abd", "ab", "", "é", null), vector(Type.VARCHAR, "abc", "abc", "abc", "a", "z", "x"));
        Expression left = input(0, Type.VARCHAR);
        Expression right = input(1, Type.VARCHAR);
        assertEquals(list(true, false, false, false, false, null), evaluate(comparison(EQUAL, left, right), page));
        // 'é' (0xC3 0xA9) sorts after 'z' in UTF-8 byte order, as in code point order
        assertEquals(list(false, false, true, true, false, null), evaluate(comparison(LESS_THAN, left, right), page));
        assertEquals(list(false, true, false, false, true, null), evaluate(comparison(GREATER_THAN, left, constant(Type.VARCHAR, "abc")), page));
        assertEquals(list(true, false, false, false, false, null), evaluate(comparison(EQUAL, constant(Type.VARCHAR, "abc"), left), page));
        assertEquals(list(false, true, true, true, true, null), evaluate(comparison(NOT_EQUAL, left, constant(Type.VARCHAR, "abc")), page));
        assertEquals(list(true, false, true, true, false, null), evaluate(comparison(LESS_THAN_OR_EQUAL, left, constant(Type.VARCHAR, "abc")), page));
    }

    @Test
    void charIgnoresTrailingSpaces()
    {
        Type char10 = Type.character(10);
        Page page = page(vector(char10, "R", "A", "N"), vector(Type.VARCHAR, "R  ", "A", "R"));
        assertEquals(list(true, true, false), evaluate(comparison(EQUAL, input(0, char10), input(1, Type.VARCHAR)), page));
        assertEquals(list(true, false, false), evaluate(comparison(EQUAL, input(0, char10), constant(char10, "R   ")), page));
        assertEquals(list(true, false, false), evaluate(comparison(EQUAL, input(0, char10), constant(Type.VARCHAR, "R ")), page));
        // VARCHAR against VARCHAR keeps spaces significant
        assertEquals(list(false, true, false), evaluate(comparison(EQUAL, input(1, Type.VARCHAR), constant(Type.VARCHAR, "A")), page));
    }

    @Test
    void selectionAndEmpty()
    {
        Page page = page(vector(Type.BIGINT, 1L, 2L, 3L));
        Expression greater = comparison(GREATER_THAN, input(0, Type.BIGINT), constant(Type.BIGINT, 1L));
        assertEquals(list(true, false), evaluate(greater, page, 2, 0));
        assertEquals(list(), evaluate(greater, page(vector(Type.BIGINT))));
    }

    @Test
    void nullConstantMakesEveryRowNull()
    {
        Page page = page(vector(Type.VARCHAR, "a", "b"));
        assertEquals(list(null, null), evaluate(comparison(EQUAL, input(0, Type.VARCHAR), constant(Type.VARCHAR, null)), page));
        assertEquals(list(true, true), evaluate(comparison(IS_DISTINCT_FROM, input(0, Type.VARCHAR), constant(Type.VARCHAR, null)), page));
    }

    @Test
    void rejectsIncompatibleTypes()
    {
        assertThrows(IllegalArgumentException.class, () -> comparison(EQUAL, input(0, Type.VARCHAR), input(1, Type.INTEGER)));
        assertThrows(IllegalArgumentException.class, () -> comparison(EQUAL, input(0, Type.DATE), input(1, Type.INTEGER)));
    }
}
