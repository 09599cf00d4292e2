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

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * EXTRACT(field FROM value) and DATE_PART('field', value) of a DATE, TIMESTAMP, TIME or INTERVAL: a
 * BIGINT, but the EPOCH a DOUBLE (seconds since 1970-01-01, since midnight or in the interval, with
 * their fraction), as DuckDB types them. See {@link DateField}. A TIME has the fields of the time of
 * day only. An interval's fields are DuckDB's: a year-month interval's YEAR and MONTH are its whole
 * years and the months beyond them (QUARTER, DECADE, CENTURY and MILLENNIUM follow from those), a
 * day-time interval's DAY its whole days and HOUR to MICROSECOND the rest as a time of day, each
 * with the interval's sign; its EPOCH counts a year as 365.25 days and a month as 30. Of a
 * TIMESTAMP WITH TIME ZONE only the EPOCH is read here: the planner extracts the other fields from its
 * wall-clock time in the session's zone.
 */
public final class ExtractExpression
        implements Expression
{
    private static final long MICROS_PER_MINUTE = 60 * CivilTimestamp.MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
    private static final Set<DateField> INTERVAL_FIELDS = EnumSet.of(DateField.MILLENNIUM, DateField.CENTURY, DateField.DECADE, DateField.YEAR, DateField.QUARTER,
            DateField.MONTH, DateField.DAY, DateField.HOUR, DateField.MINUTE, DateField.SECOND, DateField.MILLISECOND, DateField.MICROSECOND, DateField.EPOCH);
    /** The seconds DuckDB counts in a year (365.25 days) and in a month (30 days) for an interval's EPOCH. */
    private static final double SECONDS_PER_YEAR = 365.25 * 86_400;
    private static final double SECONDS_PER_MONTH = 30.0 * 86_400;

    final DateField field;
    final Expression date;

    ExtractExpression(DateField field, Expression date)
    {
        this.field = requireNonNull(field, "field is null");
        this.date = requireNonNull(date, "date is null");
        TypeKind kind = date.type().kind();
        if (kind == TypeKind.TIMESTAMP_TZ && field != DateField.EPOCH) {
            throw new IllegalArgumentException("EXTRACT(" + field + ") of a TIMESTAMP WITH TIME ZONE needs its wall-clock time");
        }
        if (kind == TypeKind.TIME && !field.isTimeOfDay() && field != DateField.EPOCH
                || date.type().isInterval() && !INTERVAL_FIELDS.contains(field)) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "EXTRACT(" + field.sqlName() + ") of " + (date.type().isInterval() ? "an INTERVAL" : "a TIME")
                    + " is not supported: it has no " + field.sqlName());
        }
        if (kind != TypeKind.DATE && kind != TypeKind.TIMESTAMP && !date.type().isTimeOrInterval()) {
            throw new IllegalArgumentException("EXTRACT needs a DATE, TIMESTAMP, TIME or INTERVAL, got " + date.type());
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
        TypeKind kind = date.type().kind();
        boolean timestamp = kind != TypeKind.DATE;
        if (field == DateField.EPOCH) {
            double[] seconds = new double[count];
            if (kind == TypeKind.INTERVAL_YEAR_MONTH) {
                for (int i = 0; i < count; i++) {
                    seconds[i] = values[i] / 12 * SECONDS_PER_YEAR + values[i] % 12 * SECONDS_PER_MONTH;
                }
            }
            else {
                double unit = timestamp ? CivilTimestamp.MICROS_PER_SECOND : 1.0 / 86_400;
                for (int i = 0; i < count; i++) {
                    seconds[i] = values[i] / unit;
                }
            }
            return FixedWidthVectors.fromDoubles(seconds, count, input.nulls(), allocator);
        }
        if (kind == TypeKind.INTERVAL_YEAR_MONTH) {
            extractFromMonths(values, count);
        }
        else if (kind == TypeKind.INTERVAL_DAY_TIME) {
            extractFromMicros(values, count);
        }
        else if (field.isTimeOfDay()) {
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

    /** A year-month interval's field; the fields of days and times are 0. */
    private void extractFromMonths(long[] values, int count)
    {
        for (int i = 0; i < count; i++) {
            long months = values[i];
            values[i] = switch (field) {
                case YEAR -> months / 12;
                case MONTH -> months % 12;
                case QUARTER -> months % 12 / 3 + 1;
                case DECADE -> months / 12 / 10;
                case CENTURY -> months / 12 / 100;
                case MILLENNIUM -> months / 12 / 1000;
                default -> 0;
            };
        }
    }

    /**
     * A day-time interval's field: whole days, then the rest as a time of day, each with the
     * interval's sign; an interval without a day field has no days, and all its hours.
     */
    private void extractFromMicros(long[] values, int count)
    {
        long day = date.type().precision() == 0 ? CivilTimestamp.MICROS_PER_DAY : Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            long micros = values[i];
            long rest = micros % day;
            values[i] = switch (field) {
                case DAY -> micros / day;
                case HOUR -> rest / MICROS_PER_HOUR;
                case MINUTE -> rest / MICROS_PER_MINUTE % 60;
                case SECOND -> rest / CivilTimestamp.MICROS_PER_SECOND % 60;
                case MILLISECOND -> rest % MICROS_PER_MINUTE / 1000;
                case MICROSECOND -> rest % MICROS_PER_MINUTE;
                case QUARTER -> 1;
                default -> 0;
            };
        }
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
