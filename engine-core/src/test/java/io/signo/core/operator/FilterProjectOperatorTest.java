package io.signo.core.operator;

import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
