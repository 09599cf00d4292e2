package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/** MAKE_DATE(year, month, day): the DATE of three integers; a day the calendar lacks is a DATETIME_OUT_OF_RANGE error naming it. */
public final class MakeDateExpression
        implements Expression
{
    /** The years a DATE holds comfortably (its days fit an int far beyond them). */
    private static final long MAX_YEAR = 5_000_000;

    final Expression year;
    final Expression month;
    final Expression day;

    MakeDateExpression(Expression year, Expression month, Expression day)
    {
        this.year = requireNonNull(year, "year is null");
        this.month = requireNonNull(month, "month is null");
        this.day = requireNonNull(day, "day is null");
        for (Expression part : new Expression[] {year, month, day}) {
            if (!part.type().isNumeric() || part.type().isFloatingPoint() || part.type().scale() != 0) {
                throw new IllegalArgumentException("MAKE_DATE needs integers, got " + part.type());
            }
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
        LongValues years = LongValues.evaluate(year, page, positions, count, allocator);
        LongValues months = LongValues.evaluate(month, page, positions, count, allocator);
        LongValues days = LongValues.evaluate(day, page, positions, count, allocator);
        MemorySegment nulls = NullBitmap.union(NullBitmap.union(years.nulls(), months.nulls(), count, allocator), days.nulls(), count, allocator);
        long[] y = years.values();
        long[] m = months.values();
        long[] d = days.values();
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                d[i] = 0;
                continue;
            }
            if (Math.abs(y[i]) > MAX_YEAR || m[i] < 1 || m[i] > 12 || d[i] < 1 || d[i] > CivilDate.daysInMonth(y[i], (int) m[i])) {
                throw new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, "Date out of range: " + y[i] + "-" + m[i] + "-" + d[i]);
            }
            d[i] = CivilDate.toDays(y[i], (int) m[i], (int) d[i]);
        }
        LongScratch.giveBack(y);
        LongScratch.giveBack(m);
        return FixedWidthVectors.fromLongs(Type.DATE, d, count, nulls, allocator);
    }

    @Override
    public String toString()
    {
        return "MAKE_DATE(" + year + ", " + month + ", " + day + ")";
    }
}
