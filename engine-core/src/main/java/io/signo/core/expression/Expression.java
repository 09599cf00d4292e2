package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.io.Serializable;

/**
 * A scalar expression evaluated a vector at a time. Implementations are immutable and thread safe;
 * each node switches on types once per call and then runs a loop specialized to them.
 *
 * <p>Serializable so that a physical plan can be shipped to workers; state that cannot be
 * serialized (native memory, compiled patterns) is rebuilt on read through a serialization proxy.
 */
public interface Expression
        extends Serializable
{
    Type type();

    /**
     * Evaluates this expression at {@code positions[0 .. count)} of {@code page} (or at positions
     * 0 .. count - 1 when {@code positions} is null) and returns a dense vector of {@code count}
     * values: value i belongs to input position {@code positions[i]}.
     */
    ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator);
}
