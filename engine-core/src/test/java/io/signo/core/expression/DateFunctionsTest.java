package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.dateDiff;
import static io.signo.core.expression.Expressions.dateTrunc;
import static io.signo.core.expression.Expressions.dayName;
import static io.signo.core.expression.Expressions.extract;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.lastDay;
import static io.signo.core.expression.Expressions.makeDate;
import static io.signo.core.expression.Expressions.monthName;
import static io.signo.core.expression.TestVectors.days;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** EXTRACT's ISO and sub-second fields, DATE_TRUNC, DATE_DIFF, MAKE_DATE, LAST_DAY, DAYNAME and MONTHNAME, checked against java.time. */
class DateFunctionsTest
{
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);
    private static final Expression DATE = input(0, Type.DATE);
    private static final Expression TIMESTAMP = input(0, Type.TIMESTAMP);

    private static long micros(String text)
    {
        return ChronoUnit.MICROS.between(EPOCH, LocalDateTime.parse(text.replace(' ', 'T')));
    }

    /** Days from year -400 to 2400, every 11th, including leap days and the ends of months and years. */
    private static Object[] manyDays()
    {
        int first = (int) LocalDate.of(-400, 1, 1).toEpochDay();
        int last = (int) LocalDate.of(2400, 12, 31).toEpochDay();
        Object[] dates = new Object[(last - first) / 11 + 1];
        for (int i = 0; i < dates.length; i++) {
            dates[i] = first + i * 11;
        }
        return dates;
    }

    @Test
    void isoFieldsMatchJavaTime()
    {
        Object[] dates = manyDays();
        Page page = page(vector(Type.DATE, dates));
        var weeks = evaluate(extract(DateField.WEEK, DATE), page);
        var isoYears = evaluate(extract(DateField.ISO_YEAR, DATE), page);
        var isoDays = evaluate(extract(DateField.ISO_DAY_OF_WEEK, DATE), page);
        var yearWeeks = evaluate(extract(DateField.YEAR_WEEK, DATE), page);
        var epochs = evaluate(extract(DateField.EPOCH, DATE), page);
        for (int i = 0; i < dates.length; i++) {
            LocalDate date = LocalDate.ofEpochDay((Integer) dates[i]);
            long week = date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            long isoYear = date.get(IsoFields.WEEK_BASED_YEAR);
            assertEquals(week, weeks.get(i), date.toString());
            assertEquals(isoYear, isoYears.get(i), date.toString());
            assertEquals((long) date.getDayOfWeek().getValue(), isoDays.get(i), date.toString());
            assertEquals(isoYear * 100 + week, yearWeeks.get(i), date.toString());
            assertEquals(date.toEpochDay() * 86_400.0, epochs.get(i), date.toString());
        }
    }

    @Test
    void centuriesCountFromYearOne()
    {
        // year 0 is 1 BC: the first century before Christ is -1, as in DuckDB and PostgreSQL
        Page page = page(vector(Type.DATE, days("2000-12-31"), days("2001-01-01"), days("1999-06-01"), (int) LocalDate.of(0, 6, 1).toEpochDay(),
                (int) LocalDate.of(-149, 6, 1).toEpochDay(), null));
        assertEquals(list(20L, 21L, 20L, -1L, -2L, null), evaluate(extract(DateField.CENTURY, DATE), page));
        assertEquals(list(2L, 3L, 2L, -1L, -1L, null), evaluate(extract(DateField.MILLENNIUM, DATE), page));
        assertEquals(list(200L, 200L, 199L, 0L, -14L, null), evaluate(extract(DateField.DECADE, DATE), page));
    }

    @Test
    void timeFieldsOfTimestampsBeforeAndAfter1970()
    {
        Page page = page(vector(Type.TIMESTAMP, micros("2020-01-01 00:00:12.345678"), micros("1969-12-31 23:59:59.5"), null, micros("1900-02-28 13:07:01.000001")));
        assertEquals(list(12L, 59L, null, 1L), evaluate(extract(DateField.SECOND, TIMESTAMP), page));
        assertEquals(list(12345L, 59500L, null, 1000L), evaluate(extract(DateField.MILLISECOND, TIMESTAMP), page));
        assertEquals(list(12345678L, 59500000L, null, 1000001L), evaluate(extract(DateField.MICROSECOND, TIMESTAMP), page));
        assertEquals(list(0L, 23L, null, 13L), evaluate(extract(DateField.HOUR, TIMESTAMP), page));
        assertEquals(list(1577836812.345678, -0.5, null, micros("1900-02-28 13:07:01.000001") / 1e6), evaluate(extract(DateField.EPOCH, TIMESTAMP), page));
        assertEquals(Type.DOUBLE, extract(DateField.EPOCH, TIMESTAMP).type());
        // a DATE's time of day is midnight
        assertEquals(list(0L, null), evaluate(extract(DateField.MICROSECOND, DATE), page(vector(Type.DATE, days("2020-01-01"), null))));
    }

    @Test
    void truncateMatchesJavaTime()
    {
        Object[] dates = manyDays();
        Object[] timestamps = new Object[dates.length];
        for (int i = 0; i < dates.length; i++) {
            timestamps[i] = (Integer) dates[i] * 86_400_000_000L + (i * 7_777_777_777L) % 86_400_000_000L;
        }
        Page page = page(vector(Type.TIMESTAMP, timestamps));
        var weeks = evaluate(dateTrunc(DateField.WEEK, TIMESTAMP), page);
        var months = evaluate(dateTrunc(DateField.MONTH, TIMESTAMP), page);
        var quarters = evaluate(dateTrunc(DateField.QUARTER, TIMESTAMP), page);
        var years = evaluate(dateTrunc(DateField.YEAR, TIMESTAMP), page);
        var hours = evaluate(dateTrunc(DateField.HOUR, TIMESTAMP), page);
        var seconds = evaluate(dateTrunc(DateField.SECOND, TIMESTAMP), page);
        for (int i = 0; i < dates.length; i++) {
            LocalDateTime value = EPOCH.plus((Long) timestamps[i], ChronoUnit.MICROS);
            LocalDate date = value.toLocalDate();
            String where = value.toString();
            assertEquals(micros(date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay()), weeks.get(i), where);
            assertEquals(micros(date.withDayOfMonth(1).atStartOfDay()), months.get(i), where);
            assertEquals(micros(date.withDayOfMonth(1).withMonth((date.getMonthValue() - 1) / 3 * 3 + 1).atStartOfDay()), quarters.get(i), where);
            assertEquals(micros(date.withDayOfYear(1).atStartOfDay()), years.get(i), where);
            assertEquals(micros(value.truncatedTo(ChronoUnit.HOURS)), hours.get(i), where);
            assertEquals(micros(value.truncatedTo(ChronoUnit.SECONDS)), seconds.get(i), where);
        }
    }

    private static long micros(LocalDateTime value)
    {
        return ChronoUnit.MICROS.between(EPOCH, value);
    }

    @Test
    void truncateDatesToTimestamps()
    {
        Page page = page(vector(Type.DATE, days("2021-01-03"), days("2021-05-03"), null, (int) LocalDate.of(-14, 3, 1).toEpochDay()));
        assertEquals(Type.TIMESTAMP, dateTrunc(DateField.DAY, DATE).type());
        assertEquals(list(micros("2020-12-28 00:00:00"), micros("2021-05-03 00:00:00"), null, micros(LocalDate.of(-14, 3, 1).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay())),
                evaluate(dateTrunc(DateField.WEEK, DATE), page));
        // decades, centuries and millennia truncate the year towards zero, as DuckDB does
        assertEquals(list(micros("2020-01-01 00:00:00"), micros("2020-01-01 00:00:00"), null, micros(LocalDate.of(-10, 1, 1).atStartOfDay())),
                evaluate(dateTrunc(DateField.DECADE, DATE), page));
        assertEquals(list(micros("2000-01-01 00:00:00"), micros("2000-01-01 00:00:00"), null, micros(LocalDate.of(0, 1, 1).atStartOfDay())),
                evaluate(dateTrunc(DateField.CENTURY, DATE), page));
        assertEquals(list(micros("2021-05-03 00:00:00")), evaluate(dateTrunc(DateField.HOUR, DATE), page, 1));
        assertEquals(list(), evaluate(dateTrunc(DateField.MONTH, DATE), page(vector(Type.DATE))));
        SignoException error = assertThrows(SignoException.class, () -> dateTrunc(DateField.DAY_OF_WEEK, DATE));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
    }

    @Test
    void differencesCountBoundaries()
    {
        Page page = page(vector(Type.TIMESTAMP, micros("2020-01-01 23:59:00"), micros("2020-12-31 10:00:00"), micros("1969-12-31 23:30:00"), null, micros("2020-01-05 00:00:00")),
                vector(Type.TIMESTAMP, micros("2020-01-02 00:01:00"), micros("2021-01-01 09:00:00"), micros("1970-01-01 00:10:00"), micros("2020-01-01 00:00:00"),
                        micros("2020-01-12 00:00:00")));
        Expression start = input(0, Type.TIMESTAMP);
        Expression end = input(1, Type.TIMESTAMP);
        assertEquals(list(1L, 1L, 1L, null, 7L), evaluate(dateDiff(DateField.DAY, start, end), page));
        assertEquals(list(0L, 1L, 1L, null, 0L), evaluate(dateDiff(DateField.YEAR, start, end), page));
        assertEquals(list(0L, 1L, 1L, null, 0L), evaluate(dateDiff(DateField.MONTH, start, end), page));
        assertEquals(list(1L, 23L, 1L, null, 168L), evaluate(dateDiff(DateField.HOUR, start, end), page));
        assertEquals(list(2L, 23 * 60L, 40L, null, 7 * 24 * 60L), evaluate(dateDiff(DateField.MINUTE, start, end), page));
        assertEquals(list(0L, 0L, 0L, null, 1L), evaluate(dateDiff(DateField.WEEK, start, end), page));
        // the other way round, negative
        assertEquals(list(-1L, null), evaluate(dateDiff(DateField.WEEK, end, start), page, 4, 3));
        assertEquals(list(-7L), evaluate(dateDiff(DateField.DAY, end, start), page, 4));
        assertEquals(list(), evaluate(dateDiff(DateField.DAY, start, end), page(vector(Type.TIMESTAMP), vector(Type.TIMESTAMP))));
    }

    @Test
    void differencesOfDatesMatchJavaTime()
    {
        Object[] starts = manyDays();
        Object[] ends = new Object[starts.length];
        for (int i = 0; i < starts.length; i++) {
            ends[i] = (Integer) starts[i] + (int) ((i * 2_654_435_761L) % 40_000) - 20_000;
        }
        Page page = page(vector(Type.DATE, starts), vector(Type.DATE, ends));
        Expression start = input(0, Type.DATE);
        Expression end = input(1, Type.DATE);
        var days = evaluate(dateDiff(DateField.DAY, start, end), page);
        var months = evaluate(dateDiff(DateField.MONTH, start, end), page);
        var quarters = evaluate(dateDiff(DateField.QUARTER, start, end), page);
        var years = evaluate(dateDiff(DateField.YEAR, start, end), page);
        var weeks = evaluate(dateDiff(DateField.WEEK, start, end), page);
        var hours = evaluate(dateDiff(DateField.HOUR, start, end), page);
        for (int i = 0; i < starts.length; i++) {
            LocalDate from = LocalDate.ofEpochDay((Integer) starts[i]);
            LocalDate to = LocalDate.ofEpochDay((Integer) ends[i]);
            String where = from + " to " + to;
            long dayCount = to.toEpochDay() - from.toEpochDay();
            assertEquals(dayCount, days.get(i), where);
            assertEquals(dayCount * 24, hours.get(i), where);
            assertEquals(dayCount / 7, weeks.get(i), where);
            long monthCount = (to.getYear() * 12L + to.getMonthValue()) - (from.getYear() * 12L + from.getMonthValue());
            assertEquals(monthCount, months.get(i), where);
            assertEquals(Math.floorDiv(to.getYear() * 12L + to.getMonthValue() - 1, 3) - Math.floorDiv(from.getYear() * 12L + from.getMonthValue() - 1, 3), quarters.get(i), where);
            assertEquals((long) to.getYear() - from.getYear(), years.get(i), where);
        }
    }

    @Test
    void makeDateAndLastDay()
    {
        Page page = page(vector(Type.BIGINT, 2020L, 2019L, null, -44L, 2024L), vector(Type.BIGINT, 2L, 2L, 1L, 3L, 12L), vector(Type.BIGINT, 29L, 28L, 1L, 15L, 31L));
        Expression date = makeDate(input(0, Type.BIGINT), input(1, Type.BIGINT), input(2, Type.BIGINT));
        assertEquals(list(days("2020-02-29"), days("2019-02-28"), null, (int) LocalDate.of(-44, 3, 15).toEpochDay(), days("2024-12-31")), evaluate(date, page));
        assertEquals(list(days("2024-12-31")), evaluate(date, page, 4));
        assertEquals(list(days("2020-02-29"), days("2019-02-28"), null, (int) LocalDate.of(-44, 3, 31).toEpochDay(), days("2024-12-31")), evaluate(lastDay(date), page));
        SignoException error = assertThrows(SignoException.class,
                () -> evaluate(makeDate(constant(Type.BIGINT, 2019L), constant(Type.BIGINT, 2L), constant(Type.BIGINT, 29L)), page(vector(Type.BIGINT, 1L))));
        assertEquals(ErrorCode.DATETIME_OUT_OF_RANGE, error.errorCode());
        assertTrue(error.getMessage().contains("2019-2-29"), error.getMessage());
        Page timestamps = page(vector(Type.TIMESTAMP, micros("2020-02-03 10:00:00"), null));
        assertEquals(list(days("2020-02-29"), null), evaluate(lastDay(TIMESTAMP), timestamps));
    }

    @Test
    void dayAndMonthNames()
    {
        Object[] dates = manyDays();
        Page page = page(vector(Type.DATE, dates));
        var dayNames = evaluate(dayName(DATE), page);
        var monthNames = evaluate(monthName(DATE), page);
        for (int i = 0; i < dates.length; i++) {
            LocalDate date = LocalDate.ofEpochDay((Integer) dates[i]);
            assertEquals(date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH), dayNames.get(i), date.toString());
            assertEquals(date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH), monthNames.get(i), date.toString());
        }
        assertEquals(list("Monday", null), evaluate(dayName(TIMESTAMP), page(vector(Type.TIMESTAMP, micros("2020-02-03 10:00:00"), null))));
    }

    @Test
    void partNamesAsDuckDbSpellsThem()
    {
        assertEquals(DateField.YEAR, DateField.parse("YEAR"));
        assertEquals(DateField.YEAR, DateField.parse("yrs"));
        assertEquals(DateField.DAY_OF_WEEK, DateField.parse("weekday"));
        assertEquals(DateField.MICROSECOND, DateField.parse("us"));
        SignoException error = assertThrows(SignoException.class, () -> DateField.parse("fortnight"));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("'fortnight'"), error.getMessage());
    }
}
