package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static io.signo.core.expression.Expressions.and;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Filters whose comparisons select rows straight from the values must keep exactly the rows where
 * the general evaluation of the same predicate is TRUE: every operator, both operand orders, INTEGER,
 * DATE, BIGINT and DECIMAL columns with NULLs, extreme constants, and ranges merged from two terms.
 */
class ComparisonSelectionTest
{
    private static final ComparisonOperator[] OPERATORS = {
            ComparisonOperator.EQUAL, ComparisonOperator.NOT_EQUAL, ComparisonOperator.LESS_THAN,
            ComparisonOperator.LESS_THAN_OR_EQUAL, ComparisonOperator.GREATER_THAN, ComparisonOperator.GREATER_THAN_OR_EQUAL};
    private static final Type DECIMAL = Type.decimal(12, 2);

    private static Page sample()
    {
        SplittableRandom random = new SplittableRandom(11);
        int rows = 300;
        Object[] ints = new Object[rows];
        Object[] otherInts = new Object[rows];
        Object[] longs = new Object[rows];
        Object[] otherLongs = new Object[rows];
        Object[] dates = new Object[rows];
        Object[] decimals = new Object[rows];
        for (int i = 0; i < rows; i++) {
            ints[i] = random.nextInt(10) == 0 ? null : (Object) random.nextInt(-20, 20);
            otherInts[i] = random.nextInt(10) == 0 ? null : (Object) random.nextInt(-20, 20);
            longs[i] = i == 0 ? (Object) Long.MIN_VALUE : i == 1 ? (Object) Long.MAX_VALUE : random.nextInt(7) == 0 ? null : (Object) random.nextLong(-20, 20);
            otherLongs[i] = random.nextLong(-20, 20);
            dates[i] = random.nextInt(9000, 9020);
            decimals[i] = random.nextInt(9) == 0 ? null : (Object) random.nextLong(-2000, 2000);
        }
        return page(vector(Type.INTEGER, ints), vector(Type.INTEGER, otherInts), vector(Type.BIGINT, longs), vector(Type.BIGINT, otherLongs),
                vector(Type.DATE, dates), vector(DECIMAL, decimals));
    }

    @Test
    void everyComparisonSelectsWhatTheGeneralPathSays()
    {
        Page page = sample();
        List<Expression> predicates = new ArrayList<>();
        for (ComparisonOperator operator : OPERATORS) {
            for (long value : new long[] {-5, 0, 19, Long.MIN_VALUE, Long.MAX_VALUE}) {
                predicates.add(comparison(operator, input(2, Type.BIGINT), constant(Type.BIGINT, value)));
                predicates.add(comparison(operator, constant(Type.BIGINT, value), input(2, Type.BIGINT)));
            }
            predicates.add(comparison(operator, input(0, Type.INTEGER), constant(Type.INTEGER, 3)));
            predicates.add(comparison(operator, constant(Type.INTEGER, 3), input(0, Type.INTEGER)));
            predicates.add(comparison(operator, input(0, Type.INTEGER), constant(Type.BIGINT, -7L)));
            predicates.add(comparison(operator, input(4, Type.DATE), constant(Type.DATE, 9010)));
            predicates.add(comparison(operator, input(5, DECIMAL), constant(DECIMAL, new java.math.BigDecimal("-3.50"))));
            predicates.add(comparison(operator, input(0, Type.INTEGER), input(1, Type.INTEGER)));
            predicates.add(comparison(operator, input(2, Type.BIGINT), input(3, Type.BIGINT)));
            predicates.add(comparison(operator, input(0, Type.INTEGER), input(3, Type.BIGINT)));
            // ranges over one column, merged, and a term after them on the narrowed selection
            predicates.add(and(List.of(
                    comparison(ComparisonOperator.GREATER_THAN_OR_EQUAL, input(4, Type.DATE), constant(Type.DATE, 9005)),
                    comparison(ComparisonOperator.LESS_THAN, input(4, Type.DATE), constant(Type.DATE, 9012)),
                    comparison(operator, input(2, Type.BIGINT), input(3, Type.BIGINT)))));
            predicates.add(and(List.of(
                    comparison(operator, input(0, Type.INTEGER), constant(Type.INTEGER, 0)),
                    comparison(ComparisonOperator.NOT_EQUAL, input(0, Type.INTEGER), constant(Type.INTEGER, 4)),
                    comparison(ComparisonOperator.LESS_THAN_OR_EQUAL, input(0, Type.INTEGER), constant(Type.INTEGER, 12)))));
        }
        for (Expression predicate : predicates) {
            int[] expected = truePositions(predicate.evaluate(page, null, page.positionCount(), io.signo.storage.memory.PageAllocator.transientPages()));
            int[] positions = new int[page.positionCount()];
            int kept = new PageFilter(predicate).filter(page, positions);
            assertArrayEquals(expected, Arrays.copyOf(positions, kept), predicate.toString());
        }
    }

    @Test
    void onlyIntegerLikeColumnsWithConstantsOfTheirScaleOrOtherColumns()
    {
        assertNotNull(ComparisonSelection.of(comparison(ComparisonOperator.LESS_THAN, input(0, DECIMAL), constant(DECIMAL, java.math.BigDecimal.ONE))));
        // a DECIMAL(12, 2) against an INTEGER needs a rescale: the general path does it
        assertNull(ComparisonSelection.of(comparison(ComparisonOperator.LESS_THAN, input(0, DECIMAL), constant(Type.INTEGER, 1))));
        assertNull(ComparisonSelection.of(comparison(ComparisonOperator.LESS_THAN, input(0, Type.DOUBLE), constant(Type.DOUBLE, 1.0))));
        assertNull(ComparisonSelection.of(comparison(ComparisonOperator.EQUAL, input(0, Type.VARCHAR), constant(Type.VARCHAR, "a"))));
        assertNull(ComparisonSelection.of(comparison(ComparisonOperator.EQUAL, input(0, Type.BIGINT), constant(Type.BIGINT, null))));
        assertNull(ComparisonSelection.of(comparison(ComparisonOperator.IS_DISTINCT_FROM, input(0, Type.BIGINT), input(1, Type.BIGINT))));
    }

    private static int[] truePositions(ColumnVector result)
    {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < result.positionCount(); i++) {
            if (!result.isNull(i) && result.getBoolean(i)) {
                positions.add(i);
            }
        }
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }
}
