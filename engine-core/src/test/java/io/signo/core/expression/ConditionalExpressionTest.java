package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.coalesce;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.like;
import static io.signo.core.expression.Expressions.searchedCase;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ConditionalExpressionTest
{
    @Test
    void searchedCaseTakesFirstTrueBranchAndCastsResults()
    {
        // TPC-H Q14 shape: CASE WHEN p_type LIKE 'PROMO%' THEN price ELSE 0 END
        Type decimal = Type.decimal(15, 2);
        Page page = page(vector(Type.VARCHAR, "PROMO BRUSHED", "STANDARD", null, "PROMO X"), vector(decimal, 1050L, 2000L, 300L, null));
        Expression promo = like(input(0, Type.VARCHAR), "PROMO%", null);
        Expression result = searchedCase(List.of(promo), List.of(input(1, decimal)), constant(Type.INTEGER, 0), decimal);
        assertEquals(list(1050L, 0L, 0L, null), evaluate(result, page));
        assertEquals(list(0L, 1050L), evaluate(result, page, 1, 0));
        assertEquals(list(), evaluate(result, page(vector(Type.VARCHAR), vector(decimal))));
    }

    @Test
    void caseWithoutElseIsNullAndBranchesRunOnlyWhereSelected()
    {
        Page page = page(vector(Type.BIGINT, 0L, 5L, -5L, null));
        Expression x = input(0, Type.BIGINT);
        // a branch guarded by x > 0 never divides by zero
        Expression result = searchedCase(
                List.of(comparison(ComparisonOperator.GREATER_THAN, x, constant(Type.BIGINT, 0L)), comparison(ComparisonOperator.LESS_THAN, x, constant(Type.BIGINT, 0L))),
                List.of(arithmetic(ArithmeticOperator.DIVIDE, constant(Type.BIGINT, 10L), x, Type.BIGINT), constant(Type.BIGINT, -1L)),
                null,
                Type.BIGINT);
        assertEquals(list(null, 2L, -1L, null), evaluate(result, page));
    }

    @Test
    void caseOverStrings()
    {
        Page page = page(vector(Type.INTEGER, 1, 2, 3));
        Expression result = searchedCase(
                List.of(comparison(ComparisonOperator.EQUAL, input(0, Type.INTEGER), constant(Type.INTEGER, 1))),
                List.of(constant(Type.VARCHAR, "one")),
                constant(Type.VARCHAR, "many"),
                Type.VARCHAR);
        assertEquals(list("one", "many", "many"), evaluate(result, page));
    }

    @Test
    void coalesceTakesFirstNonNull()
    {
        Page page = page(vector(Type.INTEGER, 1, null, null, null), vector(Type.BIGINT, 10L, 20L, null, null), vector(Type.BIGINT, 100L, 200L, 300L, null));
        Expression result = coalesce(List.of(input(0, Type.INTEGER), input(1, Type.BIGINT), input(2, Type.BIGINT)), Type.BIGINT);
        assertEquals(list(1L, 20L, 300L, null), evaluate(result, page));
        assertEquals(list(300L, 1L), evaluate(result, page, 2, 0));
        Expression withDefault = coalesce(List.of(input(1, Type.BIGINT), constant(Type.BIGINT, 0L)), Type.BIGINT);
        assertEquals(list(10L, 20L, 0L, 0L), evaluate(withDefault, page));
    }

    @Test
    void coalesceOfDecimalsAndStrings()
    {
        Type decimal = Type.decimal(12, 2);
        Page page = page(vector(decimal, null, 125L), vector(Type.VARCHAR, null, "x"));
        assertEquals(list(0L, 125L), evaluate(coalesce(List.of(input(0, decimal), constant(decimal, BigDecimal.ZERO)), decimal), page));
        assertEquals(list("none", "x"), evaluate(coalesce(List.of(input(1, Type.VARCHAR), constant(Type.VARCHAR, "none")), Type.VARCHAR), page));
    }
}
