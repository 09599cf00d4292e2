package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** Unary minus of an INTEGER, BIGINT, DECIMAL or DOUBLE. */
public final class NegateExpression
        implements Expression
{
    private final Expression value;

    NegateExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isNumeric()) {
            throw new IllegalArgumentException("cannot negate " + value.type());
        }
    }

    @Override
    public Type type()
    {
        return value.type();
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Type type = value.type();
        if (type.kind() == TypeKind.DOUBLE) {
            DoubleValues input = DoubleValues.evaluate(value, page, positions, count, allocator);
            double[] values = input.values();
            for (int i = 0; i < count; i++) {
                values[i] = -values[i];
            }
            return FixedWidthVectors.fromDoubles(values, count, input.nulls(), allocator);
        }
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        boolean narrow = type.kind() == TypeKind.INTEGER;
        for (int i = 0; i < count; i++) {
            long negated = -values[i];
            if (values[i] == Long.MIN_VALUE || (narrow && negated != (int) negated)) {
                throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, type.kind() == TypeKind.DECIMAL ? Decimals.OVERFLOW : type + " overflow");
            }
            values[i] = negated;
        }
        return FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "NEGATE(" + value + ")";
    }
}
