package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * {@code a || b || ...}: the strings one after the other; NULL when any is NULL, as in the SQL
 * standard. As the function CONCAT(a, b, ...) it skips NULLs instead and is never NULL, as in DuckDB
 * and PostgreSQL.
 */
public final class ConcatExpression
        implements Expression
{
    final List<Expression> parts;
    final Type type;
    final boolean skipNulls;

    ConcatExpression(List<Expression> parts, Type type, boolean skipNulls)
    {
        this.parts = List.copyOf(requireNonNull(parts, "parts is null"));
        this.type = requireNonNull(type, "type is null");
        this.skipNulls = skipNulls;
        if (this.parts.size() < (skipNulls ? 1 : 2)) {
            throw new IllegalArgumentException("|| needs two strings or more, got " + this.parts.size());
        }
        for (Expression part : this.parts) {
            if (!part.type().isString()) {
                throw new IllegalArgumentException("|| needs strings, got " + part.type());
            }
        }
        if (!type.isString()) {
            throw new IllegalArgumentException("|| makes a string, not " + type);
        }
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        StringOperand[] strings = new StringOperand[parts.size()];
        MemorySegment nulls = null;
        for (int p = 0; p < strings.length; p++) {
            strings[p] = StringOperand.evaluate(parts.get(p), page, positions, count, allocator);
            if (!skipNulls) {
                nulls = NullBitmap.union(nulls, strings[p].nulls(), count, allocator);
            }
        }
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        byte[] joined = new byte[64];
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int length = 0;
            for (StringOperand string : strings) {
                if (skipNulls && string.nulls() != null && NullBitmap.isNull(string.nulls(), i)) {
                    continue;
                }
                int start = string.start(i);
                int partLength = string.end(i) - start;
                if (joined.length < length + partLength) {
                    joined = Arrays.copyOf(joined, Math.max(length + partLength, joined.length * 2));
                }
                MemorySegment.copy(string.bytes(), ValueLayout.JAVA_BYTE, start, joined, length, partLength);
                length += partLength;
            }
            builder.appendBytes(joined, 0, length);
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "CONCAT(" + parts + ")";
    }
}
