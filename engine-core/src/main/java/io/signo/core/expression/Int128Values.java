package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * An operand of a long-DECIMAL kernel, evaluated once per vector: the unscaled values (at the
 * operand's own scale) widened to 128 bits in two parallel heap arrays, null slots zeroed, and the
 * null bitmap. Parallel arrays rather than the vector's interleaved words: a kernel's loops then
 * read and write plain arrays, one word per array per row. Short exact operands (INTEGER, BIGINT,
 * DECIMAL up to 18 digits) are sign-extended. The arrays are the caller's to change.
 */
record Int128Values(long[] high, long[] low, MemorySegment nulls)
{
    static Int128Values evaluate(Expression expression, Page page, int[] positions, int count, PageAllocator allocator)
    {
        Type type = expression.type();
        if (expression instanceof ConstantExpression constant) {
            long[] high = new long[count];
            long[] low = new long[count];
            if (constant.isNull()) {
                return new Int128Values(high, low, NullBitmap.allNull(count, allocator));
            }
            Arrays.fill(high, constant.int128High());
            Arrays.fill(low, constant.longValue());
            return new Int128Values(high, low, null);
        }
        if (expression instanceof LongDecimalArithmeticExpression arithmetic) {
            return arithmetic.evaluateInt128(page, positions, count, allocator);
        }
        if (!type.isLongDecimal()) {
            LongValues values = LongValues.evaluate(expression, page, positions, count, allocator);
            long[] low = Arrays.copyOf(values.values(), count);
            LongScratch.giveBack(values.values());
            long[] high = new long[count];
            for (int i = 0; i < count; i++) {
                high[i] = low[i] >> 63;
            }
            return new Int128Values(high, low, values.nulls());
        }
        long[] high = new long[count];
        long[] low = new long[count];
        if (expression instanceof InputReference input && positions != null) {
            ColumnVector column = page.column(input.channel());
            MemorySegment nulls = ColumnVector.selectNulls(column.nulls(), positions, count, allocator);
            FixedWidthVectors.readInt128(column, positions, count, high, low);
            zeroNulls(nulls, high, low, count);
            return new Int128Values(high, low, nulls);
        }
        ColumnVector vector = expression.evaluate(page, positions, count, allocator);
        FixedWidthVectors.readInt128(vector, null, count, high, low);
        zeroNulls(vector.nulls(), high, low, count);
        return new Int128Values(high, low, vector.nulls());
    }

    private static void zeroNulls(MemorySegment nulls, long[] high, long[] low, int count)
    {
        if (nulls != null) {
            for (int i = 0; i < count; i++) {
                if (NullBitmap.isNull(nulls, i)) {
                    high[i] = 0;
                    low[i] = 0;
                }
            }
        }
    }
}
