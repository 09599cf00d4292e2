package io.signo.core.operator;

import io.signo.core.operator.RowIfEmptyOperator.RowIfEmptyOperatorFactory;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

class RowIfEmptyOperatorTest
{
    private static final List<Type> TYPES = List.of(Type.VARCHAR, Type.INTEGER, Type.BIGINT);

    private final OperatorRunner runner = new OperatorRunner();
    private final RowIfEmptyOperatorFactory factory = new RowIfEmptyOperatorFactory(TYPES, Arrays.asList(null, 2, 0L));

    @Test
    void givenRowOnlyWhenNoInputRow()
    {
        assertEquals(List.of(row(null, 2, 0L)), rows(runner.run(factory, List.of())));
        assertEquals(List.of(row(null, 2, 0L)), rows(runner.run(factory, List.of(page(TYPES), page(TYPES)))));
        assertEquals(List.of(row("x", 1, 5L), row("y", 3, 6L)), rows(runner.run(factory, List.of(page(TYPES), page(TYPES, row("x", 1, 5L)), page(TYPES, row("y", 3, 6L))))));
    }
}
