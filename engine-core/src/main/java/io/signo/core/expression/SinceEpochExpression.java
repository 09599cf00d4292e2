package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * The time since 1970-01-01 00:00:00 of a DATE, TIMESTAMP or TIMESTAMP WITH TIME ZONE as a day-time
 * interval: the planner writes {@code a - b} of two timestamps as the difference of theirs. A
 * timestamp's vector is the interval's as it is, relabeled without a copy.
 */
final class SinceEpochExpression
        implements Expression
{
    final Expression value;

    SinceEpochExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        TypeKind kind = value.type().kind();
        if (kind != TypeKind.DATE && kind != TypeKind.TIMESTAMP && kind != TypeKind.TIMESTAMP_TZ) {
            throw new IllegalArgumentException("no time since the epoch of " + value.type());
        }
    }

    @Override
    public Type type()
    {
        return Type.INTERVAL_DAY_TIME;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (value.type().kind() == TypeKind.DATE) {
            LongValues days = LongValues.evaluate(value, page, positions, count, allocator);
            long[] micros = days.values();
            for (int i = 0; i < count; i++) {
                micros[i] = CivilTimestamp.ofDays((int) micros[i]);
            }
            ColumnVector result = FixedWidthVectors.fromLongs(Type.INTERVAL_DAY_TIME, micros, count, days.nulls(), allocator);
            LongScratch.giveBack(micros);
            return result;
        }
        ColumnVector timestamps = value.evaluate(page, positions, count, allocator);
        return new ColumnVector(Type.INTERVAL_DAY_TIME, count, timestamps.values(), null, timestamps.nulls());
    }

    @Override
    public String toString()
    {
        return "SINCE_EPOCH(" + value + ")";
    }
}
