package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/** REPLACE(value, search, replacement): every occurrence of search replaced, left to right; an empty search changes nothing. */
public final class ReplaceExpression
        implements Expression
{
    final Expression value;
    final Expression search;
    final Expression replacement;
    final Type type;

    ReplaceExpression(Expression value, Expression search, Expression replacement, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.search = requireNonNull(search, "search is null");
        this.replacement = requireNonNull(replacement, "replacement is null");
        if (!value.type().isString() || !search.type().isString() || !replacement.type().isString()) {
            throw new IllegalArgumentException("REPLACE needs strings, got " + value.type() + ", " + search.type() + ", " + replacement.type());
        }
        this.type = requireNonNull(type, "type is null");
        if (!type.isString()) {
            throw new IllegalArgumentException("REPLACE makes a string, not " + type);
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
        StringOperand values = StringOperand.evaluate(value, page, positions, count, allocator);
        StringOperand searches = StringOperand.evaluate(search, page, positions, count, allocator);
        StringOperand replacements = StringOperand.evaluate(replacement, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(NullBitmap.union(values.nulls(), searches.nulls(), count, allocator), replacements.nulls(), count, allocator);
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            String text = text(values, i);
            String from = text(searches, i);
            byte[] replaced = (from.isEmpty() ? text : text.replace(from, text(replacements, i))).getBytes(StandardCharsets.UTF_8);
            builder.appendBytes(replaced, 0, replaced.length);
        }
        return builder.build();
    }

    private static String text(StringOperand strings, int i)
    {
        int start = strings.start(i);
        return new String(strings.bytes().asSlice(start, strings.end(i) - start).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    @Override
    public String toString()
    {
        return "REPLACE(" + value + ", " + search + ", " + replacement + ")";
    }
}
