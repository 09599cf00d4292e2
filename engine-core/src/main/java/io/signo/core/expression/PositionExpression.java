package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * POSITION(substring IN value) and STRPOS(value, substring): the position in characters, from 1, of the
 * first occurrence; 1 for an empty substring, 0 when there is none. The search runs on the UTF-8
 * bytes: a substring starts with a lead byte, so a match never starts inside a character.
 */
public final class PositionExpression
        implements Expression
{
    final Expression substring;
    final Expression value;
    final Type type;

    PositionExpression(Expression substring, Expression value, Type type)
    {
        this.substring = requireNonNull(substring, "substring is null");
        this.value = requireNonNull(value, "value is null");
        this.type = requireNonNull(type, "type is null");
        if (!substring.type().isString() || !value.type().isString()) {
            throw new IllegalArgumentException("POSITION needs strings, got " + substring.type() + " and " + value.type());
        }
        if (type.kind() != TypeKind.INTEGER && type.kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException("POSITION returns INTEGER or BIGINT, not " + type);
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
        StringOperand needles = StringOperand.evaluate(substring, page, positions, count, allocator);
        StringOperand strings = StringOperand.evaluate(value, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(needles.nulls(), strings.nulls(), count, allocator);
        MemorySegment bytes = strings.bytes();
        long[] result = LongScratch.take(count);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                result[i] = 0;
                continue;
            }
            int start = strings.start(i);
            int found = StringBytes.indexOf(bytes, start, strings.end(i), needles.bytes(), needles.start(i), needles.end(i));
            result[i] = found < 0 ? 0 : StringBytes.characterCount(bytes, start, found) + 1;
        }
        ColumnVector vector = FixedWidthVectors.fromLongs(type, result, count, nulls, allocator);
        LongScratch.giveBack(result);
        return vector;
    }

    @Override
    public String toString()
    {
        return "POSITION(" + substring + " IN " + value + ")";
    }
}
