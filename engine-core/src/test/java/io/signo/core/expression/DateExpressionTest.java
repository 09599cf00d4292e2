package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;

import static io.signo.core.expression.Expressions.addDays;
import static io.signo.core.expression.Expressions.addMonths;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.extract;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.days;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class DateExpressionTest
{
    @Test
    void extractMatchesJavaTimeOverManyYears()
    {
        int first = days("1899-12-25");
        int count = 366 * 130;
        Object[] dates = new Object[count];
        for (int i = 0; i < count; i++) {
            dates[i] = first + i * 3 - 40000;
        }
        Page page = page(vector(Type.DATE, dates));
        Expression date = input(0, Type.DATE);
        var years = evaluate(extract(DateField.YEAR, date), page);
        var quarters = evaluate(extract(DateField.QUARTER, date), page);
        var months = evaluate(extract(DateField.MONTH, date), page);
        var daysOfMonth = evaluate(extract(DateField.DAY, date), page);
        var daysOfWeek = evaluate(extract(DateField.DAY_OF_WEEK, date), page);
        var daysOfYear = evaluate(extract(DateField.DAY_OF_YEAR, date), page);
        for (int i = 0; i < count; i++) {
            LocalDate expected = LocalDate.ofEpochDay((Integer) dates[i]);
            assertEquals((long) expected.getYear(), years.get(i), expected.toString());
            assertEquals((long) expected.get(IsoFields.QUARTER_OF_YEAR), quarters.get(i), expected.toString());
            assertEquals((long) expected.getMonthValue(), months.get(i), expected.toString());
            assertEquals((long) expected.getDayOfMonth(), daysOfMonth.get(i), expected.toString());
            // Sunday = 0 .. Saturday = 6
            assertEquals((long) (expected.getDayOfWeek().getValue() % 7), daysOfWeek.get(i), expected.toString());
            assertEquals((long) expected.get(ChronoField.DAY_OF_YEAR), daysOfYear.get(i), expected.toString());
        }
    }

    @Test
    void extractWithNullsAndSelection()
    {
        Page page = page(vector(Type.DATE, days("1995-03-15"), null, days("1996-12-31")));
        assertEquals(list(1995L, null, 1996L), evaluate(extract(DateField.YEAR, input(0, Type.DATE)), page));
        assertEquals(list(366L), evaluate(extract(DateField.DAY_OF_YEAR, input(0, Type.DATE)), page, 2));
        assertEquals(list(), evaluate(extract(DateField.YEAR, input(0, Type.DATE)), page(vector(Type.DATE))));
    }

    @Test
    void addDaysAcrossMonthAndYearEnds()
    {
        Page page = page(vector(Type.DATE, days("1998-12-01"), days("2000-02-28"), days("1999-02-28"), null));
        Expression date = input(0, Type.DATE);
        // TPC-H Q1: DATE '1998-12-01' - INTERVAL '90' DAY
        assertEquals(list(days("1998-09-02"), days("1999-11-30"), days("1998-11-30"), null), evaluate(addDays(date, constant(Type.INTEGER, -90)), page));
        assertEquals(list(days("1998-12-02"), days("2000-02-29"), days("1999-03-01"), null), evaluate(addDays(date, constant(Type.BIGINT, 1L)), page));
    }

    @Test
    void addMonthsClampsToMonthEnd()
    {
        Page page = page(vector(Type.DATE, days("2024-01-31"), days("2023-01-31"), days("2024-03-31"), days("1995-01-01"), days("2000-02-29"), null));
        Expression date = input(0, Type.DATE);
        assertEquals(list(days("2024-02-29"), days("2023-02-28"), days("2024-04-30"), days("1995-02-01"), days("2000-03-29"), null),
                evaluate(addMonths(date, constant(Type.INTEGER, 1)), page));
        // a year is twelve months: 2000-02-29 + 1 year = 2001-02-28
        assertEquals(list(days("2025-01-31"), days("2024-01-31"), days("2025-03-31"), days("1996-01-01"), days("2001-02-28"), null),
                evaluate(addMonths(date, constant(Type.INTEGER, 12)), page));
        assertEquals(list(days("2023-12-31"), days("2022-12-31"), days("2024-02-29"), days("1994-12-01"), days("2000-01-29"), null),
                evaluate(addMonths(date, constant(Type.INTEGER, -1)), page));
    }

    @Test
    void addMonthsMatchesJavaTime()
    {
        int count = 4000;
        Object[] dates = new Object[count];
        Object[] months = new Object[count];
        for (int i = 0; i < count; i++) {
            dates[i] = days("1990-01-01") + i * 7;
            months[i] = (i % 50) - 25;
        }
        Page page = page(vector(Type.DATE, dates), vector(Type.INTEGER, months));
        var actual = evaluate(addMonths(input(0, Type.DATE), input(1, Type.INTEGER)), page);
        for (int i = 0; i < count; i++) {
            LocalDate expected = LocalDate.ofEpochDay((Integer) dates[i]).plusMonths((Integer) months[i]);
            assertEquals((int) expected.toEpochDay(), actual.get(i), expected.toString());
        }
    }
}
