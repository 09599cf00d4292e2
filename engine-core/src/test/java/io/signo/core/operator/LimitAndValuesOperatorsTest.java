package io.signo.core.operator;

import io.signo.core.operator.LimitOperator.LimitOperatorFactory;
import io.signo.core.operator.ValuesOperator.ValuesOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LimitAndValuesOperatorsTest
{
    private static final List<Type> TYPES = List.of(Type.BIGINT, Type.VARCHAR);
    private static final Page FIRST = page(TYPES, row(1L, "a"), row(2L, null), row(3L, "c"));
    private static final Page SECOND = page(TYPES, row(4L, "d"), row(5L, "e"));

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void limitAcrossPages()
    {
        assertEquals(List.of(row(1L, "a"), row(2L, null), row(3L, "c"), row(4L, "d")), rows(runner.run(new LimitOperatorFactory(4, 0), List.of(FIRST, SECOND))));
        assertEquals(List.of(), rows(runner.run(new LimitOperatorFactory(0, 0), List.of(FIRST, SECOND))));
        assertEquals(5, rows(runner.run(new LimitOperatorFactory(100, 0), List.of(FIRST, SECOND))).size());
    }

    @Test
    void offsetSkipsRowsAcrossPages()
    {
        assertEquals(List.of(row(3L, "c"), row(4L, "d")), rows(runner.run(new LimitOperatorFactory(2, 2), List.of(FIRST, SECOND))));
        assertEquals(List.of(row(5L, "e")), rows(runner.run(new LimitOperatorFactory(10, 4), List.of(FIRST, SECOND))));
        assertEquals(List.of(), rows(runner.run(new LimitOperatorFactory(10, 7), List.of(FIRST, SECOND))));
    }

    @Test
    void limitFinishesEarly()
    {
        Operator limit = new LimitOperatorFactory(2, 0).createOperator(runner.newContext(0));
        limit.addInput(FIRST);
        assertFalse(limit.needsInput());
        assertEquals(2, limit.getOutput().positionCount());
        assertTrue(limit.isFinished());
    }

    @Test
    void valuesProducesItsPages()
    {
        assertEquals(5, rows(runner.run(new ValuesOperatorFactory(List.of(FIRST, page(TYPES), SECOND)), List.of())).size());
        assertEquals(List.of(), rows(runner.run(new ValuesOperatorFactory(List.of()), List.of())));
    }
}
