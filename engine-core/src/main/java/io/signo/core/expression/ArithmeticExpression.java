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
 * {@code left op right} over INTEGER, BIGINT, DECIMAL and DOUBLE operands in any mix, producing the
 * planner's result type. Exact results are computed on unscaled longs (integers are decimals of
 * scale 0), rounded HALF_UP to the result scale, and checked against the result's range; integer
 * results of a division truncate. DOUBLE results follow IEEE 754 (x / 0.0 is infinite, not an error).
 */
public final class ArithmeticExpression
        implements Expression
{
    final ArithmeticOperator operator;
    final Expression left;
    final Expression right;
    final Type type;
    final boolean doubleDomain;
    final int leftScale;
    final int rightScale;
    final int resultScale;

    ArithmeticExpression(ArithmeticOperator operator, Expression left, Expression right, Type type)
    {
        this.operator = requireNonNull(operator, "operator is null");
        this.left = requireNonNull(left, "left is null");
        this.right = requireNonNull(right, "right is null");
        this.type = requireNonNull(type, "type is null");
        checkNumeric(left.type());
        checkNumeric(right.type());
        checkNumeric(type);
        if ((left.type().isFloatingPoint() || right.type().isFloatingPoint()) && !type.isFloatingPoint()) {
            throw new IllegalArgumentException("arithmetic on DOUBLE or REAL must produce DOUBLE or REAL, not " + type);
        }
        this.doubleDomain = type.isFloatingPoint();
        this.leftScale = left.type().scale();
        this.rightScale = right.type().scale();
        this.resultScale = type.scale();
    }

    private static void checkNumeric(Type type)
    {
        if (!type.isNumeric()) {
            throw new IllegalArgumentException("arithmetic needs numeric types, got " + type);
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
        if (doubleDomain) {
            DoubleValues result = evaluateDoubles(page, positions, count, allocator);
            return FixedWidthVectors.fromDoubles(type, result.values(), count, result.nulls(), allocator);
        }
        LongValues result = evaluateLongs(page, positions, count, allocator);
        ColumnVector vector = FixedWidthVectors.fromLongs(type, result.values(), count, result.nulls(), allocator);
        LongScratch.giveBack(result.values());
        return vector;
    }

    @Override
    public ColumnVector evaluateScattered(Page page, int[] rows, int count, int size, PageAllocator allocator)
    {
        if (doubleDomain) {
            return Expression.super.evaluateScattered(page, rows, count, size, allocator);
        }
        LongValues result = evaluateLongs(page, rows, count, allocator);
        ColumnVector vector = FixedWidthVectors.fromLongsScattered(type, result.values(), count, result.nulls(), rows, size, allocator);
        LongScratch.giveBack(result.values());
        return vector;
    }

    ArithmeticOperator operator()
    {
        return operator;
    }

    Expression left()
    {
        return left;
    }

    Expression right()
    {
        return right;
    }

    boolean isDoubleDomain()
    {
        return doubleDomain;
    }

    /**
     * The exact-numeric result as heap longs, null slots zeroed: a parent kernel (the outer operation
     * of {@code price * (1 - discount) * (1 + tax)}, a comparison, a cast) reads it as it is, with
     * no native vector written and read back in between.
     */
    LongValues evaluateLongs(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if ((operator == ArithmeticOperator.ADD || operator == ArithmeticOperator.SUBTRACT) && count > 0
                && (left instanceof ConstantExpression) != (right instanceof ConstantExpression)) {
            ConstantExpression constant = (ConstantExpression) (left instanceof ConstantExpression ? left : right);
            if (!constant.isNull()) {
                return addConstant(page, positions, count, allocator, constant);
            }
        }
        LongValues leftValues = LongValues.evaluate(left, page, positions, count, allocator);
        LongValues rightValues = LongValues.evaluate(right, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(leftValues.nulls(), rightValues.nulls(), count, allocator);
        long[] result = computeLongs(leftValues.values(), rightValues.values(), nulls, count);
        // the operand arrays the result did not overwrite are no longer read
        if (result != leftValues.values()) {
            LongScratch.giveBack(leftValues.values());
        }
        if (result != rightValues.values()) {
            LongScratch.giveBack(rightValues.values());
        }
        return checkedResult(result, nulls, count);
    }

    /** The result after its range check, with null slots zeroed as {@link LongValues} promises. */
    private LongValues checkedResult(long[] values, MemorySegment nulls, int count)
    {
        checkRange(values, count);
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    values[i] = 0;
                }
            }
        }
        return new LongValues(values, nulls);
    }

    /**
     * {@code column ± constant} or {@code constant ± column} (Q1's {@code 1 - l_discount}): the constant is
     * rescaled once and added to the column's values in place, where the general path fills and
     * rescales an array of copies of it for every vector. Same operations, same overflow errors.
     */
    private LongValues addConstant(Page page, int[] positions, int count, PageAllocator allocator, ConstantExpression constant)
    {
        boolean constantOnLeft = constant == left;
        LongValues column = LongValues.evaluate(constantOnLeft ? right : left, page, positions, count, allocator);
        long[] values = column.values();
        MemorySegment nulls = column.nulls();
        int commonScale = Math.max(leftScale, rightScale);
        try {
            long scaled = Decimals.rescale(constant.longValue(), constantOnLeft ? leftScale : rightScale, commonScale);
            rescaleInPlace(values, count, constantOnLeft ? rightScale : leftScale, commonScale);
            if (operator == ArithmeticOperator.ADD) {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.addExact(values[i], scaled);
                }
            }
            else if (constantOnLeft) {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.subtractExact(scaled, values[i]);
                }
            }
            else {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.subtractExact(values[i], scaled);
                }
            }
            rescaleInPlace(values, count, commonScale, resultScale);
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        return checkedResult(values, nulls, count);
    }

    /** {@link #evaluateLongs} for DOUBLE arithmetic. */
    DoubleValues evaluateDoubles(Page page, int[] positions, int count, PageAllocator allocator)
    {
        DoubleValues leftValues = DoubleValues.evaluate(left, page, positions, count, allocator);
        DoubleValues rightValues = DoubleValues.evaluate(right, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(leftValues.nulls(), rightValues.nulls(), count, allocator);
        double[] result = computeDoubles(leftValues.values(), rightValues.values(), count);
        if (type.kind() == TypeKind.REAL) {
            // a float operation's result is its exact result rounded once to float: so is the double one's, rounded again
            for (int i = 0; i < count; i++) {
                result[i] = (float) result[i];
            }
        }
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    result[i] = 0;
                }
            }
        }
        return new DoubleValues(result, nulls);
    }

    private double[] computeDoubles(double[] l, double[] r, int count)
    {
        double[] result = new double[count];
        switch (operator) {
            case ADD -> {
                for (int i = 0; i < count; i++) {
                    result[i] = l[i] + r[i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < count; i++) {
                    result[i] = l[i] - r[i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < count; i++) {
                    result[i] = l[i] * r[i];
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < count; i++) {
                    result[i] = l[i] / r[i];
                }
            }
            case MODULUS -> {
                for (int i = 0; i < count; i++) {
                    result[i] = l[i] % r[i];
                }
            }
        }
        return result;
    }

    private long[] computeLongs(long[] l, long[] r, MemorySegment nulls, int count)
    {
        try {
            return switch (operator) {
                case ADD, SUBTRACT -> addOrSubtract(l, r, count, operator == ArithmeticOperator.SUBTRACT);
                case MULTIPLY -> multiply(l, r, count);
                case DIVIDE -> divide(l, r, nulls, count);
                case MODULUS -> modulus(l, r, nulls, count);
            };
        }
        catch (ArithmeticException e) {
            // Math's exact arithmetic: the Decimals helpers throw coded errors themselves
            throw overflow();
        }
    }

    private long[] addOrSubtract(long[] l, long[] r, int count, boolean subtract)
    {
        int commonScale = Math.max(leftScale, rightScale);
        rescaleInPlace(l, count, leftScale, commonScale);
        rescaleInPlace(r, count, rightScale, commonScale);
        // the operands are this evaluation's own arrays: the result overwrites the left one
        long[] result = l;
        if (subtract) {
            for (int i = 0; i < count; i++) {
                result[i] = Math.subtractExact(l[i], r[i]);
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                result[i] = Math.addExact(l[i], r[i]);
            }
        }
        rescaleInPlace(result, count, commonScale, resultScale);
        return result;
    }

    private long[] multiply(long[] l, long[] r, int count)
    {
        long[] result = l;
        int productScale = leftScale + rightScale;
        if (productScale == resultScale) {
            for (int i = 0; i < count; i++) {
                result[i] = Math.multiplyExact(l[i], r[i]);
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                result[i] = Decimals.multiply(l[i], r[i], productScale, resultScale);
            }
        }
        return result;
    }

    private long[] divide(long[] l, long[] r, MemorySegment nulls, int count)
    {
        long[] result = new long[count];
        boolean truncate = type.kind() != TypeKind.DECIMAL;
        if (truncate && leftScale == 0 && rightScale == 0) {
            for (int i = 0; i < count; i++) {
                if (nulls != null && NullBitmap.isNull(nulls, i)) {
                    continue;
                }
                long divisor = r[i];
                if (divisor == 0) {
                    throw Decimals.divisionByZero();
                }
                if (divisor == -1 && l[i] == Long.MIN_VALUE) {
                    throw overflow();
                }
                result[i] = l[i] / divisor;
            }
            return result;
        }
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                continue;
            }
            result[i] = Decimals.divide(l[i], leftScale, r[i], rightScale, resultScale);
        }
        return result;
    }

    private long[] modulus(long[] l, long[] r, MemorySegment nulls, int count)
    {
        int commonScale = Math.max(leftScale, rightScale);
        rescaleInPlace(l, count, leftScale, commonScale);
        rescaleInPlace(r, count, rightScale, commonScale);
        long[] result = new long[count];
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                continue;
            }
            long divisor = r[i];
            if (divisor == 0) {
                throw Decimals.divisionByZero();
            }
            // x % -1 is 0; Java gets that right even for Long.MIN_VALUE
            result[i] = l[i] % divisor;
        }
        rescaleInPlace(result, count, commonScale, resultScale);
        return result;
    }

    private static void rescaleInPlace(long[] values, int count, int fromScale, int toScale)
    {
        if (fromScale == toScale) {
            return;
        }
        for (int i = 0; i < count; i++) {
            values[i] = Decimals.rescale(values[i], fromScale, toScale);
        }
    }

    private void checkRange(long[] result, int count)
    {
        switch (type.kind()) {
            case DECIMAL -> Decimals.checkPrecision(result, count, type.precision());
            case INTEGER -> {
                for (int i = 0; i < count; i++) {
                    if (result[i] != (int) result[i]) {
                        throw overflow();
                    }
                }
            }
            default -> {
            }
        }
    }

    private SignoException overflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, type.kind() == TypeKind.DECIMAL ? Decimals.OVERFLOW : type + " overflow");
    }

    @Override
    public String toString()
    {
        return operator + "(" + left + ", " + right + "):" + type;
    }
}
