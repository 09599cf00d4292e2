package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** SIGN of a number as an INTEGER: -1, 0 or 1, as DuckDB gives it (0 for NaN and for -0.0). */
public final class SignExpression
        implements Expression
{
    final Expression value;

    SignExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isNumeric()) {
            throw new IllegalArgumentException("SIGN of " + value.type());
        }
    }

    @Override
    public Type type()
    {
        return Type.INTEGER;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (value.type().isFloatingPoint()) {
            DoubleValues input = DoubleValues.evaluate(value, page, positions, count, allocator);
            double[] values = input.values();
            long[] signs = LongScratch.take(count);
            for (int i = 0; i < count; i++) {
                double v = values[i];
                signs[i] = v > 0 ? 1 : v < 0 ? -1 : 0;
            }
            ColumnVector vector = FixedWidthVectors.fromLongs(Type.INTEGER, signs, count, input.nulls(), allocator);
            LongScratch.giveBack(signs);
            return vector;
        }
        if (value.type().isLongDecimal()) {
            Int128Values input = Int128Values.evaluate(value, page, positions, count, allocator);
            long[] signs = input.low();
            long[] high = input.high();
            for (int i = 0; i < count; i++) {
                signs[i] = Int128Math.signum(high[i], signs[i]);
            }
            return FixedWidthVectors.fromLongs(Type.INTEGER, signs, count, input.nulls(), allocator);
        }
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        for (int i = 0; i < count; i++) {
            values[i] = Long.signum(values[i]);
        }
        ColumnVector vector = FixedWidthVectors.fromLongs(Type.INTEGER, values, count, input.nulls(), allocator);
        LongScratch.giveBack(values);
        return vector;
    }

    @Override
    public String toString()
    {
        return "SIGN(" + value + ")";
    }
}
