package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static java.util.Objects.requireNonNull;

/** REVERSE: the characters (code points, each kept as its UTF-8 bytes) in the opposite order. */
public final class ReverseExpression
        implements Expression
{
    final Expression value;
    final Type type;

    ReverseExpression(Expression value, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.type = requireNonNull(type, "type is null");
        if (!value.type().isString() || !type.isString()) {
            throw new IllegalArgumentException("REVERSE of " + value.type() + " as " + type);
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
        StringOperand strings = StringOperand.evaluate(value, page, positions, count, allocator);
        MemorySegment bytes = strings.bytes();
        MemorySegment nulls = strings.nulls();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        byte[] reversed = new byte[64];
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int end = strings.end(i);
            int length = end - start;
            if (reversed.length < length) {
                reversed = new byte[Math.max(length, reversed.length * 2)];
            }
            int position = start;
            while (position < end) {
                int characterLength = Math.min(StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, position)), end - position);
                // the character that starts at offset k of the value ends at offset length - k of the result
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, position, reversed, length - (position - start) - characterLength, characterLength);
                position += characterLength;
            }
            builder.appendBytes(reversed, 0, length);
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "REVERSE(" + value + ")";
    }
}
