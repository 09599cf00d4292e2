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
 * UPPER and LOWER: each character mapped on its own (Unicode's simple case mapping, as DuckDB and
 * PostgreSQL do, so 'ß' stays one character), ASCII strings byte by byte without decoding them.
 */
public final class CaseConversionExpression
        implements Expression
{
    final Expression value;
    final boolean upper;
    final Type type;

    CaseConversionExpression(Expression value, boolean upper)
    {
        this.value = requireNonNull(value, "value is null");
        this.upper = upper;
        if (!value.type().isString()) {
            throw new IllegalArgumentException((upper ? "UPPER" : "LOWER") + " needs a string, got " + value.type());
        }
        this.type = Type.varchar(value.type().length());
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
        byte[] scratch = new byte[64];
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            int start = strings.start(i);
            int length = strings.end(i) - start;
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, scratch.length * 2)];
            }
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, scratch, 0, length);
            if (convertAscii(scratch, length)) {
                builder.appendBytes(scratch, 0, length);
            }
            else {
                byte[] converted = convert(new String(scratch, 0, length, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
                builder.appendBytes(converted, 0, converted.length);
            }
        }
        return builder.build();
    }

    /** Converts the bytes in place when all are ASCII; false, with nothing changed, when one is not. */
    private boolean convertAscii(byte[] text, int length)
    {
        for (int i = 0; i < length; i++) {
            if (text[i] < 0) {
                return false;
            }
        }
        byte from = upper ? (byte) 'a' : (byte) 'A';
        for (int i = 0; i < length; i++) {
            byte b = text[i];
            if (b >= from && b <= from + 25) {
                text[i] = (byte) (b ^ 0x20);
            }
        }
        return true;
    }

    private String convert(String text)
    {
        StringBuilder converted = new StringBuilder(text.length());
        text.codePoints().forEach(codePoint -> converted.appendCodePoint(upper ? Character.toUpperCase(codePoint) : Character.toLowerCase(codePoint)));
        return converted.toString();
    }

    @Override
    public String toString()
    {
        return (upper ? "UPPER(" : "LOWER(") + value + ")";
    }
}
