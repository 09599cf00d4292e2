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
 * A DATE or a TIMESTAMP plus a number of days, months or (on a TIMESTAMP) microseconds; a negative
 * amount subtracts. Adding months keeps the day of the month, clamped to the target month's last day
 * (2024-01-31 + 1 month = 2024-02-29), and a timestamp's time of day; a year is 12 months.
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

    private final Unit unit;
    private final Expression date;
    private final Expression amount;

    DateAddExpression(Unit unit, Expression date, Expression amount)
    {
        this.unit = requireNonNull(unit, "unit is null");
        this.date = requireNonNull(date, "date is null");
        this.amount = requireNonNull(amount, "amount is null");
        TypeKind kind = date.type().kind();
        if (kind != TypeKind.DATE && kind != TypeKind.TIMESTAMP || kind == TypeKind.DATE && unit == Unit.MICROSECOND) {
            throw new IllegalArgumentException("cannot add " + unit + "S to " + date.type());
        }
        TypeKind amountKind = amount.type().kind();
        if (amountKind != TypeKind.INTEGER && amountKind != TypeKind.BIGINT
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
            if (date.type().kind() == TypeKind.DATE) {
                addToDates(d, a, result, count);
            }
            else {
                addToTimestamps(d, a, result, count);
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

    private SignoException outOfRange()
    {
        return new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, date.type().kind() + " out of range");
    }

    @Override
    public String toString()
    {
        return "ADD_" + unit + "S(" + date + ", " + amount + ")";
    }
}
