package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * An operand of an exact-numeric kernel, evaluated once per vector: values widened to longs (null
 * slots zeroed) and the null bitmap. A constant operand is filled, never materialized off heap; a
 * column operand under a selection is gathered straight from the input column, and a nested
 * exact arithmetic operand hands over its heap result. The array is the caller's to change, and
 * comes from the thread's {@link LongScratch}: a caller done with it may give it back there.
 */
record LongValues(long[] values, MemorySegment nulls)
{
    static LongValues evaluate(Expression expression, Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (expression instanceof ConstantExpression constant) {
            long[] values = LongScratch.take(count);
            if (constant.isNull()) {
                Arrays.fill(values, 0, count, 0L);
                return new LongValues(values, NullBitmap.allNull(count, allocator));
            }
            Arrays.fill(values, 0, count, constant.longValue());
            return new LongValues(values, null);
        }
        if (expression instanceof ArithmeticExpression arithmetic && !arithmetic.isDoubleDomain()) {
            return arithmetic.evaluateLongs(page, positions, count, allocator);
        }
        if (expression instanceof InputReference input && positions != null) {
            ColumnVector column = page.column(input.channel());
            MemorySegment nulls = ColumnVector.selectNulls(column.nulls(), positions, count, allocator);
            return new LongValues(FixedWidthVectors.readLongs(column, positions, count, nulls, LongScratch.take(count)), nulls);
        }
        ColumnVector vector = expression.evaluate(page, positions, count, allocator);
        return new LongValues(FixedWidthVectors.readLongs(vector, count, LongScratch.take(count)), vector.nulls());
    }
}
