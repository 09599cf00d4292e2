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

/**
 * TRIM([BOTH | LEADING | TRAILING] characters FROM value): the value without the characters of the
 * set at its start, its end or both, as PostgreSQL and DuckDB trim; the set is a constant.
 */
public final class TrimExpression
        implements Expression
{
    final Expression value;
    final String characters;
    final boolean leading;
    final boolean trailing;
    final Type type;

    TrimExpression(Expression value, String characters, boolean leading, boolean trailing, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.characters = requireNonNull(characters, "characters is null");
        this.leading = leading;
        this.trailing = trailing;
        if (!value.type().isString()) {
            throw new IllegalArgumentException("TRIM needs a string, got " + value.type());
        }
        this.type = requireNonNull(type, "type is null");
        if (!type.isString()) {
            throw new IllegalArgumentException("TRIM makes a string, not " + type);
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
        boolean asciiSet = characters.chars().allMatch(c -> c < 0x80);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int end = strings.end(i);
            if (asciiSet) {
                // an ASCII byte is never part of another character in UTF-8
                while (leading && start < end && characters.indexOf(bytes.get(ValueLayout.JAVA_BYTE, start)) >= 0) {
                    start++;
                }
                while (trailing && end > start && characters.indexOf(bytes.get(ValueLayout.JAVA_BYTE, end - 1)) >= 0) {
                    end--;
                }
                builder.appendBytes(bytes, start, end - start);
                continue;
            }
            byte[] trimmed = trim(new String(bytes.asSlice(start, end - start).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            builder.appendBytes(trimmed, 0, trimmed.length);
        }
        return builder.build();
    }

    private String trim(String text)
    {
        int from = 0;
        int to = text.length();
        while (leading && from < to && characters.indexOf(text.codePointAt(from)) >= 0) {
            from += Character.charCount(text.codePointAt(from));
        }
        while (trailing && to > from && characters.indexOf(text.codePointBefore(to)) >= 0) {
            to -= Character.charCount(text.codePointBefore(to));
        }
        return text.substring(from, to);
    }

    @Override
    public String toString()
    {
        return "TRIM(" + (leading && trailing ? "BOTH" : leading ? "LEADING" : "TRAILING") + " '" + characters + "' FROM " + value + ")";
    }
}
