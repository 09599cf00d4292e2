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
 * SPLIT_PART(value, delimiter, index): part {@code index} of the value split at each occurrence of
 * the delimiter, counted from 1, or from the end when negative; '' for index 0 or a part past the
 * last. An empty delimiter splits the value into its characters. As in DuckDB.
 */
public final class SplitPartExpression
        implements Expression
{
    final Expression value;
    final Expression delimiter;
    final Expression index;
    final Type type;

    SplitPartExpression(Expression value, Expression delimiter, Expression index, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.delimiter = requireNonNull(delimiter, "delimiter is null");
        this.index = requireNonNull(index, "index is null");
        this.type = requireNonNull(type, "type is null");
        if (!value.type().isString() || !delimiter.type().isString() || !type.isString()) {
            throw new IllegalArgumentException("SPLIT_PART of " + value.type() + " at " + delimiter.type() + " as " + type);
        }
        if (index.type().kind() != TypeKind.INTEGER && index.type().kind() != TypeKind.BIGINT) {
            throw new IllegalArgumentException("SPLIT_PART needs an integer index, got " + index.type());
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
        StringOperand delimiters = StringOperand.evaluate(delimiter, page, positions, count, allocator);
        LongValues indexes = LongValues.evaluate(index, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(NullBitmap.union(strings.nulls(), delimiters.nulls(), count, allocator), indexes.nulls(), count, allocator);
        MemorySegment bytes = strings.bytes();
        long[] parts = indexes.values();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int end = strings.end(i);
            int delimiterStart = delimiters.start(i);
            int delimiterEnd = delimiters.end(i);
            long part = parts[i];
            if (part < 0) {
                part += partCount(bytes, start, end, delimiters.bytes(), delimiterStart, delimiterEnd) + 1;
            }
            if (part <= 0) {
                builder.appendBytes(bytes, start, 0);
                continue;
            }
            if (delimiterStart == delimiterEnd) {
                // the parts are the characters
                int from = StringBytes.skipCharacters(bytes, start, end, part - 1);
                builder.appendBytes(bytes, from, StringBytes.skipCharacters(bytes, from, end, 1) - from);
                continue;
            }
            int delimiterLength = delimiterEnd - delimiterStart;
            int from = start;
            for (long skipped = 1; skipped < part && from <= end; skipped++) {
                int found = StringBytes.indexOf(bytes, from, end, delimiters.bytes(), delimiterStart, delimiterEnd);
                // past the last part: from moves beyond the end
                from = found < 0 ? end + 1 : found + delimiterLength;
            }
            if (from > end) {
                builder.appendBytes(bytes, start, 0);
                continue;
            }
            int found = StringBytes.indexOf(bytes, from, end, delimiters.bytes(), delimiterStart, delimiterEnd);
            builder.appendBytes(bytes, from, (found < 0 ? end : found) - from);
        }
        LongScratch.giveBack(parts);
        return builder.build();
    }

    /** The number of parts: the characters for an empty delimiter, else one more than the delimiters. */
    private static long partCount(MemorySegment bytes, int start, int end, MemorySegment delimiter, int delimiterStart, int delimiterEnd)
    {
        if (delimiterStart == delimiterEnd) {
            return StringBytes.characterCount(bytes, start, end);
        }
        long parts = 1;
        int from = start;
        int found;
        while ((found = StringBytes.indexOf(bytes, from, end, delimiter, delimiterStart, delimiterEnd)) >= 0) {
            parts++;
            from = found + delimiterEnd - delimiterStart;
        }
        return parts;
    }

    @Override
    public String toString()
    {
        return "SPLIT_PART(" + value + ", " + delimiter + ", " + index + ")";
    }
}
