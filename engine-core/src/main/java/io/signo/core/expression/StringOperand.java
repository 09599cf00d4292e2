package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A VARCHAR or CHAR operand of a string kernel, evaluated once per vector. A column operand under a
 * selection is read in place through the selected rows: a filter term such as {@code o_comment NOT
 * LIKE '%special%requests%'} tests the selected comments where they lie instead of first copying them
 * into a vector of their own. Value {@code i} is that of row {@code rows[i]} (row {@code i} when
 * {@code rows} is null); {@code nulls} is compacted to the values, as kernels' results are.
 */
record StringOperand(MemorySegment bytes, MemorySegment offsets, int[] rows, MemorySegment nulls)
{
    static StringOperand evaluate(Expression expression, Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (expression instanceof InputReference input && positions != null) {
            ColumnVector column = page.column(input.channel());
            return new StringOperand(column.values(), column.offsets(), positions, ColumnVector.selectNulls(column.nulls(), positions, count, allocator));
        }
        ColumnVector vector = expression.evaluate(page, positions, count, allocator);
        return new StringOperand(vector.values(), vector.offsets(), null, vector.nulls());
    }

    /** Byte offset of value {@code i} in {@link #bytes}. */
    int start(int i)
    {
        return offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows == null ? i : rows[i]);
    }

    /** Byte offset just past value {@code i}. */
    int end(int i)
    {
        return offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, (rows == null ? i : rows[i]) + 1);
    }
}
