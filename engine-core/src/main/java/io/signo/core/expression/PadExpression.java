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
import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * LPAD and RPAD(value, length, fill): the value padded on the left or the right to {@code length}
 * characters with the fill's characters, repeated; a longer value is cut to its first {@code length}
 * characters, a length of 0 or less gives ''. Padding with an empty fill is INVALID_ARGUMENT, as in
 * DuckDB.
 */
public final class PadExpression
        implements Expression
{
    /** A result longer than this many bytes is refused rather than built: no vector could hold many of them. */
    private static final long MAX_RESULT_BYTES = 1 << 28;

    final boolean left;
    final Expression value;
    final Expression length;
    final Expression fill;
    final Type type;

    PadExpression(boolean left, Expression value, Expression length, Expression fill, Type type)
    {
        this.left = left;
        this.value = requireNonNull(value, "value is null");
        this.length = requireNonNull(length, "length is null");
        this.fill = requireNonNull(fill, "fill is null");
        this.type = requireNonNull(type, "type is null");
        if (!value.type().isString() || !fill.type().isString() || !type.isString()) {
            throw new IllegalArgumentException(name() + " of " + value.type() + " with " + fill.type() + " as " + type);
        }
        if (length.type().kind() != TypeKind.INTEGER && length.type().kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException(name() + " needs an integer length, got " + length.type());
        }
    }

    private String name()
    {
        return left ? "LPAD" : "RPAD";
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
        LongValues lengths = LongValues.evaluate(length, page, positions, count, allocator);
        StringOperand fills = StringOperand.evaluate(fill, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(NullBitmap.union(strings.nulls(), lengths.nulls(), count, allocator), fills.nulls(), count, allocator);
        MemorySegment bytes = strings.bytes();
        MemorySegment fillBytes = fills.bytes();
        long[] targets = lengths.values();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        byte[] padded = new byte[64];
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int end = strings.end(i);
            long target = Math.max(targets[i], 0);
            int characters = StringBytes.characterCount(bytes, start, end);
            if (characters >= target) {
                builder.appendBytes(bytes, start, StringBytes.skipCharacters(bytes, start, end, target) - start);
                continue;
            }
            int fillStart = fills.start(i);
            int fillEnd = fills.end(i);
            if (fillStart == fillEnd) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, name() + " of a value of " + characters + " characters to " + target + " with an empty fill");
            }
            long padCharacters = target - characters;
            // a character takes at most 4 bytes
            long maxBytes = (end - start) + padCharacters * 4;
            if (maxBytes > MAX_RESULT_BYTES) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, name() + " to " + target + " characters makes a string too long");
            }
            if (padded.length < maxBytes) {
                padded = Arrays.copyOf(padded, (int) Math.max(maxBytes, padded.length * 2L));
            }
            int written = 0;
            if (!left) {
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, padded, 0, end - start);
                written = end - start;
            }
            int fillPosition = fillStart;
            for (long added = 0; added < padCharacters; added++) {
                int characterLength = Math.min(StringBytes.characterLength(fillBytes.get(ValueLayout.JAVA_BYTE, fillPosition)), fillEnd - fillPosition);
                MemorySegment.copy(fillBytes, ValueLayout.JAVA_BYTE, fillPosition, padded, written, characterLength);
                written += characterLength;
                fillPosition += characterLength;
                if (fillPosition == fillEnd) {
                    fillPosition = fillStart;
                }
            }
            if (left) {
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, padded, written, end - start);
                written += end - start;
            }
            builder.appendBytes(padded, 0, written);
        }
        LongScratch.giveBack(targets);
        return builder.build();
    }

    @Override
    public String toString()
    {
        return name() + "(" + value + ", " + length + ", " + fill + ")";
    }
}
