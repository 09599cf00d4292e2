package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** LAST_DAY(date or timestamp): the DATE of the last day of its month. */
public final class LastDayExpression
        implements Expression
{
    final Expression value;

    LastDayExpression(Expression value)
    {
        this.value = requireNonNull(value, "value is null");
        if (value.type().kind() != TypeKind.DATE && value.type().kind() != TypeKind.TIMESTAMP) {
            throw new IllegalArgumentException("LAST_DAY needs a DATE or a TIMESTAMP, got " + value.type());
        }
    }

    @Override
    public Type type()
    {
        return Type.DATE;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        if (value.type().kind() == TypeKind.TIMESTAMP) {
            for (int i = 0; i < count; i++) {
                values[i] = CivilTimestamp.days(values[i]);
            }
        }
        for (int i = 0; i < count; i++) {
            long packed = CivilDate.pack((int) values[i]);
            int year = CivilDate.year(packed);
            int month = CivilDate.month(packed);
            values[i] = CivilDate.toDays(year, month, CivilDate.daysInMonth(year, month));
        }
        return FixedWidthVectors.fromLongs(Type.DATE, values, count, input.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "LAST_DAY(" + value + ")";
    }
}
