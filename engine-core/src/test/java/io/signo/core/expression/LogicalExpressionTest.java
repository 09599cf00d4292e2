package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.expression.Expressions.and;
import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.isNotNull;
import static io.signo.core.expression.Expressions.isNull;
import static io.signo.core.expression.Expressions.not;
import static io.signo.core.expression.Expressions.or;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class LogicalExpressionTest
{
    // every pair of {TRUE, FALSE, NULL}
    private static final Page TRUTH_TABLE = page(
            vector(Type.BOOLEAN, true, true, true, false, false, false, null, null, null),
            vector(Type.BOOLEAN, true, false, null, true, false, null, true, false, null));
    private static final Expression A = input(0, Type.BOOLEAN);
    private static final Expression B = input(1, Type.BOOLEAN);

    @Test
    void andFollowsThreeValuedLogic()
    {
        assertEquals(list(true, false, null, false, false, false, null, false, null), evaluate(and(List.of(A, B)), TRUTH_TABLE));
    }

    @Test
    void orFollowsThreeValuedLogic()
    {
        assertEquals(list(true, true, true, true, false, null, true, null, null), evaluate(or(List.of(A, B)), TRUTH_TABLE));
    }

    @Test
    void notAndNullTests()
    {
        assertEquals(list(false, false, false, true, true, true, null, null, null), evaluate(not(A), TRUTH_TABLE));
        assertEquals(list(false, false, true, false, false, true, false, false, true), evaluate(isNull(B), TRUTH_TABLE));
        assertEquals(list(true, true, false, true, true, false, true, true, false), evaluate(isNotNull(B), TRUTH_TABLE));
    }

    @Test
    void laterTermsRunOnlyWhereUndecided()
    {
        // x <> 0 AND 10 / x > 1 must not divide by zero; x = 0 OR 10 / x > 1 likewise
        Page page = page(vector(Type.BIGINT, 0L, 5L, 20L, null));
        Expression x = input(0, Type.BIGINT);
        Expression nonZero = comparison(ComparisonOperator.NOT_EQUAL, x, constant(Type.BIGINT, 0L));
        Expression quotientAboveOne = comparison(ComparisonOperator.GREATER_THAN,
                arithmetic(ArithmeticOperator.DIVIDE, constant(Type.BIGINT, 10L), x, Type.BIGINT), constant(Type.BIGINT, 1L));
        assertEquals(list(false, true, false, null), evaluate(and(List.of(nonZero, quotientAboveOne)), page));
        Expression zero = comparison(ComparisonOperator.EQUAL, x, constant(Type.BIGINT, 0L));
        assertEquals(list(true, true, false, null), evaluate(or(List.of(zero, quotientAboveOne)), page));
        assertEquals(list(true, false), evaluate(or(List.of(zero, quotientAboveOne)), page, 1, 2));
    }

    @Test
    void nestedConjunctionsAreFlattened()
    {
        Expression nested = and(List.of(A, and(List.of(B, A))));
        assertEquals(3, assertInstanceOf(LogicalExpression.class, nested).terms().size());
        assertEquals(A, and(List.of(A)));
    }

    @Test
    void emptyPage()
    {
        Page empty = page(vector(Type.BOOLEAN), vector(Type.BOOLEAN));
        assertEquals(list(), evaluate(and(List.of(A, B)), empty));
        assertEquals(list(), evaluate(not(A), empty));
    }
}
