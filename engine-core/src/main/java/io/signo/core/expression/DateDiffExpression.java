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

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * DATE_DIFF(unit, start, end) as DuckDB counts it, a BIGINT: the number of unit boundaries from
 * {@code start} to {@code end} (negative when {@code end} is earlier), so that from 23:59 to 00:01
 * the next day is one day and from 2020-12-31 to 2021-01-01 one year. Weeks are whole weeks of
 * days (7 days are one week, 6 none), decades, centuries and millennia the difference of
 * {@code year / 10}, {@code / 100} and {@code / 1000}; EPOCH counts seconds. A DATE is its midnight.
 */
public final class DateDiffExpression
        implements Expression
{
    final DateField unit;
    final Expression start;
    final Expression end;

    DateDiffExpression(DateField unit, Expression start, Expression end)
    {
        this.unit = requireNonNull(unit, "unit is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        for (Expression operand : new Expression[] {start, end}) {
            if (operand.type().kind() != TypeKind.DATE && operand.type().kind() != TypeKind.TIMESTAMP) {
                throw new IllegalArgumentException("DATE_DIFF needs DATE or TIMESTAMP values, got " + operand.type());
            }
        }
        if (unit == DateField.YEAR_WEEK) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "DATE_DIFF cannot count the date part '" + unit.sqlName() + "'");
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
        LongValues starts = LongValues.evaluate(start, page, positions, count, allocator);
        long[] from = starts.values();
        LongValues ends = LongValues.evaluate(end, page, positions, count, allocator);
        long[] to = ends.values();
        MemorySegment nulls = NullBitmap.union(starts.nulls(), ends.nulls(), count, allocator);
        boolean timeUnit = unit.isTimeOfDay() || unit == DateField.EPOCH;
        normalize(from, start.type(), timeUnit, count);
        normalize(to, end.type(), timeUnit, count);
        switch (unit) {
            case HOUR -> boundaries(from, to, count, 3600 * CivilTimestamp.MICROS_PER_SECOND);
            case MINUTE -> boundaries(from, to, count, 60 * CivilTimestamp.MICROS_PER_SECOND);
            case SECOND, EPOCH -> boundaries(from, to, count, CivilTimestamp.MICROS_PER_SECOND);
            case MILLISECOND -> boundaries(from, to, count, 1000);
            case MICROSECOND -> {
                try {
                    for (int i = 0; i < count; i++) {
                        to[i] = Math.subtractExact(to[i], from[i]);
                    }
                }
                catch (ArithmeticException e) {
                    throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "DATE_DIFF in microseconds out of range for BIGINT");
                }
            }
            case DAY, DAY_OF_WEEK, ISO_DAY_OF_WEEK, DAY_OF_YEAR -> {
                for (int i = 0; i < count; i++) {
                    to[i] -= from[i];
                }
            }
            case WEEK -> {
                for (int i = 0; i < count; i++) {
                    to[i] = (to[i] - from[i]) / 7;
                }
            }
            case MONTH, QUARTER -> {
                int monthsPerPeriod = unit == DateField.MONTH ? 1 : 3;
                for (int i = 0; i < count; i++) {
                    to[i] = Math.floorDiv(monthIndex(to[i]), monthsPerPeriod) - Math.floorDiv(monthIndex(from[i]), monthsPerPeriod);
                }
            }
            case ISO_YEAR -> {
                for (int i = 0; i < count; i++) {
                    to[i] = CivilDate.isoYear(to[i]) - CivilDate.isoYear(from[i]);
                }
            }
            default -> {
                int yearsPerPeriod = switch (unit) {
                    case YEAR -> 1;
                    case DECADE -> 10;
                    case CENTURY -> 100;
                    case MILLENNIUM -> 1000;
                    default -> throw new IllegalStateException("not a unit of DATE_DIFF: " + unit);
                };
                for (int i = 0; i < count; i++) {
                    to[i] = year(to[i]) / yearsPerPeriod - year(from[i]) / yearsPerPeriod;
                }
            }
        }
        LongScratch.giveBack(from);
        return FixedWidthVectors.fromLongs(Type.BIGINT, to, count, nulls, allocator);
    }

    /** Makes the values microseconds for a unit of time, else days. */
    private static void normalize(long[] values, Type type, boolean timeUnit, int count)
    {
        boolean timestamp = type.kind() == TypeKind.TIMESTAMP;
        if (timeUnit && !timestamp) {
            for (int i = 0; i < count; i++) {
                values[i] = CivilTimestamp.ofDays((int) values[i]);
            }
        }
        else if (!timeUnit && timestamp) {
            for (int i = 0; i < count; i++) {
                values[i] = CivilTimestamp.days(values[i]);
            }
        }
    }

    private static void boundaries(long[] from, long[] to, int count, long unitMicros)
    {
        for (int i = 0; i < count; i++) {
            to[i] = Math.floorDiv(to[i], unitMicros) - Math.floorDiv(from[i], unitMicros);
        }
    }

    /** Months since year 0 (negative before it) of a day. */
    private static long monthIndex(long days)
    {
        long packed = CivilDate.pack((int) days);
        return CivilDate.year(packed) * 12L + CivilDate.month(packed) - 1;
    }

    private static int year(long days)
    {
        return CivilDate.year(CivilDate.pack((int) days));
    }

    @Override
    public String toString()
    {
        return "DATE_DIFF(" + unit + ", " + start + ", " + end + ")";
    }
}
