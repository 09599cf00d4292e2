package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/** STARTS_WITH(value, prefix): whether the value's bytes begin with the prefix's; every value starts with ''. */
public final class StartsWithExpression
        implements Expression
{
    final Expression value;
    final Expression prefix;

    StartsWithExpression(Expression value, Expression prefix)
    {
        this.value = requireNonNull(value, "value is null");
        this.prefix = requireNonNull(prefix, "prefix is null");
        if (!value.type().isString() || !prefix.type().isString()) {
            throw new IllegalArgumentException("STARTS_WITH needs strings, got " + value.type() + " and " + prefix.type());
        }
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        StringOperand strings = StringOperand.evaluate(value, page, positions, count, allocator);
        StringOperand prefixes = StringOperand.evaluate(prefix, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(strings.nulls(), prefixes.nulls(), count, allocator);
        byte[] result = new byte[count];
        for (int i = 0; i < count; i++) {
            int start = strings.start(i);
            int prefixStart = prefixes.start(i);
            int prefixLength = prefixes.end(i) - prefixStart;
            boolean starts = strings.end(i) - start >= prefixLength && StringBytes.equal(strings.bytes(), start, prefixes.bytes(), prefixStart, prefixLength);
            result[i] = starts ? (byte) 1 : 0;
        }
        return FixedWidthVectors.fromBooleans(result, count, nulls, allocator);
    }

    @Override
    public String toString()
    {
        return "STARTS_WITH(" + value + ", " + prefix + ")";
    }
}
