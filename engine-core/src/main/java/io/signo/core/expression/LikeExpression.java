package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/** {@code value LIKE 'pattern'} with a constant pattern; one specialized loop per pattern kind. */
public final class LikeExpression
        implements Expression
{
    final Expression value;
    final LikePattern pattern;

    LikeExpression(Expression value, String pattern, Character escape)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isString()) {
            throw new IllegalArgumentException("LIKE needs a string, got " + value.type());
        }
        this.pattern = new LikePattern(pattern, escape);
    }

    Expression value()
    {
        return value;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (DictionaryPredicate.applies(value, page, count)) {
            return DictionaryPredicate.evaluate(this, value, page, positions, count, allocator);
        }
        StringOperand strings = StringOperand.evaluate(value, page, positions, count, allocator);
        MemorySegment bytes = strings.bytes();
        byte[] result = new byte[count];
        MemorySegment[] literals = pattern.literals();
        switch (pattern.kind()) {
            case EXACT -> {
                MemorySegment literal = literals[0];
                int literalLength = (int) literal.byteSize();
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int length = strings.end(i) - start;
                    result[i] = (byte) (length == literalLength && StringBytes.equal(bytes, start, literal, 0, length) ? 1 : 0);
                }
            }
            case PREFIX -> {
                MemorySegment literal = literals[0];
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int length = strings.end(i) - start;
                    result[i] = (byte) (LikePattern.startsWith(bytes, start, length, literal) ? 1 : 0);
                }
            }
            case SUFFIX -> {
                MemorySegment literal = literals[1];
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int length = strings.end(i) - start;
                    result[i] = (byte) (LikePattern.endsWith(bytes, start, length, literal) ? 1 : 0);
                }
            }
            case CONTAINS -> {
                MemorySegment literal = literals[1];
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int end = strings.end(i);
                    result[i] = (byte) (LikePattern.indexOf(bytes, start, end, literal) >= 0 ? 1 : 0);
                }
            }
            case ORDERED -> {
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int length = strings.end(i) - start;
                    result[i] = (byte) (pattern.matchesOrdered(bytes, start, length) ? 1 : 0);
                }
            }
            case GENERAL -> {
                for (int i = 0; i < count; i++) {
                    int start = strings.start(i);
                    int length = strings.end(i) - start;
                    result[i] = (byte) (pattern.matchesGeneral(bytes, start, length) ? 1 : 0);
                }
            }
        }
        return FixedWidthVectors.fromBooleans(result, count, strings.nulls(), allocator);
    }

    // the compiled pattern holds native memory: ship the pattern text and compile it again
    @Serial
    private Object writeReplace()
    {
        return new SerializedLike(value, pattern.pattern(), pattern.escape());
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("LikeExpression is read through its serialization proxy");
    }

    private record SerializedLike(Expression value, String pattern, Character escape)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return new LikeExpression(value, pattern, escape);
        }
    }

    @Override
    public String toString()
    {
        return "LIKE(" + value + ", '" + pattern + "')";
    }
}
