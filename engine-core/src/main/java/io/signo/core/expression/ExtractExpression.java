package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/** EXTRACT(field FROM date or timestamp) as BIGINT. */
public final class ExtractExpression
        implements Expression
{
    private final DateField field;
    private final Expression date;

    ExtractExpression(DateField field, Expression date)
    {
        this.field = requireNonNull(field, "field is null");
        this.date = requireNonNull(date, "date is null");
        if (date.type().kind() != TypeKind.DATE && date.type().kind() != TypeKind.TIMESTAMP) {
            throw new IllegalArgumentException("EXTRACT needs a DATE or a TIMESTAMP, got " + date.type());
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
        boolean timestamp = date.type().kind() == TypeKind.TIMESTAMP;
        switch (field) {
            case HOUR, MINUTE, SECOND -> {
                long unit = switch (field) {
                    case HOUR -> 3600 * CivilTimestamp.MICROS_PER_SECOND;
                    case MINUTE -> 60 * CivilTimestamp.MICROS_PER_SECOND;
                    default -> CivilTimestamp.MICROS_PER_SECOND;
                };
                long modulus = field == DateField.HOUR ? 24 : 60;
                for (int i = 0; i < count; i++) {
                    values[i] = timestamp ? CivilTimestamp.microsOfDay(values[i]) / unit % modulus : 0;
                }
            }
            default -> {
                if (timestamp) {
                    for (int i = 0; i < count; i++) {
                        values[i] = CivilTimestamp.days(values[i]);
                    }
                }
                extractFromDays(values, count);
            }
        }
        return FixedWidthVectors.fromLongs(Type.BIGINT, values, count, input.nulls(), allocator);
    }

    private void extractFromDays(long[] values, int count)
    {
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
            default -> throw new IllegalStateException("not a field of a date: " + field);
        }
    }

    @Override
    public String toString()
    {
        return "EXTRACT(" + field + ", " + date + ")";
    }
}
