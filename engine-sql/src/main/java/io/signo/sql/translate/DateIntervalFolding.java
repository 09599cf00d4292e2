package io.signo.sql.translate;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.OptionalInt;

import static java.util.Objects.requireNonNull;

/**
 * What {@code DATE ± INTERVAL} does to a date, read from Calcite's expressions. Calcite leaves this
 * arithmetic unfolded on literals (TPC-H writes most of its date ranges as
 * {@code DATE '1994-01-01' + INTERVAL '1' YEAR}); the planner's constant folding, the selectivity
 * estimate, scan pruning and the translation to kernels read it here, so that they agree on the date
 * and on when it cannot be known while planning.
 *
 * <p>A year-month interval moves a DATE by whole months (Calcite holds it in months); a day-time
 * interval by whole days (Calcite holds it in milliseconds, and a part of a day moves no DATE); a NULL
 * interval makes it NULL. The validator writes {@code date ± n} as {@code n * INTERVAL '1' DAY}: n days,
 * with n computed per row.
 */
public final class DateIntervalFolding
{
    private static final long MILLIS_PER_DAY = 86_400_000L;

    /** The days since 1970-01-01 of 0001-01-01 and 9999-12-31, the dates a Calcite DATE literal can hold. */
    private static final long FIRST_LITERAL_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    private static final long LAST_LITERAL_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private DateIntervalFolding() {}

    /** How an interval added to a DATE moves it; subtracting it moves the date the other way. */
    public sealed interface Shift
            permits ToNull, Months, Days, DaysPerRow, PartOfDay, PerRow {}

    /** A NULL interval: the date becomes NULL. */
    public record ToNull()
            implements Shift {}

    public record Months(long count)
            implements Shift {}

    public record Days(long count)
            implements Shift {}

    /** {@code n * INTERVAL '1' DAY}: {@code count} days, an integer expression computed per row. */
    public record DaysPerRow(RexNode count)
            implements Shift {}

    /** A day-time literal that is not a whole number of days: no DATE moves by it. */
    public record PartOfDay()
            implements Shift {}

    /** Any other interval (or a literal past a long): only its computation per row says how far it moves a date. */
    public record PerRow()
            implements Shift {}

    /** How {@code interval}, an operand of interval type, moves a DATE it is added to. */
    public static Shift shift(RexNode interval)
    {
        if (interval instanceof RexLiteral literal) {
            if (literal.isNull()) {
                return new ToNull();
            }
            BigDecimal amount = requireNonNull(literal.getValueAs(BigDecimal.class), "interval literal has no value");
            long value;
            try {
                value = amount.longValueExact();
            }
            catch (ArithmeticException e) {
                return new PerRow();
            }
            if (isYearMonth(interval)) {
                return new Months(value);
            }
            return value % MILLIS_PER_DAY == 0 ? new Days(value / MILLIS_PER_DAY) : new PartOfDay();
        }
        RexNode count = timesOneDay(interval);
        return count == null ? new PerRow() : new DaysPerRow(count);
    }

    /**
     * The days since 1970-01-01 of a constant {@code DATE ± INTERVAL} ({@code INTERVAL + DATE} too),
     * folded inside out, so {@code DATE '1994-01-01' + INTERVAL '1' YEAR - INTERVAL '1' DAY} is one date.
     * Empty when it is not such a constant, when an operand is NULL (the rows compute the NULL), when
     * the interval is a part of a day, or when the date lies outside the years 1 to 9999 a DATE literal
     * holds (Signo's DATE may hold it; the rows compute it, or fail on it).
     */
    public static OptionalInt foldedDays(RexNode expression)
    {
        if (expression instanceof RexLiteral literal) {
            if (literal.getType().getSqlTypeName() != SqlTypeName.DATE || literal.isNull()) {
                return OptionalInt.empty();
            }
            return OptionalInt.of(requireNonNull(literal.getValueAs(DateString.class), "date literal has no value").getDaysSinceEpoch());
        }
        if (!(expression instanceof RexCall call) || (call.getKind() != SqlKind.PLUS && call.getKind() != SqlKind.MINUS)
                || call.getType().getSqlTypeName() != SqlTypeName.DATE || call.getOperands().size() != 2) {
            return OptionalInt.empty();
        }
        RexNode date = call.getOperands().get(0);
        RexNode interval = call.getOperands().get(1);
        boolean subtract = call.getKind() == SqlKind.MINUS;
        if (!subtract && isInterval(date)) {
            date = call.getOperands().get(1);
            interval = call.getOperands().get(0);
        }
        if (!(interval instanceof RexLiteral) || !isInterval(interval)) {
            return OptionalInt.empty();
        }
        OptionalInt start = foldedDays(date);
        if (start.isEmpty()) {
            return OptionalInt.empty();
        }
        return moved(start.getAsInt(), shift(interval), subtract);
    }

    private static OptionalInt moved(int days, Shift shift, boolean subtract)
    {
        LocalDate start = LocalDate.ofEpochDay(days);
        LocalDate result;
        try {
            result = switch (shift) {
                case Months months -> start.plusMonths(subtract ? Math.negateExact(months.count()) : months.count());
                case Days whole -> start.plusDays(subtract ? Math.negateExact(whole.count()) : whole.count());
                case ToNull _,DaysPerRow _,PartOfDay _,PerRow _ -> null;
            };
        }
        catch (ArithmeticException | DateTimeException e) {
            // beyond any date: the rows fail with DATETIME_OUT_OF_RANGE
            return OptionalInt.empty();
        }
        if (result == null || result.toEpochDay() < FIRST_LITERAL_DAY || result.toEpochDay() > LAST_LITERAL_DAY) {
            return OptionalInt.empty();
        }
        return OptionalInt.of((int) result.toEpochDay());
    }

    /** The whole number {@code n} of an interval written {@code n * INTERVAL '1' DAY}, or null. */
    private static RexNode timesOneDay(RexNode interval)
    {
        if (!(interval instanceof RexCall times) || times.getKind() != SqlKind.TIMES || interval.getType().getSqlTypeName() != SqlTypeName.INTERVAL_DAY) {
            return null;
        }
        for (int i = 0; i < 2; i++) {
            RexNode other = times.getOperands().get(1 - i);
            if (times.getOperands().get(i) instanceof RexLiteral day && !day.isNull()
                    && BigDecimal.valueOf(MILLIS_PER_DAY).compareTo(day.getValueAs(BigDecimal.class)) == 0
                    && SqlTypeName.INT_TYPES.contains(other.getType().getSqlTypeName())) {
                return other;
            }
        }
        return null;
    }

    private static boolean isInterval(RexNode node)
    {
        return isYearMonth(node) || node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME;
    }

    private static boolean isYearMonth(RexNode node)
    {
        return node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    }
}
