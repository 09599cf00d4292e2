package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static java.util.Objects.requireNonNull;

/**
 * SQL SUBSTRING(value FROM start [FOR length]): characters (not bytes), 1-based; the window
 * [start, start + length) is clipped to the string, so a start before 1 shortens the result. A
 * negative length is an error.
 */
public final class SubstringExpression
        implements Expression
{
    final Expression value;
    final Expression start;
    final Expression length;
    final Type type;

    SubstringExpression(Expression value, Expression start, Expression length)
    {
        this.value = requireNonNull(value, "value is null");
        this.start = requireNonNull(start, "start is null");
        this.length = length;
        if (!value.type().isString()) {
            throw new IllegalArgumentException("SUBSTRING needs a string, got " + value.type());
        }
        checkInteger(start.type());
        if (length != null) {
            checkInteger(length.type());
        }
        this.type = Type.varchar(value.type().length());
    }

    private static void checkInteger(Type type)
    {
        if (type.kind() != TypeKind.INTEGER && type.kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException("SUBSTRING position and length must be INTEGER or BIGINT, got " + type);
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
        ColumnVector strings = value.evaluate(page, positions, count, allocator);
        LongValues starts = LongValues.evaluate(start, page, positions, count, allocator);
        LongValues lengths = length == null ? null : LongValues.evaluate(length, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(strings.nulls(), starts.nulls(), count, allocator);
        if (lengths != null) {
            nulls = NullBitmap.union(nulls, lengths.nulls(), count, allocator);
        }
        long[] startValues = starts.values();
        long[] lengthValues = lengths == null ? null : lengths.values();
        MemorySegment bytes = strings.values();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            long first = startValues[i];
            long end;
            if (lengthValues == null) {
                end = Long.MAX_VALUE;
            }
            else {
                if (lengthValues[i] < 0) {
                    throw new SignoException(ErrorCode.INVALID_ARGUMENT, "SUBSTRING length is negative: " + lengthValues[i]);
                }
                end = first + lengthValues[i] < first ? Long.MAX_VALUE : first + lengthValues[i];
            }
            first = Math.max(first, 1);
            int stringStart = strings.stringStart(i);
            int stringEnd = strings.stringStart(i + 1);
            if (end <= first) {
                builder.appendBytes(bytes, stringStart, 0);
                continue;
            }
            // walk characters: skip first - 1, then take end - first
            long position = stringStart;
            for (long character = 1; character < first && position < stringEnd; character++) {
                position += StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, position));
            }
            long from = Math.min(position, stringEnd);
            for (long character = first; character < end && position < stringEnd; character++) {
                position += StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, position));
            }
            long to = Math.min(position, stringEnd);
            builder.appendBytes(bytes, from, (int) (to - from));
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "SUBSTRING(" + value + ", " + start + (length == null ? "" : ", " + length) + ")";
    }
}
