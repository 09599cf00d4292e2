package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** A column of the input page. Without a selection it returns the input vector itself, uncopied. */
public final class InputReference
        implements Expression
{
    final int channel;
    final Type type;

    InputReference(int channel, Type type)
    {
        if (channel < 0) {
            throw new IllegalArgumentException("channel is negative: " + channel);
        }
        this.channel = channel;
        this.type = requireNonNull(type, "type is null");
    }

    public int channel()
    {
        return channel;
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector column = page.column(channel);
        if (positions == null && count == column.positionCount()) {
            return column;
        }
        return column.copyPositions(positions, count, allocator);
    }

    @Override
    public String toString()
    {
        return "#" + channel;
    }
}
