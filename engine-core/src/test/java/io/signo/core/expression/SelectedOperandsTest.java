package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.signo.core.expression.ComparisonOperator.EQUAL;
import static io.signo.core.expression.ComparisonOperator.GREATER_THAN;
import static io.signo.core.expression.ComparisonOperator.LESS_THAN;
import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.in;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.like;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Kernels read column operands under a selection in place (gathered into heap arrays, or strings read
 * through the selected rows) instead of copying them first. Whatever the path, a selection must give
 * exactly the values of the whole page at the selected rows, NULLs included.
 */
class SelectedOperandsTest
{
    private static final Expression ID = input(0, Type.BIGINT);
    private static final Expression DAY = input(1, Type.DATE);
    private static final Expression PRICE = input(2, Type.decimal(12, 2));
    private static final Expression RATE = input(3, Type.DOUBLE);
    private static final Expression NAME = input(4, Type.VARCHAR);
    private static final Expression CODE = input(5, Type.VARCHAR);
    private static final Expression SHIP = input(6, Type.DATE);

    private static Page sample()
    {
        return page(
                vector(Type.BIGINT, 1L, null, 3L, 4L, 5L, 6L, null, 8L),
                vector(Type.DATE, 100, 200, null, 400, 500, 600, 700, null),
                vector(Type.decimal(12, 2), 1050L, 2000L, 3025L, null, 5000L, 6099L, 7000L, 8001L),
                vector(Type.DOUBLE, 0.5, 1.5, null, 3.5, 4.5, null, 6.5, 7.5),
                vector(Type.VARCHAR, "alpha", "beta", null, "gamma", "special requests", "", "delta", null),
                vector(Type.VARCHAR, "alpha", "b", "c", null, "special", "", "delta", "z"),
                vector(Type.DATE, 150, 150, 300, null, 500, 700, 600, 800));
    }

    @Test
    void everyKernelGivesTheWholePagesValuesAtTheSelectedRows()
    {
        List<Expression> expressions = List.of(
                arithmetic(ArithmeticOperator.ADD, ID, constant(Type.BIGINT, 10L), Type.BIGINT),
                arithmetic(ArithmeticOperator.MULTIPLY, PRICE, PRICE, Type.decimal(18, 4)),
                arithmetic(ArithmeticOperator.MULTIPLY, RATE, RATE, Type.DOUBLE),
                // nested: the inner results reach the outer kernels as heap arrays
                arithmetic(ArithmeticOperator.MULTIPLY,
                        arithmetic(ArithmeticOperator.SUBTRACT, constant(Type.decimal(12, 2), 10000L), PRICE, Type.decimal(13, 2)),
                        arithmetic(ArithmeticOperator.ADD, PRICE, ID, Type.decimal(14, 2)), Type.decimal(18, 4)),
                arithmetic(ArithmeticOperator.DIVIDE, arithmetic(ArithmeticOperator.ADD, RATE, RATE, Type.DOUBLE), RATE, Type.DOUBLE),
                comparison(GREATER_THAN, arithmetic(ArithmeticOperator.ADD, ID, ID, Type.BIGINT), constant(Type.BIGINT, 7L)),
                comparison(LESS_THAN, DAY, constant(Type.DATE, 450)),
                comparison(LESS_THAN, DAY, SHIP),
                comparison(GREATER_THAN, ID, arithmetic(ArithmeticOperator.MULTIPLY, ID, ID, Type.BIGINT)),
                comparison(LESS_THAN, RATE, PRICE),
                comparison(EQUAL, NAME, CODE),
                comparison(LESS_THAN, NAME, constant(Type.VARCHAR, "delta")),
                comparison(EQUAL, constant(Type.VARCHAR, "alpha"), NAME),
                like(NAME, "%special%requests%", null),
                like(NAME, "a%", null),
                like(NAME, "%a", null),
                like(NAME, "%e%", null),
                like(NAME, "beta", null),
                like(NAME, "_e%a", null),
                in(NAME, List.of("beta", "delta")),
                in(ID, List.of(3L, 8L)),
                in(RATE, List.of(1.5, 7.5)));
        Page page = sample();
        int[][] selections = {{}, {0}, {7}, {1, 2, 6, 7}, {0, 2, 3, 5}, {0, 1, 2, 3, 4, 5, 6, 7}, {3, 4, 5}};
        for (Expression expression : expressions) {
            List<Object> whole = evaluate(expression, page);
            for (int[] selection : selections) {
                List<Object> expected = new ArrayList<>();
                for (int position : selection) {
                    expected.add(whole.get(position));
                }
                assertEquals(expected, evaluate(expression, page, selection), expression + " at " + java.util.Arrays.toString(selection));
            }
        }
    }
}
