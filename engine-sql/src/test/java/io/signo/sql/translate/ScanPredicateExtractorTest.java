package io.signo.sql.translate;

import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.SignoTypeSystem;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScanPredicateExtractorTest
{
    private static final Table TABLE = new Table("t", List.of(
            new Column("i", Type.INTEGER),
            new Column("b", Type.BIGINT),
            new Column("d", Type.decimal(12, 2)),
            new Column("day", Type.DATE),
            new Column("x", Type.DOUBLE),
            new Column("v", Type.varchar(25)),
            new Column("c", Type.character(10)),
            new Column("flag", Type.BOOLEAN)),
            List.of(), Partitioning.hash("i"), null);

    private final RelDataTypeFactory typeFactory = new JavaTypeFactoryImpl(SignoTypeSystem.INSTANCE);
    private final RexBuilder rexBuilder = new RexBuilder(typeFactory);

    private RexNode column(String name)
    {
        int index = TABLE.columnIndex(name);
        RelDataType type = CalciteTypes.toCalcite(TABLE.columns().get(index).type(), typeFactory, true);
        return rexBuilder.makeInputRef(type, index);
    }

    private RexNode number(String value)
    {
        return rexBuilder.makeExactLiteral(new BigDecimal(value));
    }

    private RexNode date(String value)
    {
        return rexBuilder.makeDateLiteral(new DateString(value));
    }

    private RexNode call(org.apache.calcite.sql.SqlOperator operator, RexNode... operands)
    {
        return rexBuilder.makeCall(operator, operands);
    }

    private static List<ColumnConstraint> extract(RexNode condition)
    {
        return ScanPredicateExtractor.extract(condition, TABLE).constraints();
    }

    private static ColumnConstraint.Range range(int column, Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive)
    {
        return new ColumnConstraint.Range(column, lower, lowerInclusive, upper, upperInclusive);
    }

    @Test
    void comparisonsWithTheColumnOnEitherSide()
    {
        assertEquals(List.of(ColumnConstraint.lessThan(0, 5)), extract(call(SqlStdOperatorTable.LESS_THAN, column("i"), number("5"))));
        assertEquals(List.of(ColumnConstraint.atMost(0, 5)), extract(call(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column("i"), number("5"))));
        assertEquals(List.of(ColumnConstraint.greaterThan(1, 5L)), extract(call(SqlStdOperatorTable.GREATER_THAN, column("b"), number("5"))));
        assertEquals(List.of(ColumnConstraint.atLeast(1, 5L)), extract(call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("b"), number("5"))));
        assertEquals(List.of(ColumnConstraint.equalTo(1, 5L)), extract(call(SqlStdOperatorTable.EQUALS, column("b"), number("5"))));
        // 5 < b is b > 5; 5 >= i is i <= 5
        assertEquals(List.of(ColumnConstraint.greaterThan(1, 5L)), extract(call(SqlStdOperatorTable.LESS_THAN, number("5"), column("b"))));
        assertEquals(List.of(ColumnConstraint.atMost(0, 5)), extract(call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, number("5"), column("i"))));
        assertEquals(List.of(ColumnConstraint.equalTo(0, 5)), extract(call(SqlStdOperatorTable.EQUALS, number("5"), column("i"))));
    }

    @Test
    void conjunctionsAndBetween()
    {
        RexNode condition = rexBuilder.makeCall(SqlStdOperatorTable.AND,
                call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("day"), date("1994-01-01")),
                call(SqlStdOperatorTable.LESS_THAN, column("day"), date("1995-01-01")),
                call(SqlStdOperatorTable.IS_NOT_NULL, column("v")));
        int from = (int) java.time.LocalDate.parse("1994-01-01").toEpochDay();
        int to = (int) java.time.LocalDate.parse("1995-01-01").toEpochDay();
        assertEquals(List.of(ColumnConstraint.atLeast(3, from), ColumnConstraint.lessThan(3, to), ColumnConstraint.notNull(5)), extract(condition));

        RexNode between = rexBuilder.makeBetween(column("d"), number("0.05"), number("0.07"));
        assertEquals(List.of(ColumnConstraint.between(2, 5L, 7L)), extract(between));

        // TPC-H Q6 leaves l_discount between 0.06 - 0.01 and 0.06 + 0.01 unfolded
        RexNode unfolded = rexBuilder.makeCall(SqlStdOperatorTable.AND,
                call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("d"), call(SqlStdOperatorTable.MINUS, number("0.06"), number("0.01"))),
                call(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column("d"), call(SqlStdOperatorTable.PLUS, number("0.06"), number("0.01"))));
        assertEquals(List.of(ColumnConstraint.atLeast(2, 5L), ColumnConstraint.atMost(2, 7L)), extract(unfolded));
    }

    @Test
    void searchRangesAndPoints()
    {
        RexNode in = rexBuilder.makeIn(column("b"), List.of(number("3"), number("1"), number("7")));
        assertEquals(List.of(ColumnConstraint.in(1, List.of(1L, 3L, 7L))), extract(in));

        RexNode strings = rexBuilder.makeIn(column("v"), List.of(rexBuilder.makeLiteral("MAIL"), rexBuilder.makeLiteral("SHIP")));
        assertEquals(List.of(ColumnConstraint.in(5, List.of("MAIL", "SHIP"))), extract(strings));

        // two ranges are covered by their span
        RexNode twoRanges = rexBuilder.makeCall(SqlStdOperatorTable.OR,
                rexBuilder.makeBetween(column("i"), number("1"), number("3")),
                rexBuilder.makeBetween(column("i"), number("10"), number("20")));
        RexNode search = org.apache.calcite.rex.RexUtil.simplify(rexBuilder, twoRanges);
        assertEquals(org.apache.calcite.sql.SqlKind.SEARCH, search.getKind());
        assertEquals(List.of(ColumnConstraint.between(0, 1, 20)), extract(search));

        // NOT IN rejects NULL only
        RexNode notIn = org.apache.calcite.rex.RexUtil.simplify(rexBuilder, call(SqlStdOperatorTable.NOT_EQUALS, column("i"), number("4")));
        List<ColumnConstraint> notInConstraints = extract(notIn);
        assertEquals(notIn.getKind() == org.apache.calcite.sql.SqlKind.SEARCH ? List.of(ColumnConstraint.notNull(0)) : List.of(), notInConstraints);
    }

    @Test
    void decimalBoundsWidenWhenNotRepresentable()
    {
        // d is DECIMAL(12, 2): 0.055 lies between 0.05 and 0.06
        assertEquals(List.of(range(2, 5L, true, null, false)), extract(call(SqlStdOperatorTable.GREATER_THAN, column("d"), number("0.055"))));
        assertEquals(List.of(range(2, null, false, 6L, true)), extract(call(SqlStdOperatorTable.LESS_THAN, column("d"), number("0.055"))));
        assertEquals(List.of(range(2, -6L, true, null, false)), extract(call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("d"), number("-0.055"))));
        // a point that the column cannot hold is not used
        assertEquals(List.of(), extract(call(SqlStdOperatorTable.EQUALS, column("d"), number("0.055"))));
        assertEquals(List.of(ColumnConstraint.equalTo(2, 5L)), extract(call(SqlStdOperatorTable.EQUALS, column("d"), number("0.050"))));
        // integers: i > 2.5 keeps i >= 2; an out-of-range bound is not used
        assertEquals(List.of(range(0, 2, true, null, false)), extract(call(SqlStdOperatorTable.GREATER_THAN, column("i"), number("2.5"))));
        assertEquals(List.of(), extract(call(SqlStdOperatorTable.GREATER_THAN, column("i"), number("99999999999"))));
    }

    @Test
    void doubles()
    {
        // a DOUBLE literal is compared as the double it is
        RexNode tenth = rexBuilder.makeApproxLiteral(new BigDecimal("0.1"));
        assertEquals(List.of(ColumnConstraint.atLeast(4, 0.1)), extract(call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("x"), tenth)));
        // an exact 0.1 has no double: the lower bound rounds down, the upper bound up
        List<ColumnConstraint> lower = extract(call(SqlStdOperatorTable.GREATER_THAN, column("x"), number("0.1")));
        double lowerBound = (Double) ((ColumnConstraint.Range) lower.getFirst()).lower();
        assertTrue(new BigDecimal(lowerBound).compareTo(new BigDecimal("0.1")) < 0);
        List<ColumnConstraint> upper = extract(call(SqlStdOperatorTable.LESS_THAN, column("x"), number("0.1")));
        double upperBound = (Double) ((ColumnConstraint.Range) upper.getFirst()).upper();
        assertTrue(new BigDecimal(upperBound).compareTo(new BigDecimal("0.1")) > 0);
        assertEquals(List.of(), extract(call(SqlStdOperatorTable.EQUALS, column("x"), number("0.1"))));
        assertEquals(List.of(ColumnConstraint.equalTo(4, 0.5)), extract(call(SqlStdOperatorTable.EQUALS, column("x"), number("0.5"))));
    }

    @Test
    void charValuesIgnoreTrailingSpaces()
    {
        RexNode condition = call(SqlStdOperatorTable.EQUALS, column("c"), rexBuilder.makeLiteral("AIR  "));
        assertEquals(List.of(ColumnConstraint.equalTo(6, "AIR")), extract(condition));
        assertEquals(List.of(ColumnConstraint.atMost(6, "AIR")), extract(call(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column("c"), rexBuilder.makeLiteral("AIR "))));
        // against VARCHAR, trailing spaces may or may not count: bounds take the wider value, points are not used
        assertEquals(List.of(), extract(call(SqlStdOperatorTable.EQUALS, column("v"), rexBuilder.makeLiteral("AIR "))));
        assertEquals(List.of(ColumnConstraint.atMost(5, "AIR ")), extract(call(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column("v"), rexBuilder.makeLiteral("AIR "))));
        assertEquals(List.of(ColumnConstraint.atLeast(5, "AIR")), extract(call(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column("v"), rexBuilder.makeLiteral("AIR "))));
        assertEquals(List.of(ColumnConstraint.equalTo(5, "AIR")), extract(call(SqlStdOperatorTable.EQUALS, column("v"), rexBuilder.makeLiteral("AIR"))));
    }

    @Test
    void dateArithmeticOnLiteralsIsFolded()
    {
        RexNode ninetyDays = rexBuilder.makeIntervalLiteral(new BigDecimal(90L * 86_400_000L),
                new SqlIntervalQualifier(TimeUnit.DAY, null, SqlParserPos.ZERO));
        RexNode minus = call(SqlStdOperatorTable.MINUS, date("1998-12-01"), ninetyDays);
        int expected = (int) java.time.LocalDate.parse("1998-09-02").toEpochDay();
        assertEquals(List.of(ColumnConstraint.atMost(3, expected)), extract(call(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column("day"), minus)));

        RexNode threeMonths = rexBuilder.makeIntervalLiteral(new BigDecimal(3),
                new SqlIntervalQualifier(TimeUnit.MONTH, null, SqlParserPos.ZERO));
        RexNode plus = call(SqlStdOperatorTable.DATETIME_PLUS, date("1994-11-30"), threeMonths);
        int endOfFebruary = (int) java.time.LocalDate.parse("1995-02-28").toEpochDay();
        assertEquals(List.of(ColumnConstraint.lessThan(3, endOfFebruary)), extract(call(SqlStdOperatorTable.LESS_THAN, column("day"), plus)));
    }

    @Test
    void unusableConjunctsAreIgnored()
    {
        RexNode usable = call(SqlStdOperatorTable.GREATER_THAN, column("b"), number("5"));
        RexNode twoColumns = call(SqlStdOperatorTable.LESS_THAN, column("i"), column("b"));
        RexNode arithmetic = call(SqlStdOperatorTable.LESS_THAN, call(SqlStdOperatorTable.PLUS, column("i"), number("1")), number("5"));
        RexNode like = call(SqlStdOperatorTable.LIKE, column("v"), rexBuilder.makeLiteral("A%"));
        RexNode bool = column("flag");
        RexNode booleanComparison = call(SqlStdOperatorTable.EQUALS, column("flag"), rexBuilder.makeLiteral(true));
        RexNode isNull = call(SqlStdOperatorTable.IS_NULL, column("i"));
        RexNode condition = rexBuilder.makeCall(SqlStdOperatorTable.AND, twoColumns, arithmetic, usable, like, bool, booleanComparison, isNull);
        assertEquals(List.of(ColumnConstraint.greaterThan(1, 5L)), extract(condition));
    }

    @Test
    void orAtTheTopIsIgnored()
    {
        RexNode condition = rexBuilder.makeCall(SqlStdOperatorTable.OR,
                call(SqlStdOperatorTable.GREATER_THAN, column("b"), number("5")),
                call(SqlStdOperatorTable.LESS_THAN, column("i"), number("3")));
        assertSame(SegmentPredicate.ALL, ScanPredicateExtractor.extract(condition, TABLE));
        assertSame(SegmentPredicate.ALL, ScanPredicateExtractor.extract(null, TABLE));
        assertSame(SegmentPredicate.ALL, ScanPredicateExtractor.extract(rexBuilder.makeLiteral(true), TABLE));
    }
}
