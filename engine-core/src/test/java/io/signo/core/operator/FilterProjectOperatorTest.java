package io.signo.core.operator;

import io.signo.core.driver.Driver;
import io.signo.core.driver.DriverFactory;
import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FilterProjectOperatorTest
{
    private static Page bigints(long... values)
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, values.length);
        for (long value : values) {
            builder.appendLong(value);
        }
        return new Page(values.length, builder.build());
    }

    private static FilterProjectOperator.FilterProjectOperatorFactory factory()
    {
        PageFilter filter = new PageFilter(Expressions.comparison(ComparisonOperator.GREATER_THAN, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 2L)));
        return new FilterProjectOperator.FilterProjectOperatorFactory(new PageProcessor(filter, List.of(Expressions.input(0, Type.BIGINT))));
    }

    @Test
    void followsTheOperatorProtocol()
    {
        FilterProjectOperator.FilterProjectOperatorFactory factory = factory();
        assertEquals("FilterProject", factory.name());
        try (OperatorContext context = new OperatorContext(MemoryPool.unbounded("test"), 0);
                Operator operator = factory.createOperator(context)) {
            assertTrue(operator.needsInput());
            assertNull(operator.getOutput());

            operator.addInput(bigints(1, 2, 3, 4));
            // one buffered page at most
            assertFalse(operator.needsInput());
            assertThrows(IllegalStateException.class, () -> operator.addInput(bigints(5)));
            Page output = operator.getOutput();
            assertEquals(2, output.positionCount());
            assertEquals(3L, output.column(0).getLong(0));
            assertEquals(4L, output.column(0).getLong(1));

            // a page with no surviving row produces nothing
            assertTrue(operator.needsInput());
            operator.addInput(bigints(1, 2));
            assertNull(operator.getOutput());

            operator.addInput(bigints(7));
            operator.finish();
            assertFalse(operator.isFinished(), "output still buffered");
            assertFalse(operator.needsInput());
            assertEquals(1, operator.getOutput().positionCount());
            assertTrue(operator.isFinished());
        }
    }

    @Test
    void passesKeptRowsUncopiedOnlyToAConsumerThatTakesSelectedPages()
    {
        Page input = bigints(1, 5, 2, 7);
        try (OperatorContext plain = new OperatorContext(MemoryPool.unbounded("test"), 0);
                OperatorContext selecting = new OperatorContext(MemoryPool.unbounded("test"), 0, true)) {
            Operator copying = factory().createOperator(plain);
            copying.addInput(input);
            Page copied = copying.getOutput();
            assertFalse(copied.isSelected());
            assertEquals(2, copied.column(0).positionCount());

            Operator passing = factory().createOperator(selecting);
            passing.addInput(input);
            Page selected = passing.getOutput();
            assertTrue(selected.isSelected());
            assertSame(input.column(0), selected.column(0));
            assertEquals(2, selected.positionCount());
            assertEquals(5L, selected.column(0).getLong(selected.rows()[0]));
            assertEquals(7L, selected.column(0).getLong(selected.rows()[1]));

            // a computed projection is evaluated at the kept rows: nothing to pass through
            PageFilter filter = new PageFilter(Expressions.comparison(ComparisonOperator.GREATER_THAN, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 2L)));
            PageProcessor computing = new PageProcessor(filter, List.of(Expressions.arithmetic(ArithmeticOperator.ADD, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 1L), Type.BIGINT)));
            Operator adding = new FilterProjectOperator.FilterProjectOperatorFactory(computing).createOperator(selecting);
            adding.addInput(input);
            Page computed = adding.getOutput();
            assertFalse(computed.isSelected());
            assertEquals(8L, computed.column(0).getLong(1));
        }
    }

    @Test
    void driverCompactsASelectedPageForAConsumerThatDoesNotTakeIt()
    {
        for (boolean consumerTakesSelected : new boolean[] {false, true}) {
            List<Page> received = new java.util.ArrayList<>();
            OperatorFactory source = new ValuesOperator.ValuesOperatorFactory(List.of(bigints(1, 5, 2, 7)));
            OperatorFactory sink = new TestingSink(received::add, consumerTakesSelected, false, true);
            Driver driver = new DriverFactory(0, List.of(source, factory(), sink), 1).createDriver(0, MemoryPool.unbounded("test"));
            while (!driver.isFinished()) {
                driver.process(1_000_000_000L);
            }
            driver.close();
            assertEquals(1, received.size());
            Page page = received.getFirst();
            assertEquals(consumerTakesSelected, page.isSelected());
            Page dense = page.compact(PageAllocator.transientPages());
            assertEquals(2, dense.positionCount());
            assertEquals(5L, dense.column(0).getLong(0));
            assertEquals(7L, dense.column(0).getLong(1));
        }
    }

    /** A scan's block with deleted rows, or a filter's output: the selected rows are where the filter starts, and nothing else is read. */
    @Test
    void takesASelectedPageAndFiltersOnlyItsRows()
    {
        assertTrue(factory().takesSelectedRows());
        Page whole = bigints(9, 1, 5, 3, 8, 2, 7);
        // rows 0 (9) and 4 (8) are not selected: a deleted row must not come back even though it passes the filter
        Page input = Page.selected(new int[] {1, 2, 3, 5, 6}, 5, whole.column(0));
        try (OperatorContext plain = new OperatorContext(MemoryPool.unbounded("test"), 0);
                OperatorContext selecting = new OperatorContext(MemoryPool.unbounded("test"), 0, true)) {
            Operator copying = factory().createOperator(plain);
            copying.addInput(input);
            Page copied = copying.getOutput();
            assertFalse(copied.isSelected());
            assertEquals(List.of(5L, 3L, 7L), longs(copied));

            Operator passing = factory().createOperator(selecting);
            passing.addInput(input);
            Page selected = passing.getOutput();
            assertTrue(selected.isSelected());
            assertSame(whole.column(0), selected.column(0));
            assertEquals(List.of(5L, 3L, 7L), longs(selected.compact(PageAllocator.transientPages())));
            // the input's rows are the page's own: the operator filtered a copy of them
            assertEquals(List.of(1L, 5L, 3L, 2L, 7L), longs(input.compact(PageAllocator.transientPages())));

            // no filter, computed: evaluated at the selected rows only
            PageProcessor computing = new PageProcessor(null, List.of(Expressions.arithmetic(ArithmeticOperator.ADD, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 1L), Type.BIGINT)));
            Operator adding = new FilterProjectOperator.FilterProjectOperatorFactory(computing).createOperator(plain);
            adding.addInput(input);
            assertEquals(List.of(2L, 6L, 4L, 3L, 8L), longs(adding.getOutput()));

            // no filter, passing through, to a consumer that takes selected pages: the selection goes on uncopied
            Operator forwarding = new FilterProjectOperator.FilterProjectOperatorFactory(new PageProcessor(null, List.of(Expressions.input(0, Type.BIGINT)))).createOperator(selecting);
            forwarding.addInput(input);
            Page forwarded = forwarding.getOutput();
            assertSame(whole.column(0), forwarded.column(0));
            assertEquals(List.of(1L, 5L, 3L, 2L, 7L), longs(forwarded.compact(PageAllocator.transientPages())));
        }
    }

    private static List<Long> longs(Page page)
    {
        List<Long> values = new java.util.ArrayList<>();
        for (int p = 0; p < page.positionCount(); p++) {
            values.add(page.column(0).getLong(p));
        }
        return values;
    }

    @Test
    void finishWithoutInput()
    {
        try (OperatorContext context = new OperatorContext(MemoryPool.unbounded("test"), 0)) {
            Operator operator = factory().createOperator(context);
            operator.finish();
            assertTrue(operator.isFinished());
            assertNull(operator.getOutput());
        }
    }
}
