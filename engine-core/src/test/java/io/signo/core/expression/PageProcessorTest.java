package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.signo.core.expression.ComparisonOperator.GREATER_THAN;
import static io.signo.core.expression.ComparisonOperator.LESS_THAN;
import static io.signo.core.expression.Expressions.and;
import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.values;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageProcessorTest
{
    private static final Expression X = input(0, Type.BIGINT);
    private static final Expression NAME = input(1, Type.VARCHAR);

    private static Page sample()
    {
        return page(vector(Type.BIGINT, 5L, null, 15L, 25L, 35L), vector(Type.VARCHAR, "a", "b", "c", "d", "e"));
    }

    @Test
    void filterKeepsOnlyTrueRows()
    {
        PageFilter filter = new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 10L)));
        int[] positions = new int[5];
        assertEquals(3, filter.filter(sample(), positions));
        assertArrayEquals(new int[] {2, 3, 4}, Arrays.copyOf(positions, 3));
    }

    @Test
    void conjunctionNarrowsTermByTerm()
    {
        // the second term divides by (x - 15), which is zero at the row the first term drops
        Expression first = comparison(GREATER_THAN, X, constant(Type.BIGINT, 20L));
        Expression second = comparison(LESS_THAN,
                arithmetic(ArithmeticOperator.DIVIDE, constant(Type.BIGINT, 100L), arithmetic(ArithmeticOperator.SUBTRACT, X, constant(Type.BIGINT, 15L), Type.BIGINT), Type.BIGINT),
                constant(Type.BIGINT, 8L));
        PageFilter filter = new PageFilter(and(List.of(first, second)));
        int[] positions = new int[5];
        assertEquals(1, filter.filter(sample(), positions));
        assertEquals(4, positions[0]);
    }

    @Test
    void filterOnEmptyPageAndAllFalse()
    {
        PageFilter filter = new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 100L)));
        assertEquals(0, filter.filter(page(vector(Type.BIGINT), vector(Type.VARCHAR)), new int[0]));
        assertEquals(0, filter.filter(sample(), new int[5]));
    }

    @Test
    void processorProjectsSelectedRows()
    {
        PageFilter filter = new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 10L)));
        PageProcessor processor = new PageProcessor(filter, List.of(NAME, arithmetic(ArithmeticOperator.MULTIPLY, X, constant(Type.BIGINT, 2L), Type.BIGINT)));
        Page output = processor.process(sample(), PageAllocator.transientPages());
        assertEquals(3, output.positionCount());
        assertEquals(list("c", "d", "e"), values(output.column(0)));
        assertEquals(list(30L, 50L, 70L), values(output.column(1)));
    }

    @Test
    void keptRowsStayUncopiedWhenTheConsumerTakesSelectedPages()
    {
        // 3 of 5 rows kept: the passed column is the input's own, the computed one is scattered to the kept rows
        PageFilter filter = new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 10L)));
        PageProcessor processor = new PageProcessor(filter, List.of(NAME, arithmetic(ArithmeticOperator.MULTIPLY, X, constant(Type.BIGINT, 2L), Type.BIGINT)));
        Page input = sample();
        Page output = processor.process(input, null, 5, PageAllocator.transientPages(), true);
        assertTrue(output.isSelected());
        assertSame(input.column(1), output.column(0));
        assertEquals(3, output.positionCount());
        Page dense = output.compact(PageAllocator.transientPages());
        assertEquals(list("c", "d", "e"), values(dense.column(0)));
        assertEquals(list(30L, 50L, 70L), values(dense.column(1)));

        // 1 of 5 kept: a computed column is cheaper copied than scattered over the whole page
        PageFilter selective = new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 30L)));
        Page sparse = new PageProcessor(selective, processor.projections()).process(input, null, 5, PageAllocator.transientPages(), true);
        assertFalse(sparse.isSelected());
        assertEquals(list(70L), values(sparse.column(1)));
        // passed columns alone are never copied, however few rows are kept
        Page passed = new PageProcessor(selective, List.of(NAME, X)).process(input, null, 5, PageAllocator.transientPages(), true);
        assertTrue(passed.isSelected());
        assertEquals(list("e"), values(passed.compact(PageAllocator.transientPages()).column(0)));
        // a computed string cannot be scattered
        Page strings = new PageProcessor(filter, List.of(X, new SubstringExpression(NAME, constant(Type.BIGINT, 1L), null))).process(input, null, 5, PageAllocator.transientPages(), true);
        assertFalse(strings.isSelected());
    }

    @Test
    void computedValuesLandAtTheRowsTheyWereComputedFor()
    {
        // exact kernels write their heap result straight to the rows; every type and NULL must land where scatter puts it
        Page input = page(
                vector(Type.INTEGER, 1, 2, null, 4, 5, 6),
                vector(Type.BIGINT, 10L, null, 30L, 40L, 50L, 60L),
                vector(Type.decimal(12, 2), 100L, 200L, 300L, null, 500L, 600L),
                vector(Type.DOUBLE, 1.5, 2.5, 3.5, 4.5, null, 6.5));
        int[] rows = {0, 2, 3, 5};
        List<Expression> expressions = List.of(
                arithmetic(ArithmeticOperator.ADD, input(0, Type.INTEGER), constant(Type.INTEGER, 7), Type.INTEGER),
                arithmetic(ArithmeticOperator.MULTIPLY, input(1, Type.BIGINT), input(0, Type.INTEGER), Type.BIGINT),
                arithmetic(ArithmeticOperator.SUBTRACT, constant(Type.decimal(12, 2), 1000L), input(2, Type.decimal(12, 2)), Type.decimal(13, 2)),
                arithmetic(ArithmeticOperator.MULTIPLY, input(3, Type.DOUBLE), input(1, Type.BIGINT), Type.DOUBLE));
        for (Expression expression : expressions) {
            ColumnVector scattered = expression.evaluateScattered(input, rows, rows.length, 6, PageAllocator.transientPages());
            ColumnVector dense = expression.evaluate(input, rows, rows.length, PageAllocator.transientPages());
            assertEquals(6, scattered.positionCount(), expression.toString());
            List<Object> expected = values(dense);
            List<Object> actual = values(scattered);
            for (int i = 0; i < rows.length; i++) {
                assertEquals(expected.get(i), actual.get(rows[i]), expression + " at row " + rows[i]);
            }
        }
    }

    @Test
    void aProjectionThatRepeatsAnEarlierOneReadsItsResult()
    {
        // Q1's shape: price * (1 - discount), then price * (1 - discount) * (1 + tax), with NULLs in each operand
        Type money = Type.decimal(12, 2);
        Expression price = input(0, money);
        Expression discount = input(1, money);
        Expression tax = input(2, money);
        Expression discounted = arithmetic(ArithmeticOperator.MULTIPLY, price, arithmetic(ArithmeticOperator.SUBTRACT, constant(money, 100L), discount, Type.decimal(13, 2)), Type.decimal(18, 4));
        Expression charged = arithmetic(ArithmeticOperator.MULTIPLY, discounted, arithmetic(ArithmeticOperator.ADD, constant(money, 100L), tax, Type.decimal(13, 2)), Type.decimal(18, 6));
        Page input = page(
                vector(money, 1000L, 2000L, null, 4000L, 5000L, 6000L),
                vector(money, 5L, null, 7L, 8L, 9L, 10L),
                vector(money, 1L, 2L, 3L, null, 5L, 6L),
                vector(Type.BIGINT, 1L, 2L, 3L, 4L, 5L, 6L));
        List<Expression> projections = List.of(input(3, Type.BIGINT), discounted, charged);
        // the input has 4 columns; the charge reads the discounted price from extra channel 4 + 1
        List<Expression> rewritten = EarlierProjections.rewrite(projections, 4);
        assertEquals("#5", ((ArithmeticExpression) rewritten.get(2)).left().toString());
        assertSame(projections.get(1), rewritten.get(1));

        PageFilter keepsFour = new PageFilter(comparison(GREATER_THAN, input(3, Type.BIGINT), constant(Type.BIGINT, 2L)));
        for (PageFilter filter : Arrays.asList(null, keepsFour)) {
            for (boolean mayOutputSelected : new boolean[] {false, true}) {
                Page output = new PageProcessor(filter, projections).process(input, null, 6, PageAllocator.transientPages(), mayOutputSelected);
                Page dense = output.compact(PageAllocator.transientPages());
                for (int column = 1; column < 3; column++) {
                    // the same projection alone, with nothing to reuse
                    Page alone = new PageProcessor(filter, List.of(projections.get(column))).process(input, PageAllocator.transientPages());
                    assertEquals(values(alone.column(0)), values(dense.column(column)), "projection " + column + " with filter " + filter + ", selected output " + mayOutputSelected);
                }
            }
        }
    }

    @Test
    void processorReturnsNullWhenNothingSelected()
    {
        PageProcessor processor = new PageProcessor(new PageFilter(constant(Type.BOOLEAN, false)), List.of(X));
        assertNull(processor.process(sample(), PageAllocator.transientPages()));
        assertNull(new PageProcessor(null, List.of(X)).process(page(vector(Type.BIGINT), vector(Type.VARCHAR)), PageAllocator.transientPages()));
        // NULL predicate rows are dropped, not kept
        assertNull(new PageProcessor(new PageFilter(constant(Type.BOOLEAN, null)), List.of(X)).process(sample(), PageAllocator.transientPages()));
    }

    @Test
    void inputVectorsPassThroughWhenNothingIsFiltered()
    {
        Page input = sample();
        PageProcessor noFilter = new PageProcessor(null, List.of(NAME, X));
        Page output = noFilter.process(input, PageAllocator.transientPages());
        assertSame(input.column(1), output.column(0));
        assertSame(input.column(0), output.column(1));

        PageProcessor keepsAll = new PageProcessor(new PageFilter(Expressions.isNotNull(NAME)), List.of(NAME));
        assertSame(input.column(1), keepsAll.process(input, PageAllocator.transientPages()).column(0));
    }

    @Test
    void noProjectionsStillCountsRows()
    {
        PageProcessor countOnly = new PageProcessor(new PageFilter(comparison(GREATER_THAN, X, constant(Type.BIGINT, 10L))), List.of());
        Page output = countOnly.process(sample(), PageAllocator.transientPages());
        assertEquals(3, output.positionCount());
        assertEquals(0, output.columnCount());
    }

    @Test
    void largePageWithNulls()
    {
        int count = 10_000;
        Object[] values = new Object[count];
        for (int i = 0; i < count; i++) {
            values[i] = i % 10 == 0 ? null : (long) i;
        }
        Page page = page(vector(Type.BIGINT, values));
        PageProcessor processor = new PageProcessor(new PageFilter(comparison(LESS_THAN, X, constant(Type.BIGINT, 5000L))), List.of(X));
        ColumnVector column = processor.process(page, PageAllocator.transientPages()).column(0);
        assertEquals(4500, column.positionCount());
        assertEquals(1L, column.getObject(0));
        assertEquals(4999L, column.getObject(4499));
    }
}
