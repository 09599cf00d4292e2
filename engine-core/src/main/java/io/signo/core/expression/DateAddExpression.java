package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * A DATE plus a number of days or months (negative subtracts). Adding months keeps the day of the
 * month, clamped to the target month's last day (2024-01-31 + 1 month = 2024-02-29); a year is 12 months.
 */
public final class DateAddExpression
        implements Expression
{
    public enum Unit
    {
        DAY, MONTH
    }

    private final Unit unit;
    private final Expression date;
    private final Expression amount;

    DateAddExpression(Unit unit, Expression date, Expression amount)
    {
        this.unit = requireNonNull(unit, "unit is null");
        this.date = requireNonNull(date, "date is null");
        this.amount = requireNonNull(amount, "amount is null");
        if (date.type().kind() != TypeKind.DATE) {
            throw new IllegalArgumentException("date arithmetic needs a DATE, got " + date.type());
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
        return Type.DATE;
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
                throw new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, "DATE out of range");
            }
        }
        return FixedWidthVectors.fromLongs(Type.DATE, result, count, nulls, allocator);
    }

    @Override
    public String toString()
    {
        return "ADD_" + unit + "S(" + date + ", " + amount + ")";
    }
}
