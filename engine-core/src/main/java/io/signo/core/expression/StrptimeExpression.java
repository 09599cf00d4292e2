package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static java.util.Objects.requireNonNull;

/**
 * STRPTIME(text, format): the timestamp a text holds, read as its {@link DateTimeFormat} says: a
 * TIMESTAMP, or a TIMESTAMP WITH TIME ZONE when the format reads an offset or a zone ({@code %z},
 * {@code %Z}), as in DuckDB. A text that does not match is an INVALID_ARGUMENT error naming it and
 * the format.
 */
final class StrptimeExpression
        implements Expression
{
    final Expression text;
    final DateTimeFormat format;
    final Type type;

    StrptimeExpression(Expression text, DateTimeFormat format)
    {
        this.text = requireNonNull(text, "text is null");
        this.format = requireNonNull(format, "format is null");
        if (!text.type().isString()) {
            throw new IllegalArgumentException("STRPTIME needs text, got " + text.type());
        }
        this.type = format.readsZone() ? Type.TIMESTAMP_TZ : Type.TIMESTAMP;
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector strings = text.evaluate(page, positions, count, allocator);
        MemorySegment bytes = strings.values();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        DateTimeFormat.Parsed parsed = new DateTimeFormat.Parsed();
        byte[] scratch = new byte[64];
        for (int i = 0; i < count; i++) {
            if (strings.isNull(i)) {
                builder.appendNull();
                continue;
            }
            int length = strings.stringLength(i);
            if (length > scratch.length) {
                scratch = new byte[length];
            }
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, strings.stringStart(i), scratch, 0, length);
            builder.appendLong(format.parse(scratch, 0, length, parsed));
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "STRPTIME(" + text + ", " + format + ")";
    }
}
