package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * Unary minus or ABS of an INTEGER, BIGINT, DECIMAL or DOUBLE. Both change the sign of a value (ABS
 * of the negative ones only), so both overflow on the smallest INTEGER and BIGINT, whose negation
 * their type does not hold.
 */
public final class UnaryArithmeticExpression
        implements Expression
{
    public enum Operator
    {
        NEGATE,
        ABS
    }

    final Operator operator;
    final Expression value;

    UnaryArithmeticExpression(Operator operator, Expression value)
    {
        this.operator = requireNonNull(operator, "operator is null");
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isNumeric()) {
            throw new IllegalArgumentException(operator + " of " + value.type());
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
        boolean abs = operator == Operator.ABS;
        if (type.isFloatingPoint()) {
            DoubleValues input = DoubleValues.evaluate(value, page, positions, count, allocator);
            double[] values = input.values();
            for (int i = 0; i < count; i++) {
                values[i] = abs ? Math.abs(values[i]) : -values[i];
            }
            return FixedWidthVectors.fromDoubles(type, values, count, input.nulls(), allocator);
        }
        if (type.isLongDecimal()) {
            // a DECIMAL's values lie within 10^38 of zero: negating one never leaves 128 bits
            Int128Values input = Int128Values.evaluate(value, page, positions, count, allocator);
            long[] high = input.high();
            long[] low = input.low();
            for (int i = 0; i < count; i++) {
                if (!abs || high[i] < 0) {
                    high[i] = Int128Math.negateHigh(high[i], low[i]);
                    low[i] = -low[i];
                }
            }
            return FixedWidthVectors.fromInt128(type, high, low, count, input.nulls(), allocator);
        }
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        long smallest = type.kind() == TypeKind.INTEGER ? Integer.MIN_VALUE : Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            // a NULL's slot holds 0, so it passes
            if (values[i] == smallest) {
                throw overflow(type, smallest);
            }
            values[i] = abs ? Math.abs(values[i]) : -values[i];
        }
        return FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
    }

    private SignoException overflow(Type type, long smallest)
    {
        if (type.kind() == TypeKind.DECIMAL) {
            return new SignoException(ErrorCode.NUMERIC_OVERFLOW, Decimals.OVERFLOW);
        }
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, operator == Operator.ABS ? type + " overflow: ABS(" + smallest + ")" : type + " overflow");
    }

    @Override
    public String toString()
    {
        return operator + "(" + value + ")";
    }
}
