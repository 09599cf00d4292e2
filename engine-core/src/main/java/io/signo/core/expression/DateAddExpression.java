package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * A DATE, TIMESTAMP, TIMESTAMP WITH TIME ZONE or TIME plus a number of days, months or (but to a
 * DATE) microseconds; a negative amount subtracts. Adding months keeps the day of the month, clamped
 * to the target month's last day (2024-01-31 + 1 month = 2024-02-29), and a timestamp's time of day;
 * a year is 12 months. A TIMESTAMP WITH TIME ZONE moves on the calendar of its time zone: months and
 * the whole days of the microseconds move its wall-clock time there (a day across a change to summer
 * time is 23 hours long), the rest of the microseconds move the instant, as in DuckDB and PostgreSQL.
 * A TIME wraps around midnight; months leave it as it is (it has no date), as in DuckDB.
 */
public final class DateAddExpression
        implements Expression
{
    public enum Unit
    {
        DAY, MONTH, MICROSECOND
    }

    /** More months than any TIMESTAMP spans (about 292,000 years): the calendar arithmetic is not asked to overflow. */
    private static final long MAX_MONTHS = 12L * 300_000;

    final Unit unit;
    final Expression date;
    final Expression amount;
    /** The time zone of a TIMESTAMP WITH TIME ZONE; null for the other types. */
    final TimeZoneOffsets zone;

    DateAddExpression(Unit unit, Expression date, Expression amount, TimeZoneOffsets zone)
    {
        this.unit = requireNonNull(unit, "unit is null");
        this.date = requireNonNull(date, "date is null");
        this.amount = requireNonNull(amount, "amount is null");
        TypeKind kind = date.type().kind();
        boolean supported = switch (kind) {
            case DATE -> unit != Unit.MICROSECOND;
            case TIMESTAMP -> true;
            case TIMESTAMP_TZ -> unit != Unit.DAY && zone != null;
            case TIME -> unit != Unit.DAY;
            default -> false;
        };
        if (!supported) {
            throw new IllegalArgumentException("cannot add " + unit + "S to " + date.type() + (zone == null ? "" : " in " + zone));
        }
        this.zone = kind == TypeKind.TIMESTAMP_TZ ? zone : null;
        TypeKind amountKind = amount.type().kind();
        if (amountKind != TypeKind.INTEGER && amountKind != TypeKind.BIGINT && !amount.type().isInterval()
                && !(amountKind == TypeKind.DECIMAL && amount.type().scale() == 0)) {
            throw new IllegalArgumentException("date arithmetic needs an integer amount, got " + amount.type());
        }
    }

    @Override
    public Type type()
    {
        return date.type();
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues dates = LongValues.evaluate(date, page, positions, count, allocator);
        LongValues amounts = LongValues.evaluate(amount, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(dates.nulls(), amounts.nulls(), count, allocator);
        long[] d = dates.values();
        long[] a = amounts.values();
        long[] result = new long[count];
        try {
            switch (date.type().kind()) {
                case DATE -> addToDates(d, a, result, count);
                case TIMESTAMP_TZ -> addToInstants(d, a, result, count);
                case TIME -> {
                    long[] micros = unit == Unit.MONTH ? new long[count] : a;
                    for (int i = 0; i < count; i++) {
                        result[i] = Math.floorMod(d[i] + micros[i] % CivilTimestamp.MICROS_PER_DAY, CivilTimestamp.MICROS_PER_DAY);
                    }
                }
                default -> addToTimestamps(d, a, result, count);
            }
        }
        catch (ArithmeticException e) {
            throw outOfRange();
        }
        return FixedWidthVectors.fromLongs(date.type(), result, count, nulls, allocator);
    }

    private void addToDates(long[] d, long[] a, long[] result, int count)
    {
        if (unit == Unit.DAY) {
            for (int i = 0; i < count; i++) {
                result[i] = d[i] + a[i];
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                result[i] = CivilDate.addMonths((int) d[i], a[i]);
            }
        }
        for (int i = 0; i < count; i++) {
            if (result[i] != (int) result[i]) {
                throw outOfRange();
            }
        }
    }

    private void addToTimestamps(long[] d, long[] a, long[] result, int count)
    {
        switch (unit) {
            case MICROSECOND -> {
                for (int i = 0; i < count; i++) {
                    result[i] = Math.addExact(d[i], a[i]);
                }
            }
            case DAY -> {
                for (int i = 0; i < count; i++) {
                    result[i] = Math.addExact(d[i], Math.multiplyExact(a[i], CivilTimestamp.MICROS_PER_DAY));
                }
            }
            case MONTH -> {
                for (int i = 0; i < count; i++) {
                    if (Math.abs(a[i]) > MAX_MONTHS) {
                        throw outOfRange();
                    }
                    result[i] = CivilTimestamp.addMonths(d[i], a[i]);
                }
            }
        }
    }

    private void addToInstants(long[] d, long[] a, long[] result, int count)
    {
        if (unit == Unit.MONTH) {
            for (int i = 0; i < count; i++) {
                if (Math.abs(a[i]) > MAX_MONTHS) {
                    throw outOfRange();
                }
                result[i] = zone.toInstant(CivilTimestamp.addMonths(zone.toLocal(d[i]), a[i]));
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            long days = a[i] / CivilTimestamp.MICROS_PER_DAY;
            long rest = a[i] % CivilTimestamp.MICROS_PER_DAY;
            long instant = days == 0 ? d[i] : zone.toInstant(Math.addExact(zone.toLocal(d[i]), days * CivilTimestamp.MICROS_PER_DAY));
            result[i] = Math.addExact(instant, rest);
        }
    }

    private SignoException outOfRange()
    {
        return new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, date.type().kind() + " out of range");
    }

    @Override
    public String toString()
    {
        return "ADD_" + unit + "S(" + date + ", " + amount + (zone == null ? "" : ", " + zone) + ")";
    }
}
