package io.signo.core.expression;

import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

import static java.util.Objects.requireNonNull;

/**
 * {@code left op right} where an operand or the result is a long DECIMAL (19 to 38 digits): both
 * operands are widened to 128-bit unscaled values ({@link Int128Values}) and computed exactly in 128
 * bits ({@link Int128Math}), rounded HALF_UP to the result scale and checked against the result's
 * precision, as {@link ArithmeticExpression} does in 64 bits for short decimals, which it leaves
 * untouched. A remainder or product whose intermediate leaves 128 bits although its result fits
 * (a scale capped at 38, operands rescaled to a common scale) is computed in BigInteger.
 */
final class LongDecimalArithmeticExpression
        implements Expression
{
    final ArithmeticOperator operator;
    final Expression left;
    final Expression right;
    final Type type;
    final int leftScale;
    final int rightScale;
    final int resultScale;

    LongDecimalArithmeticExpression(ArithmeticOperator operator, Expression left, Expression right, Type type)
    {
        this.operator = requireNonNull(operator, "operator is null");
        this.left = requireNonNull(left, "left is null");
        this.right = requireNonNull(right, "right is null");
        this.type = requireNonNull(type, "type is null");
        for (Type operand : new Type[] {left.type(), right.type()}) {
            if (!operand.isNumeric() || operand.isFloatingPoint()) {
                throw new IllegalArgumentException("long DECIMAL arithmetic needs exact numeric operands, got " + operand);
            }
        }
        if (type.kind() != TypeKind.DECIMAL) {
            throw new IllegalArgumentException("long DECIMAL arithmetic produces a DECIMAL, not " + type);
        }
        this.leftScale = left.type().scale();
        this.rightScale = right.type().scale();
        this.resultScale = type.scale();
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Int128Values result = evaluateInt128(page, positions, count, allocator);
        if (type.isLongDecimal()) {
            return FixedWidthVectors.fromInt128(type, result.high(), result.low(), count, result.nulls(), allocator);
        }
        // a short result passed its precision check, so it fits a long
        return FixedWidthVectors.fromLongs(type, result.low(), count, result.nulls(), allocator);
    }

    /** The result as 128-bit values at the result scale, checked against the result's precision, null slots zeroed. */
    Int128Values evaluateInt128(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Int128Values leftValues = Int128Values.evaluate(left, page, positions, count, allocator);
        Int128Values rightValues = Int128Values.evaluate(right, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(leftValues.nulls(), rightValues.nulls(), count, allocator);
        long[] high = leftValues.high();
        long[] low = leftValues.low();
        long[] rightHigh = rightValues.high();
        long[] rightLow = rightValues.low();
        long[] scratch = new long[4];
        try {
            switch (operator) {
                case ADD, SUBTRACT -> addOrSubtract(high, low, rightHigh, rightLow, count, scratch);
                case MULTIPLY -> multiply(high, low, rightHigh, rightLow, count, scratch);
                case DIVIDE -> divide(high, low, rightHigh, rightLow, nulls, count, scratch);
                case MODULUS -> modulus(high, low, rightHigh, rightLow, nulls, count, scratch);
            }
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                high[i] = 0;
                low[i] = 0;
            }
            else if (!Int128Math.fitsPrecision(high[i], low[i], type.precision())) {
                throw overflow();
            }
        }
        return new Int128Values(high, low, nulls);
    }

    private void addOrSubtract(long[] high, long[] low, long[] rightHigh, long[] rightLow, int count, long[] scratch)
    {
        int commonScale = Math.max(leftScale, rightScale);
        rescaleInPlace(high, low, count, leftScale, commonScale, scratch);
        rescaleInPlace(rightHigh, rightLow, count, rightScale, commonScale, scratch);
        boolean subtract = operator == ArithmeticOperator.SUBTRACT;
        for (int i = 0; i < count; i++) {
            if (subtract) {
                Int128Math.subtract(high[i], low[i], rightHigh[i], rightLow[i], scratch);
            }
            else {
                Int128Math.add(high[i], low[i], rightHigh[i], rightLow[i], scratch);
            }
            high[i] = scratch[0];
            low[i] = scratch[1];
        }
        rescaleInPlace(high, low, count, commonScale, resultScale, scratch);
    }

    private void multiply(long[] high, long[] low, long[] rightHigh, long[] rightLow, int count, long[] scratch)
    {
        int productScale = leftScale + rightScale;
        for (int i = 0; i < count; i++) {
            try {
                Int128Math.multiply(high[i], low[i], rightHigh[i], rightLow[i], scratch);
                Int128Math.rescale(scratch[0], scratch[1], productScale, resultScale, scratch);
            }
            catch (ArithmeticException e) {
                if (productScale <= resultScale) {
                    throw e;
                }
                // a product past 128 bits whose capped scale drops digits: exact in BigInteger
                BigInteger product = Int128Math.toBigInteger(high[i], low[i]).multiply(Int128Math.toBigInteger(rightHigh[i], rightLow[i]));
                Int128Math.fromBigInteger(new java.math.BigDecimal(product, productScale).setScale(resultScale, java.math.RoundingMode.HALF_UP).unscaledValue(), scratch);
            }
            high[i] = scratch[0];
            low[i] = scratch[1];
        }
    }

    private void divide(long[] high, long[] low, long[] rightHigh, long[] rightLow, MemorySegment nulls, int count, long[] scratch)
    {
        // result = left * 10^shift / right
        int shift = resultScale - leftScale + rightScale;
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                continue;
            }
            if ((rightHigh[i] | rightLow[i]) == 0) {
                throw Decimals.divisionByZero();
            }
            Int128Math.divideScaled(high[i], low[i], shift, rightHigh[i], rightLow[i], scratch);
            high[i] = scratch[0];
            low[i] = scratch[1];
        }
    }

    private void modulus(long[] high, long[] low, long[] rightHigh, long[] rightLow, MemorySegment nulls, int count, long[] scratch)
    {
        int commonScale = Math.max(leftScale, rightScale);
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                continue;
            }
            if ((rightHigh[i] | rightLow[i]) == 0) {
                throw Decimals.divisionByZero();
            }
            try {
                Int128Math.rescale(rightHigh[i], rightLow[i], rightScale, commonScale, scratch);
                long divisorHigh = scratch[0];
                long divisorLow = scratch[1];
                Int128Math.rescale(high[i], low[i], leftScale, commonScale, scratch);
                Int128Math.divideTruncating(scratch[0], scratch[1], divisorHigh, divisorLow, scratch);
                Int128Math.rescale(scratch[2], scratch[3], commonScale, resultScale, scratch);
            }
            catch (ArithmeticException e) {
                // an operand raised to the common scale leaves 128 bits: the remainder is exact in BigInteger
                BigInteger dividend = Int128Math.toBigInteger(high[i], low[i]).multiply(BigInteger.TEN.pow(commonScale - leftScale));
                BigInteger divisor = Int128Math.toBigInteger(rightHigh[i], rightLow[i]).multiply(BigInteger.TEN.pow(commonScale - rightScale));
                Int128Math.fromBigInteger(new java.math.BigDecimal(dividend.remainder(divisor), commonScale).setScale(resultScale, java.math.RoundingMode.HALF_UP).unscaledValue(), scratch);
            }
            high[i] = scratch[0];
            low[i] = scratch[1];
        }
    }

    private static void rescaleInPlace(long[] high, long[] low, int count, int fromScale, int toScale, long[] scratch)
    {
        if (fromScale == toScale) {
            return;
        }
        for (int i = 0; i < count; i++) {
            Int128Math.rescale(high[i], low[i], fromScale, toScale, scratch);
            high[i] = scratch[0];
            low[i] = scratch[1];
        }
    }

    private SignoException overflow()
    {
        return Decimals.overflow();
    }

    @Override
    public String toString()
    {
        return operator + "(" + left + ", " + right + "):" + type;
    }
}
