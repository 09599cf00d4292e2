package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * {@code left op right} with type promotion: exact numerics (and DATE, BOOLEAN, times and intervals) compare as longs at
 * a common decimal scale, anything against DOUBLE as doubles, strings byte-wise (UTF-8 byte order
 * equals code point order) without decoding; when either side is CHAR, trailing spaces are ignored.
 * Doubles order as {@link DoubleOrder} says (NaN equal to itself and above every number).
 * NULL when either side is NULL, except for the DISTINCT forms, which are never NULL.
 */
public final class ComparisonExpression
        implements Expression
{
    private enum Domain
    {
        LONG, INT128, DOUBLE, STRING
    }

    private static final java.lang.foreign.ValueLayout.OfLong WORD = java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

    final ComparisonOperator operator;
    final Expression left;
    final Expression right;
    final Domain domain;
    final int commonScale;
    final boolean ignoreTrailingSpaces;

    ComparisonExpression(ComparisonOperator operator, Expression left, Expression right)
    {
        this.operator = requireNonNull(operator, "operator is null");
        this.left = requireNonNull(left, "left is null");
        this.right = requireNonNull(right, "right is null");
        Type leftType = left.type();
        Type rightType = right.type();
        if (leftType.isString() && rightType.isString()) {
            domain = Domain.STRING;
        }
        else if (leftType.isNumeric() && rightType.isNumeric()) {
            domain = leftType.isFloatingPoint() || rightType.isFloatingPoint()
                    ? Domain.DOUBLE
                    : leftType.isLongDecimal() || rightType.isLongDecimal() ? Domain.INT128 : Domain.LONG;
        }
        else if (leftType.kind() == rightType.kind() && (leftType.kind() == TypeKind.DATE || leftType.kind() == TypeKind.TIMESTAMP || leftType.kind() == TypeKind.BOOLEAN
                || leftType.isTimeOrInterval())) {
            domain = Domain.LONG;
        }
        else {
            throw new IllegalArgumentException("cannot compare " + leftType + " with " + rightType);
        }
        this.commonScale = Math.max(leftType.scale(), rightType.scale());
        this.ignoreTrailingSpaces = leftType.kind() == TypeKind.CHAR || rightType.kind() == TypeKind.CHAR;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    ComparisonOperator operator()
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

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (domain == Domain.STRING) {
            Expression operand = right instanceof ConstantExpression ? left : left instanceof ConstantExpression ? right : null;
            if (operand != null && DictionaryPredicate.applies(operand, page, count)) {
                return DictionaryPredicate.evaluate(this, operand, page, positions, count, allocator);
            }
        }
        byte[] result = new byte[count];
        MemorySegment leftNulls;
        MemorySegment rightNulls;
        switch (domain) {
            case LONG -> {
                LongValues leftValues = LongValues.evaluate(left, page, positions, count, allocator);
                LongValues rightValues = LongValues.evaluate(right, page, positions, count, allocator);
                long[] l = rescale(leftValues.values(), left.type().scale(), count);
                long[] r = rescale(rightValues.values(), right.type().scale(), count);
                compareLongs(l, r, result, count);
                LongScratch.giveBack(leftValues.values());
                LongScratch.giveBack(rightValues.values());
                leftNulls = leftValues.nulls();
                rightNulls = rightValues.nulls();
            }
            case INT128 -> {
                MemorySegment[] columnNulls = compareInt128ColumnWithConstant(page, positions, count, allocator, result);
                if (columnNulls != null) {
                    leftNulls = columnNulls[0];
                    rightNulls = columnNulls[1];
                    break;
                }
                Int128Values leftValues = Int128Values.evaluate(left, page, positions, count, allocator);
                Int128Values rightValues = Int128Values.evaluate(right, page, positions, count, allocator);
                long[] scratch = new long[2];
                rescaleSaturated(leftValues, left.type().scale(), count, scratch);
                rescaleSaturated(rightValues, right.type().scale(), count, scratch);
                compareInt128(leftValues, rightValues, result, count);
                leftNulls = leftValues.nulls();
                rightNulls = rightValues.nulls();
            }
            case DOUBLE -> {
                DoubleValues leftValues = DoubleValues.evaluate(left, page, positions, count, allocator);
                DoubleValues rightValues = DoubleValues.evaluate(right, page, positions, count, allocator);
                compareDoubles(leftValues.values(), rightValues.values(), result, count);
                leftNulls = leftValues.nulls();
                rightNulls = rightValues.nulls();
            }
            case STRING -> {
                MemorySegment[] nulls = compareStrings(page, positions, count, allocator, result);
                leftNulls = nulls[0];
                rightNulls = nulls[1];
            }
            default -> throw new IllegalStateException("unreachable");
        }
        if (operator == ComparisonOperator.IS_DISTINCT_FROM || operator == ComparisonOperator.IS_NOT_DISTINCT_FROM) {
            if (leftNulls != null || rightNulls != null) {
                byte whenBothNull = (byte) (operator == ComparisonOperator.IS_NOT_DISTINCT_FROM ? 1 : 0);
                for (int i = 0; i < count; i++) {
                    boolean leftNull = leftNulls != null && NullBitmap.isNull(leftNulls, i);
                    boolean rightNull = rightNulls != null && NullBitmap.isNull(rightNulls, i);
                    if (leftNull || rightNull) {
                        result[i] = leftNull && rightNull ? whenBothNull : (byte) (1 - whenBothNull);
                    }
                }
            }
            return FixedWidthVectors.fromBooleans(result, count, null, allocator);
        }
        return FixedWidthVectors.fromBooleans(result, count, NullBitmap.union(leftNulls, rightNulls, count, allocator), allocator);
    }

    private long[] rescale(long[] values, int scale, int count)
    {
        if (scale != commonScale) {
            for (int i = 0; i < count; i++) {
                values[i] = Decimals.rescaleSaturated(values[i], scale, commonScale);
            }
        }
        return values;
    }

    /**
     * {@code column op constant} (either way round) over a long DECIMAL column at the common scale
     * (Q18's {@code HAVING sum(l_quantity) > 300}): read straight from the column's words against the
     * constant raised once, with no heap copies. Fills {@code result} and returns the two operands'
     * null bitmaps, or returns null when the operands are of another shape.
     */
    private MemorySegment[] compareInt128ColumnWithConstant(Page page, int[] positions, int count, PageAllocator allocator, byte[] result)
    {
        boolean columnOnLeft = left instanceof InputReference && right instanceof ConstantExpression;
        if (!columnOnLeft && !(right instanceof InputReference && left instanceof ConstantExpression)) {
            return null;
        }
        InputReference column = (InputReference) (columnOnLeft ? left : right);
        ConstantExpression constant = (ConstantExpression) (columnOnLeft ? right : left);
        if (!column.type().isLongDecimal() || column.type().scale() != commonScale || constant.isNull()) {
            return null;
        }
        long[] bound = new long[2];
        Int128Values scaled = new Int128Values(new long[] {constant.int128High()}, new long[] {constant.longValue()}, null);
        rescaleSaturated(scaled, constant.type().scale(), 1, bound);
        long constantHigh = scaled.high()[0];
        long constantLow = scaled.low()[0];
        ComparisonOperator test = columnOnLeft ? operator : operator.flip();
        ColumnVector vector = page.column(column.channel());
        MemorySegment values = vector.values();
        for (int i = 0; i < count; i++) {
            long index = 2L * (positions == null ? i : positions[i]);
            int comparison = Int128Math.compare(values.getAtIndex(WORD, index + 1), values.getAtIndex(WORD, index), constantHigh, constantLow);
            result[i] = (byte) (test.test(comparison) ? 1 : 0);
        }
        MemorySegment columnNulls = ColumnVector.selectNulls(vector.nulls(), positions, count, allocator);
        return columnOnLeft ? new MemorySegment[] {columnNulls, null} : new MemorySegment[] {null, columnNulls};
    }

    /**
     * Raises 128-bit values to the common scale; one that leaves 128 bits becomes the largest or
     * smallest 128-bit value, beyond every DECIMAL of 38 digits, which keeps the order.
     */
    private void rescaleSaturated(Int128Values values, int scale, int count, long[] scratch)
    {
        if (scale == commonScale) {
            return;
        }
        long[] high = values.high();
        long[] low = values.low();
        for (int i = 0; i < count; i++) {
            try {
                Int128Math.multiplyByPowerOfTen(high[i], low[i], commonScale - scale, scratch);
                high[i] = scratch[0];
                low[i] = scratch[1];
            }
            catch (ArithmeticException e) {
                boolean negative = high[i] < 0;
                high[i] = negative ? Long.MIN_VALUE : Long.MAX_VALUE;
                low[i] = negative ? 0 : -1;
            }
        }
    }

    private void compareInt128(Int128Values leftValues, Int128Values rightValues, byte[] result, int count)
    {
        long[] leftHigh = leftValues.high();
        long[] leftLow = leftValues.low();
        long[] rightHigh = rightValues.high();
        long[] rightLow = rightValues.low();
        for (int i = 0; i < count; i++) {
            result[i] = (byte) (operator.test(Int128Math.compare(leftHigh[i], leftLow[i], rightHigh[i], rightLow[i])) ? 1 : 0);
        }
    }

    private void compareLongs(long[] l, long[] r, byte[] result, int count)
    {
        switch (operator) {
            case EQUAL, IS_NOT_DISTINCT_FROM -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] == r[i] ? 1 : 0);
                }
            }
            case NOT_EQUAL, IS_DISTINCT_FROM -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] != r[i] ? 1 : 0);
                }
            }
            case LESS_THAN -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] < r[i] ? 1 : 0);
                }
            }
            case LESS_THAN_OR_EQUAL -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] <= r[i] ? 1 : 0);
                }
            }
            case GREATER_THAN -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] > r[i] ? 1 : 0);
                }
            }
            case GREATER_THAN_OR_EQUAL -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (l[i] >= r[i] ? 1 : 0);
                }
            }
        }
    }

    /** Compares as {@link DoubleOrder}: NaN equals NaN and is above every other value, -0.0 equals 0.0. */
    private void compareDoubles(double[] l, double[] r, byte[] result, int count)
    {
        switch (operator) {
            case EQUAL, IS_NOT_DISTINCT_FROM -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.equal(l[i], r[i]) ? 1 : 0);
                }
            }
            case NOT_EQUAL, IS_DISTINCT_FROM -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.equal(l[i], r[i]) ? 0 : 1);
                }
            }
            case LESS_THAN -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.lessThan(l[i], r[i]) ? 1 : 0);
                }
            }
            case LESS_THAN_OR_EQUAL -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.lessThanOrEqual(l[i], r[i]) ? 1 : 0);
                }
            }
            case GREATER_THAN -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.lessThan(r[i], l[i]) ? 1 : 0);
                }
            }
            case GREATER_THAN_OR_EQUAL -> {
                for (int i = 0; i < count; i++) {
                    result[i] = (byte) (DoubleOrder.lessThanOrEqual(r[i], l[i]) ? 1 : 0);
                }
            }
        }
    }

    /** Fills {@code result} and returns the two operands' null bitmaps. */
    private MemorySegment[] compareStrings(Page page, int[] positions, int count, PageAllocator allocator, byte[] result)
    {
        if (right instanceof ConstantExpression constant && !(left instanceof ConstantExpression)) {
            StringOperand strings = StringOperand.evaluate(left, page, positions, count, allocator);
            compareWithConstant(strings, constant, operator, result, count);
            return new MemorySegment[] {strings.nulls(), constantNulls(constant, count, allocator)};
        }
        if (left instanceof ConstantExpression constant && !(right instanceof ConstantExpression)) {
            StringOperand strings = StringOperand.evaluate(right, page, positions, count, allocator);
            compareWithConstant(strings, constant, operator.flip(), result, count);
            return new MemorySegment[] {constantNulls(constant, count, allocator), strings.nulls()};
        }
        StringOperand leftStrings = StringOperand.evaluate(left, page, positions, count, allocator);
        StringOperand rightStrings = StringOperand.evaluate(right, page, positions, count, allocator);
        MemorySegment leftBytes = leftStrings.bytes();
        MemorySegment rightBytes = rightStrings.bytes();
        for (int i = 0; i < count; i++) {
            int leftStart = leftStrings.start(i);
            int leftLength = leftStrings.end(i) - leftStart;
            int rightStart = rightStrings.start(i);
            int rightLength = rightStrings.end(i) - rightStart;
            if (ignoreTrailingSpaces) {
                leftLength = StringBytes.lengthWithoutTrailingSpaces(leftBytes, leftStart, leftLength);
                rightLength = StringBytes.lengthWithoutTrailingSpaces(rightBytes, rightStart, rightLength);
            }
            result[i] = (byte) (operator.test(StringBytes.compare(leftBytes, leftStart, leftLength, rightBytes, rightStart, rightLength)) ? 1 : 0);
        }
        return new MemorySegment[] {leftStrings.nulls(), rightStrings.nulls()};
    }

    private void compareWithConstant(StringOperand strings, ConstantExpression constant, ComparisonOperator operator, byte[] result, int count)
    {
        if (constant.isNull()) {
            return;
        }
        MemorySegment bytes = strings.bytes();
        MemorySegment constantBytes = constant.bytes();
        int constantLength = (int) constantBytes.byteSize();
        if (ignoreTrailingSpaces) {
            constantLength = StringBytes.lengthWithoutTrailingSpaces(constantBytes, 0, constantLength);
        }
        if (operator == ComparisonOperator.EQUAL || operator == ComparisonOperator.IS_NOT_DISTINCT_FROM
                || operator == ComparisonOperator.NOT_EQUAL || operator == ComparisonOperator.IS_DISTINCT_FROM) {
            byte whenEqual = (byte) (operator == ComparisonOperator.EQUAL || operator == ComparisonOperator.IS_NOT_DISTINCT_FROM ? 1 : 0);
            for (int i = 0; i < count; i++) {
                int start = strings.start(i);
                int length = strings.end(i) - start;
                if (ignoreTrailingSpaces) {
                    length = StringBytes.lengthWithoutTrailingSpaces(bytes, start, length);
                }
                boolean equal = length == constantLength && StringBytes.equal(bytes, start, constantBytes, 0, length);
                result[i] = equal ? whenEqual : (byte) (1 - whenEqual);
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            int start = strings.start(i);
            int length = strings.end(i) - start;
            if (ignoreTrailingSpaces) {
                length = StringBytes.lengthWithoutTrailingSpaces(bytes, start, length);
            }
            result[i] = (byte) (operator.test(StringBytes.compare(bytes, start, length, constantBytes, 0, constantLength)) ? 1 : 0);
        }
    }

    private static MemorySegment constantNulls(ConstantExpression constant, int count, PageAllocator allocator)
    {
        return constant.isNull() ? NullBitmap.allNull(count, allocator) : null;
    }

    @Override
    public String toString()
    {
        return operator + "(" + left + ", " + right + ")";
    }
}
