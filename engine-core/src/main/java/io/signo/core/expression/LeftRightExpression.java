package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * LEFT(value, n) and RIGHT(value, n): the first or last n characters; a negative n keeps all but the
 * last (LEFT) or first (RIGHT) -n characters, as in DuckDB and PostgreSQL.
 */
public final class LeftRightExpression
        implements Expression
{
    final boolean left;
    final Expression value;
    final Expression count;
    final Type type;

    LeftRightExpression(boolean left, Expression value, Expression count, Type type)
    {
        this.left = left;
        this.value = requireNonNull(value, "value is null");
        this.count = requireNonNull(count, "count is null");
        this.type = requireNonNull(type, "type is null");
        if (!value.type().isString() || !type.isString()) {
            throw new IllegalArgumentException(name() + " of " + value.type() + " as " + type);
        }
        if (count.type().kind() != TypeKind.INTEGER && count.type().kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException(name() + " needs an integer count, got " + count.type());
        }
    }

    private String name()
    {
        return left ? "LEFT" : "RIGHT";
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int rowCount, PageAllocator allocator)
    {
        StringOperand strings = StringOperand.evaluate(value, page, positions, rowCount, allocator);
        LongValues counts = LongValues.evaluate(count, page, positions, rowCount, allocator);
        MemorySegment nulls = NullBitmap.union(strings.nulls(), counts.nulls(), rowCount, allocator);
        MemorySegment bytes = strings.bytes();
        long[] wanted = counts.values();
        VectorBuilder builder = new VectorBuilder(type, rowCount, allocator);
        for (int i = 0; i < rowCount; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int end = strings.end(i);
            long characters = StringBytes.characterCount(bytes, start, end);
            long n = wanted[i];
            long kept = n >= 0 ? Math.min(n, characters) : Math.max(characters + n, 0);
            int from = left ? start : StringBytes.skipCharacters(bytes, start, end, characters - kept);
            int to = left ? StringBytes.skipCharacters(bytes, start, end, kept) : end;
            builder.appendBytes(bytes, from, to - from);
        }
        LongScratch.giveBack(wanted);
        return builder.build();
    }

    @Override
    public String toString()
    {
        return name() + "(" + value + ", " + count + ")";
    }
}
