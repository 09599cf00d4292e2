package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static java.util.Objects.requireNonNull;

/**
 * LENGTH and CHAR_LENGTH: the characters of a string (the UTF-8 bytes that start one); a CHAR value
 * counts without its pad spaces, as PostgreSQL counts it.
 */
public final class CharacterLengthExpression
        implements Expression
{
    final Expression value;
    final Type type;

    CharacterLengthExpression(Expression value, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.type = requireNonNull(type, "type is null");
        if (!value.type().isString()) {
            throw new IllegalArgumentException("LENGTH needs a string, got " + value.type());
        }
        if (type.kind() != TypeKind.INTEGER && type.kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException("LENGTH returns INTEGER or BIGINT, not " + type);
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
        long[] lengths = new long[count];
        for (int i = 0; i < count; i++) {
            int end = strings.end(i);
            int characters = 0;
            for (int position = strings.start(i); position < end; position++) {
                // a continuation byte is 10xxxxxx
                characters += (bytes.get(ValueLayout.JAVA_BYTE, position) & 0xC0) != 0x80 ? 1 : 0;
            }
            lengths[i] = characters;
        }
        return FixedWidthVectors.fromLongs(type, lengths, count, strings.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "LENGTH(" + value + ")";
    }
}
