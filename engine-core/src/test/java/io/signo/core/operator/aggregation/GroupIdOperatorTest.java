package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.GroupIdOperator.GroupIdOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

class GroupIdOperatorTest
{
    private static final List<Type> TYPES = List.of(Type.VARCHAR, Type.BIGINT, Type.DOUBLE);

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void eachRowOncePerSetWithKeysOutsideTheSetNull()
    {
        // keys: channel 1, then channel 0; sets: both, only channel 0, none (a ROLLUP of channels 0 and 1 the other way round)
        GroupIdOperatorFactory factory = new GroupIdOperatorFactory(TYPES, List.of(1, 0), List.of(List.of(0, 1), List.of(1), List.of()));
        Page first = page(TYPES, row("a", 1L, 0.5), row(null, 2L, 1.5));
        Page second = page(TYPES, row("b", null, 2.5));
        List<Page> output = runner.run(factory, List.of(first, page(TYPES), second));
        assertEquals(List.of(
                row("a", 1L, 0.5, 1L, "a", 0),
                row(null, 2L, 1.5, 2L, null, 0),
                row("a", 1L, 0.5, null, "a", 1),
                row(null, 2L, 1.5, null, null, 1),
                row("a", 1L, 0.5, null, null, 2),
                row(null, 2L, 1.5, null, null, 2),
                row("b", null, 2.5, null, "b", 0),
                row("b", null, 2.5, null, "b", 1),
                row("b", null, 2.5, null, null, 2)),
                rows(output));
    }
}
