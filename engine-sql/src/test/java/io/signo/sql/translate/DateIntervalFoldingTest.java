package io.signo.sql.translate;

import io.signo.sql.catalog.SignoTypeSystem;
import io.signo.sql.translate.DateIntervalFolding.Days;
import io.signo.sql.translate.DateIntervalFolding.DaysPerRow;
import io.signo.sql.translate.DateIntervalFolding.Months;
import io.signo.sql.translate.DateIntervalFolding.PartOfDay;
import io.signo.sql.translate.DateIntervalFolding.PerRow;
import io.signo.sql.translate.DateIntervalFolding.ToNull;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class DateIntervalFoldingTest
{
    private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl(SignoTypeSystem.INSTANCE);
    private final RexBuilder rexBuilder = new RexBuilder(typeFactory);

    @Test
    void dateLiteralsMoveByMonthsAndDays()
    {
        assertFoldsTo("1995-01-01", plus(date("1994-01-01"), interval(1, TimeUnit.YEAR)));
        assertFoldsTo("1998-09-02", minus(date("1998-12-01"), interval(90, TimeUnit.DAY)));
        assertFoldsTo("1994-04-01", plus(date("1994-01-01"), interval(3, TimeUnit.MONTH)));
        // a month past the 31st ends on the last day of the shorter month, as DATE + INTERVAL does at run time
        assertFoldsTo("1994-02-28", plus(date("1994-01-31"), interval(1, TimeUnit.MONTH)));
        assertFoldsTo("1996-02-29", minus(date("1996-03-31"), interval(1, TimeUnit.MONTH)));
        // a whole number of days written in hours
        assertFoldsTo("1994-01-03", plus(date("1994-01-01"), interval(48, TimeUnit.HOUR)));
    }

    @Test
    void intervalFirstAndNestedArithmeticFoldInsideOut()
    {
        RelDataType dateType = typeFactory.createSqlType(SqlTypeName.DATE);
        assertFoldsTo("1994-01-11", rexBuilder.makeCall(dateType, SqlStdOperatorTable.DATETIME_PLUS, List.of(interval(10, TimeUnit.DAY), date("1994-01-01"))));
        assertFoldsTo("1994-12-31", minus(plus(date("1994-01-01"), interval(1, TimeUnit.YEAR)), interval(1, TimeUnit.DAY)));
        assertFoldsTo("1994-01-01", date("1994-01-01"));
    }

    @Test
    void whatIsNoConstantDateFoldsToNothing()
    {
        // NULL on either side: the rows compute the NULL
        assertNotFolded(plus(rexBuilder.makeNullLiteral(typeFactory.createSqlType(SqlTypeName.DATE)), interval(1, TimeUnit.DAY)));
        assertNotFolded(plus(date("1994-01-01"), nullInterval(TimeUnit.DAY)));
        // a part of a day moves no DATE
        assertNotFolded(plus(date("1994-01-01"), interval(36, TimeUnit.HOUR)));
        // past the years 1 to 9999 a DATE literal holds
        assertNotFolded(plus(date("2020-01-01"), interval(8000, TimeUnit.YEAR)));
        assertNotFolded(minus(date("0001-01-01"), interval(1, TimeUnit.DAY)));
        assertFoldsTo("9999-12-31", plus(date("9999-12-30"), interval(1, TimeUnit.DAY)));
        // a column, and arithmetic that is not on a DATE
        RexNode column = rexBuilder.makeInputRef(typeFactory.createSqlType(SqlTypeName.DATE), 0);
        assertNotFolded(plus(column, interval(1, TimeUnit.DAY)));
        assertNotFolded(rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeExactLiteral(BigDecimal.ONE), rexBuilder.makeExactLiteral(BigDecimal.TEN)));
    }

    @Test
    void shiftsOfIntervalOperands()
    {
        assertEquals(new Months(14), DateIntervalFolding.shift(interval(14, TimeUnit.MONTH)));
        assertEquals(new Months(24), DateIntervalFolding.shift(interval(2, TimeUnit.YEAR)));
        assertEquals(new Days(-3), DateIntervalFolding.shift(interval(-3, TimeUnit.DAY)));
        assertEquals(new Days(2), DateIntervalFolding.shift(interval(2880, TimeUnit.MINUTE)));
        assertInstanceOf(PartOfDay.class, DateIntervalFolding.shift(interval(90, TimeUnit.MINUTE)));
        assertInstanceOf(ToNull.class, DateIntervalFolding.shift(nullInterval(TimeUnit.MONTH)));

        // date ± n, as the validator writes it: n * INTERVAL '1' DAY, n of an integer type
        RexNode count = rexBuilder.makeInputRef(typeFactory.createSqlType(SqlTypeName.INTEGER), 0);
        RelDataType dayInterval = intervalType(TimeUnit.DAY);
        assertEquals(new DaysPerRow(count), DateIntervalFolding.shift(rexBuilder.makeCall(dayInterval, SqlStdOperatorTable.MULTIPLY, List.of(count, interval(1, TimeUnit.DAY)))));
        assertEquals(new DaysPerRow(count), DateIntervalFolding.shift(rexBuilder.makeCall(dayInterval, SqlStdOperatorTable.MULTIPLY, List.of(interval(1, TimeUnit.DAY), count))));
        // any other interval expression is known per row only
        assertInstanceOf(PerRow.class, DateIntervalFolding.shift(rexBuilder.makeCall(dayInterval, SqlStdOperatorTable.MULTIPLY, List.of(count, interval(2, TimeUnit.DAY)))));
        assertInstanceOf(PerRow.class, DateIntervalFolding.shift(rexBuilder.makeInputRef(dayInterval, 1)));
    }

    private void assertFoldsTo(String expected, RexNode expression)
    {
        assertEquals(OptionalInt.of((int) LocalDate.parse(expected).toEpochDay()), DateIntervalFolding.foldedDays(expression), expression.toString());
    }

    private static void assertNotFolded(RexNode expression)
    {
        assertEquals(OptionalInt.empty(), DateIntervalFolding.foldedDays(expression), expression.toString());
    }

    private RexNode date(String value)
    {
        return rexBuilder.makeDateLiteral(new DateString(value));
    }

    private RelDataType intervalType(TimeUnit unit)
    {
        return typeFactory.createSqlIntervalType(new SqlIntervalQualifier(unit, null, SqlParserPos.ZERO));
    }

    private RexNode interval(long amount, TimeUnit unit)
    {
        SqlIntervalQualifier qualifier = new SqlIntervalQualifier(unit, null, SqlParserPos.ZERO);
        return rexBuilder.makeIntervalLiteral(BigDecimal.valueOf(amount).multiply(unit.multiplier), qualifier);
    }

    private RexNode nullInterval(TimeUnit unit)
    {
        return rexBuilder.makeNullLiteral(typeFactory.createTypeWithNullability(intervalType(unit), true));
    }

    private RexNode plus(RexNode date, RexNode interval)
    {
        return rexBuilder.makeCall(date.getType(), SqlStdOperatorTable.DATETIME_PLUS, List.of(date, interval));
    }

    private RexNode minus(RexNode date, RexNode interval)
    {
        // the form SQL's DATE - INTERVAL converts to
        return rexBuilder.makeCall(date.getType(), SqlStdOperatorTable.MINUS, List.of(date, interval));
    }
}
