package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** ABS of an INTEGER, BIGINT, DECIMAL or DOUBLE; the smallest INTEGER and BIGINT have none in their type, an overflow. */
public final class AbsoluteValueExpression
        implements Expression
{
    private final Expression value;

    AbsoluteValueExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isNumeric()) {
            throw new IllegalArgumentException("ABS of " + value.type());
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
                values[i] = Math.abs(values[i]);
            }
            return FixedWidthVectors.fromDoubles(values, count, input.nulls(), allocator);
        }
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        long smallest = type.kind() == TypeKind.INTEGER ? Integer.MIN_VALUE : Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            // a NULL's slot holds 0, so it passes
            if (values[i] == smallest) {
                throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, type.kind() == TypeKind.DECIMAL ? Decimals.OVERFLOW : type + " overflow: ABS(" + smallest + ")");
            }
            values[i] = Math.abs(values[i]);
        }
        return FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "ABS(" + value + ")";
    }
}
