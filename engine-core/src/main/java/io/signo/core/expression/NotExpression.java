package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** Logical NOT; NULL stays NULL. */
public final class NotExpression
        implements Expression
{
    final Expression value;

    NotExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().equals(Type.BOOLEAN)) {
            throw new IllegalArgumentException("NOT needs BOOLEAN, got " + value.type());
        }
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
        byte[] values = FixedWidthVectors.readBooleans(vector, count);
        for (int i = 0; i < count; i++) {
            values[i] = (byte) (values[i] ^ 1);
        }
        return FixedWidthVectors.fromBooleans(values, count, vector.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "NOT(" + value + ")";
    }
}
