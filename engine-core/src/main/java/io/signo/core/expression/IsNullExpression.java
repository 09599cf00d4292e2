package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/** IS NULL, or IS NOT NULL when negated; never NULL itself. */
public final class IsNullExpression
        implements Expression
{
    final Expression value;
    final boolean negated;

    IsNullExpression(Expression value, boolean negated)
    {
        this.value = requireNonNull(value, "value is null");
        this.negated = negated;
    }

    Expression value()
    {
        return value;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector vector = value.evaluate(page, positions, count, allocator);
        MemorySegment nulls = vector.nulls();
        byte[] result = new byte[count];
        byte whenNull = (byte) (negated ? 0 : 1);
        for (int i = 0; i < count; i++) {
            result[i] = nulls != null && NullBitmap.isNull(nulls, i) ? whenNull : (byte) (1 - whenNull);
        }
        return FixedWidthVectors.fromBooleans(result, count, null, allocator);
    }

    @Override
    public String toString()
    {
        return (negated ? "IS_NOT_NULL(" : "IS_NULL(") + value + ")";
    }
}
