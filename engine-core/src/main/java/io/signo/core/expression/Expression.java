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

    /**
     * Evaluates a fixed-width expression at {@code rows[0 .. count)} (ascending) of {@code page} and
     * places value i at position {@code rows[i]} of a vector of {@code size} positions, as
     * {@link ColumnVector#scatter} does with {@link #evaluate}'s result; a kernel that computes on the
     * heap writes its result there directly instead of through a dense vector of its own.
     */
    default ColumnVector evaluateScattered(Page page, int[] rows, int count, int size, PageAllocator allocator)
    {
        return evaluate(page, rows, count, allocator).scatter(rows, size, allocator);
    }
}
