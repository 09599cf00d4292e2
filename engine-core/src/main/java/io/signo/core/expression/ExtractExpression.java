package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** EXTRACT(field FROM date) as BIGINT. */
public final class ExtractExpression
        implements Expression
{
    private final DateField field;
    private final Expression date;

    ExtractExpression(DateField field, Expression date)
    {
        this.field = requireNonNull(field, "field is null");
        this.date = requireNonNull(date, "date is null");
        if (date.type().kind() != TypeKind.DATE) {
            throw new IllegalArgumentException("EXTRACT needs a DATE, got " + date.type());
        }
    }

    @Override
    public Type type()
    {
        return Type.BIGINT;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(date, page, positions, count, allocator);
        long[] values = input.values();
        switch (field) {
            case YEAR -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.year(CivilDate.pack((int) values[i]));
                }
            }
            case QUARTER -> {
                for (int i = 0; i < count; i++) {
                    values[i] = (CivilDate.month(CivilDate.pack((int) values[i])) - 1) / 3 + 1;
                }
            }
            case MONTH -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.month(CivilDate.pack((int) values[i]));
                }
            }
            case DAY -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.day(CivilDate.pack((int) values[i]));
                }
            }
            case DAY_OF_WEEK -> {
                // 1970-01-01 was a Thursday, day 4 when Sunday is 0
                for (int i = 0; i < count; i++) {
                    values[i] = Math.floorMod(values[i] + 4, 7);
                }
            }
            case DAY_OF_YEAR -> {
                for (int i = 0; i < count; i++) {
                    int days = (int) values[i];
                    values[i] = days - CivilDate.toDays(CivilDate.year(CivilDate.pack(days)), 1, 1) + 1;
                }
            }
        }
        return FixedWidthVectors.fromLongs(Type.BIGINT, values, count, input.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return "EXTRACT(" + field + ", " + date + ")";
    }
}
