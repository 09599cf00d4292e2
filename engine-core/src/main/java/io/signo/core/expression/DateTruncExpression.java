package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * DATE_TRUNC(unit, date or timestamp): the TIMESTAMP at the start of the unit the value falls in, a
 * DATE's too, as DuckDB types it. A week starts on Monday (ISO 8601); a decade, century and millennium
 * start at a year divisible by 10, 100 and 1000 (2000-01-01 for 2021), counted towards year 0.
 */
public final class DateTruncExpression
        implements Expression
{
    final DateField unit;
    final Expression value;

    DateTruncExpression(DateField unit, Expression value)
    {
        this.unit = requireNonNull(unit, "unit is null");
        this.value = requireNonNull(value, "value is null");
        if (value.type().kind() != TypeKind.DATE && value.type().kind() != TypeKind.TIMESTAMP) {
            throw new IllegalArgumentException("DATE_TRUNC needs a DATE or a TIMESTAMP, got " + value.type());
        }
        switch (unit) {
            case DAY_OF_WEEK, ISO_DAY_OF_WEEK, DAY_OF_YEAR, YEAR_WEEK, ISO_YEAR, EPOCH ->
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "DATE_TRUNC cannot truncate to the date part '" + unit.sqlName() + "'");
            default -> {
            }
        }
    }

    @Override
    public Type type()
    {
        return Type.TIMESTAMP;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        if (value.type().kind() == TypeKind.DATE) {
            for (int i = 0; i < count; i++) {
                values[i] = CivilTimestamp.ofDays((int) values[i]);
            }
        }
        switch (unit) {
            case MICROSECOND -> {
            }
            case MILLISECOND -> truncate(values, count, 1000);
            case SECOND -> truncate(values, count, CivilTimestamp.MICROS_PER_SECOND);
            case MINUTE -> truncate(values, count, 60 * CivilTimestamp.MICROS_PER_SECOND);
            case HOUR -> truncate(values, count, 3600 * CivilTimestamp.MICROS_PER_SECOND);
            case DAY -> truncate(values, count, CivilTimestamp.MICROS_PER_DAY);
            case WEEK -> {
                for (int i = 0; i < count; i++) {
                    int days = CivilTimestamp.days(values[i]);
                    values[i] = CivilTimestamp.ofDays(days - CivilDate.isoDayOfWeek(days) + 1);
                }
            }
            case MONTH, QUARTER -> {
                int monthsPerPeriod = unit == DateField.MONTH ? 1 : 3;
                for (int i = 0; i < count; i++) {
                    long packed = CivilDate.pack(CivilTimestamp.days(values[i]));
                    int month = (CivilDate.month(packed) - 1) / monthsPerPeriod * monthsPerPeriod + 1;
                    values[i] = CivilDate.toDays(CivilDate.year(packed), month, 1) * CivilTimestamp.MICROS_PER_DAY;
                }
            }
            default -> {
                int yearsPerPeriod = switch (unit) {
                    case YEAR -> 1;
                    case DECADE -> 10;
                    case CENTURY -> 100;
                    case MILLENNIUM -> 1000;
                    default -> throw new IllegalStateException("not a calendar period: " + unit);
                };
                for (int i = 0; i < count; i++) {
                    int year = CivilDate.year(CivilDate.pack(CivilTimestamp.days(values[i])));
                    values[i] = CivilDate.toDays(year / yearsPerPeriod * yearsPerPeriod, 1, 1) * CivilTimestamp.MICROS_PER_DAY;
                }
            }
        }
        return FixedWidthVectors.fromLongs(Type.TIMESTAMP, values, count, input.nulls(), allocator);
    }

    private static void truncate(long[] values, int count, long unitMicros)
    {
        for (int i = 0; i < count; i++) {
            values[i] = Math.floorDiv(values[i], unitMicros) * unitMicros;
        }
    }

    @Override
    public String toString()
    {
        return "DATE_TRUNC(" + unit + ", " + value + ")";
    }
}
