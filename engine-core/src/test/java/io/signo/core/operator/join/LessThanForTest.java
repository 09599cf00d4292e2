package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

/** {@code column(left) < column(right)} over BIGINT or INTEGER columns, NULL when either side is NULL; a residual filter for tests. */
record LessThanForTest(int left, int right)
        implements Expression
{
    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector leftColumn = page.column(left);
        ColumnVector rightColumn = page.column(right);
        VectorBuilder builder = new VectorBuilder(Type.BOOLEAN, count, allocator);
        for (int i = 0; i < count; i++) {
            int position = positions == null ? i : positions[i];
            Object leftValue = leftColumn.getObject(position);
            Object rightValue = rightColumn.getObject(position);
            if (leftValue == null || rightValue == null) {
                builder.appendNull();
            }
            else {
                builder.appendBoolean(((Number) leftValue).longValue() < ((Number) rightValue).longValue());
            }
        }
        return builder.build();
    }
}
