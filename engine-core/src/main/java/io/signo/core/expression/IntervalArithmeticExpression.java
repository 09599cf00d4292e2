package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * Arithmetic on intervals: the sum or difference of two intervals of one kind, an interval times a
 * number (on either side) and an interval divided by a number. A day-time interval (microseconds)
 * takes any number, the result rounded to the microsecond (divided by an integer, truncated toward
 * zero); a year-month interval (months) is multiplied by integers only, as a fraction of a month
 * has no year-month value. Overflow fails with NUMERIC_OVERFLOW, a division by zero with
 * DIVISION_BY_ZERO.
 */
public final class IntervalArithmeticExpression
        implements Expression
{
    final ArithmeticOperator operator;
    final Expression interval;
    final Expression other;
    /** Whether the interval is the left operand (it is for every operator but a number times an interval). */
    final boolean intervalLeft;
    final Type type;
    /** Whether a MULTIPLY or DIVIDE operand is an integer, so that the arithmetic stays exact. */
    final boolean integerFactor;

    IntervalArithmeticExpression(ArithmeticOperator operator, Expression left, Expression right, Type type)
    {
        this.operator = requireNonNull(operator, "operator is null");
        requireNonNull(left, "left is null");
        requireNonNull(right, "right is null");
        this.intervalLeft = left.type().isInterval();
        this.interval = intervalLeft ? left : right;
        this.other = intervalLeft ? right : left;
        this.type = requireNonNull(type, "type is null");
        Type otherType = other.type();
        this.integerFactor = otherType.kind() == TypeKind.INTEGER || otherType.kind() == TypeKind.BIGINT
                || otherType.kind() == TypeKind.DECIMAL && otherType.scale() == 0;
        boolean valid = switch (operator) {
            case ADD, SUBTRACT -> intervalLeft && otherType.kind() == interval.type().kind();
            case MULTIPLY -> interval.type().isInterval() && otherType.isNumeric();
            case DIVIDE -> intervalLeft && otherType.isNumeric();
            default -> false;
        };
        if (!valid || type.kind() != interval.type().kind()) {
            throw new IllegalArgumentException("no interval arithmetic " + left.type() + " " + operator + " " + right.type() + " giving " + type);
        }
        if (interval.type().kind() == TypeKind.INTERVAL_YEAR_MONTH && (operator == ArithmeticOperator.DIVIDE || operator == ArithmeticOperator.MULTIPLY && !integerFactor)) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a year-month INTERVAL " + (operator == ArithmeticOperator.DIVIDE ? "divided by" : "times")
                    + " a " + otherType + ", whose result may be a fraction of a month (a day-time INTERVAL takes it)");
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
        LongValues intervals = LongValues.evaluate(interval, page, positions, count, allocator);
        long[] values = intervals.values();
        long[] result = new long[count];
        MemorySegment nulls;
        try {
            if (operator == ArithmeticOperator.ADD || operator == ArithmeticOperator.SUBTRACT || integerFactor) {
                LongValues others = LongValues.evaluate(other, page, positions, count, allocator);
                nulls = NullBitmap.union(intervals.nulls(), others.nulls(), count, allocator);
                long[] operand = others.values();
                switch (operator) {
                    case ADD -> {
                        for (int i = 0; i < count; i++) {
                            result[i] = Math.addExact(values[i], operand[i]);
                        }
                    }
                    case SUBTRACT -> {
                        for (int i = 0; i < count; i++) {
                            result[i] = Math.subtractExact(values[i], operand[i]);
                        }
                    }
                    case MULTIPLY -> {
                        for (int i = 0; i < count; i++) {
                            result[i] = Math.multiplyExact(values[i], operand[i]);
                        }
                    }
                    default -> divide(values, operand, result, count, nulls);
                }
                LongScratch.giveBack(operand);
            }
            else {
                DoubleValues others = DoubleValues.evaluate(other, page, positions, count, allocator);
                nulls = NullBitmap.union(intervals.nulls(), others.nulls(), count, allocator);
                double[] operand = others.values();
                for (int i = 0; i < count; i++) {
                    if (operator == ArithmeticOperator.DIVIDE && operand[i] == 0 && (nulls == null || !NullBitmap.isNull(nulls, i))) {
                        throw Decimals.divisionByZero();
                    }
                    double product = operator == ArithmeticOperator.MULTIPLY ? values[i] * operand[i] : values[i] / operand[i];
                    if (!(Math.abs(product) < 0x1p63)) {
                        if (nulls != null && NullBitmap.isNull(nulls, i)) {
                            continue;
                        }
                        throw overflow();
                    }
                    result[i] = Math.round(product);
                }
            }
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        LongScratch.giveBack(values);
        return FixedWidthVectors.fromLongs(type, result, count, nulls, allocator);
    }

    private static void divide(long[] values, long[] divisors, long[] result, int count, MemorySegment nulls)
    {
        for (int i = 0; i < count; i++) {
            if (divisors[i] == 0) {
                if (nulls != null && NullBitmap.isNull(nulls, i)) {
                    continue;
                }
                throw Decimals.divisionByZero();
            }
            result[i] = values[i] / divisors[i];
        }
    }

    private SignoException overflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, "INTERVAL out of range");
    }

    @Override
    public String toString()
    {
        return operator + "(" + (intervalLeft ? interval + ", " + other : other + ", " + interval) + ")";
    }
}
