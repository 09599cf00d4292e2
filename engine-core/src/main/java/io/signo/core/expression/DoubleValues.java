package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/** An operand of a DOUBLE kernel: any numeric input converted to doubles once per vector, plus its nulls. */
record DoubleValues(double[] values, MemorySegment nulls)
{
    static DoubleValues evaluate(Expression expression, Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (expression instanceof ConstantExpression constant) {
            double[] values = new double[count];
            if (constant.isNull()) {
                return new DoubleValues(values, NullBitmap.allNull(count, allocator));
            }
            Arrays.fill(values, constant.doubleValue());
            return new DoubleValues(values, null);
        }
        if (expression instanceof ArithmeticExpression arithmetic && arithmetic.isDoubleDomain()) {
            return arithmetic.evaluateDoubles(page, positions, count, allocator);
        }
        if (expression instanceof InputReference input && positions != null) {
            ColumnVector column = page.column(input.channel());
            MemorySegment nulls = ColumnVector.selectNulls(column.nulls(), positions, count, allocator);
            return new DoubleValues(FixedWidthVectors.readDoubles(column, positions, count, nulls), nulls);
        }
        ColumnVector vector = expression.evaluate(page, positions, count, allocator);
        return new DoubleValues(FixedWidthVectors.readDoubles(vector, count), vector.nulls());
    }
}
