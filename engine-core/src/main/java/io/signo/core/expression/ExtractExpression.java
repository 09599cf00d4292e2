package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * EXTRACT(field FROM date or timestamp) and DATE_PART('field', ...): a BIGINT, but the EPOCH a DOUBLE
 * (seconds since 1970-01-01 with their fraction), as DuckDB types them. See {@link DateField}.
 */
public final class ExtractExpression
        implements Expression
{
    private static final long MICROS_PER_MINUTE = 60 * CivilTimestamp.MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;

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
        return field == DateField.EPOCH ? Type.DOUBLE : Type.BIGINT;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(date, page, positions, count, allocator);
        long[] values = input.values();
        boolean timestamp = date.type().kind() == TypeKind.TIMESTAMP;
        if (field == DateField.EPOCH) {
            double[] seconds = new double[count];
            double unit = timestamp ? CivilTimestamp.MICROS_PER_SECOND : 1.0 / 86_400;
            for (int i = 0; i < count; i++) {
                seconds[i] = values[i] / unit;
            }
            return FixedWidthVectors.fromDoubles(seconds, count, input.nulls(), allocator);
        }
        if (field.isTimeOfDay()) {
            if (timestamp) {
                extractFromTimeOfDay(values, count);
            }
            else {
                Arrays.fill(values, 0, count, 0L);
            }
        }
        else {
            if (timestamp) {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.days(values[i]);
                }
            }
            extractFromDays(values, count);
        }
        return FixedWidthVectors.fromLongs(Type.BIGINT, values, count, input.nulls(), allocator);
    }

    private void extractFromTimeOfDay(long[] values, int count)
    {
        switch (field) {
            case HOUR -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.microsOfDay(values[i]) / MICROS_PER_HOUR;
                }
            }
            case MINUTE -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.microsOfDay(values[i]) / MICROS_PER_MINUTE % 60;
                }
            }
            case SECOND -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.microsOfDay(values[i]) / CivilTimestamp.MICROS_PER_SECOND % 60;
                }
            }
            case MILLISECOND -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.microsOfDay(values[i]) % MICROS_PER_MINUTE / 1000;
                }
            }
            case MICROSECOND -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilTimestamp.microsOfDay(values[i]) % MICROS_PER_MINUTE;
                }
            }
            default -> throw new IllegalStateException("not a field of the time of day: " + field);
        }
    }

    private void extractFromDays(long[] values, int count)
    {
        switch (field) {
            case YEAR -> {
                for (int i = 0; i < count; i++) {
                    values[i] = year(values[i]);
                }
            }
            case ISO_YEAR -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.isoYear(values[i]);
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
            case WEEK -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.isoWeek(values[i]);
                }
            }
            case YEAR_WEEK -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.isoYear(values[i]) * 100L + CivilDate.isoWeek(values[i]);
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
            case ISO_DAY_OF_WEEK -> {
                for (int i = 0; i < count; i++) {
                    values[i] = CivilDate.isoDayOfWeek(values[i]);
                }
            }
            case DAY_OF_YEAR -> {
                for (int i = 0; i < count; i++) {
                    int days = (int) values[i];
                    values[i] = days - CivilDate.toDays(CivilDate.year(CivilDate.pack(days)), 1, 1) + 1;
                }
            }
            case DECADE -> {
                for (int i = 0; i < count; i++) {
                    values[i] = year(values[i]) / 10;
                }
            }
            case CENTURY -> {
                for (int i = 0; i < count; i++) {
                    values[i] = ordinal(year(values[i]), 100);
                }
            }
            case MILLENNIUM -> {
                for (int i = 0; i < count; i++) {
                    values[i] = ordinal(year(values[i]), 1000);
                }
            }
            default -> throw new IllegalStateException("not a field of a date: " + field);
        }
    }

    private static int year(long days)
    {
        return CivilDate.year(CivilDate.pack((int) days));
    }

    /** The century or millennium of a year: the first is years 1 to {@code span}, the one before it -1 (years 0 back to -span + 1). */
    private static long ordinal(int year, int span)
    {
        return year > 0 ? (year - 1) / span + 1 : -(-year / span + 1);
    }

    @Override
    public String toString()
    {
        return "EXTRACT(" + field + ", " + date + ")";
    }
}
