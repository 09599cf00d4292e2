package io.signo.sql.planner;

import io.signo.sql.catalog.SignoTypeSystem;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Each folded cast or literal arithmetic is exactly the literal Calcite's compiled constant folding makes, except where
 * Calcite's answer differs from Signo's runtime (rounding, overflow, NaN, dates past 9999): there Signo's answer wins.
 */
class ConstantFoldingExecutorTest
{
    private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl(SignoTypeSystem.INSTANCE);
    private final RexBuilder rexBuilder = new RexBuilder(typeFactory);

    @Test
    void characterCastsAreFoldedAsCalciteFoldsThem()
    {
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("GERMANY"), typeFactory.createSqlType(SqlTypeName.CHAR, 25)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("Brand#23"), typeFactory.createSqlType(SqlTypeName.CHAR, 8)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("MAIL"), typeFactory.createSqlType(SqlTypeName.VARCHAR, 10)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("MAIL"), typeFactory.createSqlType(SqlTypeName.VARCHAR)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral(""), typeFactory.createSqlType(SqlTypeName.CHAR, 3)));
        // longer than the type: left to Calcite
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("DELIVER IN PERSON"), typeFactory.createSqlType(SqlTypeName.CHAR, 4)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("DELIVER IN PERSON"), typeFactory.createSqlType(SqlTypeName.VARCHAR, 4)));
        // a NULL literal cast: left to Calcite
        RelDataType nullableChar = typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.CHAR, 5), true);
        assertFoldsLikeCalcite(cast(rexBuilder.makeNullLiteral(nullableChar), nullableChar));
    }

    @Test
    void exactCastsThatFitAreFoldedAsCalciteFoldsThem()
    {
        RelDataType decimal = typeFactory.createSqlType(SqlTypeName.DECIMAL, 15, 2);
        RexNode onePlusTen = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeExactLiteral(BigDecimal.ONE), rexBuilder.makeExactLiteral(BigDecimal.TEN));
        assertFoldsLikeCalcite(cast(rexBuilder.makeExactLiteral(BigDecimal.ONE), decimal));
        assertFoldsLikeCalcite(cast(onePlusTen, decimal));
        assertFoldsLikeCalcite(cast(rexBuilder.makeExactLiteral(new BigDecimal("-7.5")), decimal));
        assertFoldsLikeCalcite(cast(rexBuilder.makeExactLiteral(new BigDecimal("42")), typeFactory.createSqlType(SqlTypeName.BIGINT)));
        assertEquals(0, compiledCalls(cast(onePlusTen, decimal)));
    }

    @Test
    void castsThatRoundAreFoldedAsSignoRoundsThem()
    {
        RelDataType integer = typeFactory.createSqlType(SqlTypeName.INTEGER);
        // Calcite's generated code truncates; Signo's casts round half away from zero, folded or not
        assertEquals("1.01:DECIMAL(15, 2)", fold(cast(rexBuilder.makeExactLiteral(new BigDecimal("1.005")), typeFactory.createSqlType(SqlTypeName.DECIMAL, 15, 2))).toString());
        assertEquals("13", fold(cast(rexBuilder.makeExactLiteral(new BigDecimal("12.7")), integer)).toString());
        assertEquals("-13", fold(cast(rexBuilder.makeExactLiteral(new BigDecimal("-12.5")), integer)).toString());
        assertEquals("3", fold(cast(rexBuilder.makeApproxLiteral(new BigDecimal("2.7")), integer)).toString());
        assertEquals(0, compiledCalls(cast(rexBuilder.makeExactLiteral(new BigDecimal("12.7")), integer)));
    }

    @Test
    void constantsThatFailOrHaveNoLiteralAreLeftToTheRuntime()
    {
        RelDataType integer = typeFactory.createSqlType(SqlTypeName.INTEGER);
        RelDataType bigint = typeFactory.createSqlType(SqlTypeName.BIGINT);
        assertLeftAsItIs(cast(rexBuilder.makeExactLiteral(new BigDecimal("12345678901234567")), typeFactory.createSqlType(SqlTypeName.DECIMAL, 15, 2)));
        // Calcite's generated code wraps these around
        assertLeftAsItIs(rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeLiteral(Integer.MAX_VALUE, integer), rexBuilder.makeLiteral(1, integer)));
        assertLeftAsItIs(rexBuilder.makeCall(SqlStdOperatorTable.MULTIPLY, rexBuilder.makeLiteral(Integer.MAX_VALUE, integer), rexBuilder.makeLiteral(2, integer)));
        assertLeftAsItIs(rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeLiteral(Long.MAX_VALUE, bigint), rexBuilder.makeLiteral(1L, bigint)));
        assertLeftAsItIs(rexBuilder.makeCall(SqlStdOperatorTable.UNARY_MINUS,
                rexBuilder.makeCall(SqlStdOperatorTable.MINUS, rexBuilder.makeLiteral(Integer.MIN_VALUE + 1, integer), rexBuilder.makeLiteral(1, integer))));
        // and read NaN as 0
        RexNode nan = cast(rexBuilder.makeLiteral("NaN"), typeFactory.createSqlType(SqlTypeName.DOUBLE));
        assertLeftAsItIs(nan);
        assertLeftAsItIs(cast(nan, integer));
        // a DATE a Calcite literal cannot hold (Signo's DATE can), and one past Signo's DATE
        RexNode date = rexBuilder.makeDateLiteral(new DateString(2020, 1, 1));
        assertLeftAsItIs(plus(date, interval(3_000_000, TimeUnit.DAY)));
        assertLeftAsItIs(minus(date, interval(800_000, TimeUnit.DAY)));
        assertLeftAsItIs(plus(date, interval(2_147_483_647L, TimeUnit.DAY)));
        assertLeftAsItIs(plus(date, interval(8000, TimeUnit.YEAR)));
        assertEquals("9999-12-31", fold(plus(date, interval(2_914_634, TimeUnit.DAY))).toString());
    }

    @Test
    void otherCastsOfLiteralsAreFoldedAsCalciteFoldsThem()
    {
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("1994-01-01"), typeFactory.createSqlType(SqlTypeName.DATE)));
        assertFoldsLikeCalcite(cast(rexBuilder.makeLiteral("GERMANY"), typeFactory.createSqlType(SqlTypeName.CHAR)));
    }

    @Test
    void everyOtherListIsFoldedByCalcite()
    {
        RexNode date = rexBuilder.makeDateLiteral(new DateString(1994, 1, 31));
        RexNode sum = rexBuilder.makeCall(SqlStdOperatorTable.MINUS, rexBuilder.makeExactLiteral(new BigDecimal("0.06")), rexBuilder.makeExactLiteral(new BigDecimal("0.01")));
        RexNode charCast = cast(rexBuilder.makeLiteral("ASIA"), typeFactory.createSqlType(SqlTypeName.CHAR, 25));
        assertFoldsLikeCalcite(plus(date, interval(1, TimeUnit.YEAR)));
        assertFoldsLikeCalcite(plus(date, interval(1, TimeUnit.MONTH)));
        assertFoldsLikeCalcite(plus(date, interval(45, TimeUnit.DAY)));
        assertFoldsLikeCalcite(rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeExactLiteral(BigDecimal.ONE), rexBuilder.makeExactLiteral(BigDecimal.TEN)));
        assertFoldsLikeCalcite(rexBuilder.makeCall(SqlStdOperatorTable.MULTIPLY, rexBuilder.makeExactLiteral(new BigDecimal("1.5")), rexBuilder.makeExactLiteral(new BigDecimal("-2.25"))));
        // Calcite's compiled folding leaves DATE - INTERVAL in this form unreduced; it is folded here to the day
        assertEquals("1993-11-02", fold(minus(date, interval(90, TimeUnit.DAY))).toString());
        assertEquals("1993-12-31", fold(minus(date, interval(1, TimeUnit.MONTH))).toString());
        assertFoldsLikeCalcite(sum);
        assertFoldsLikeCalcite(sum, charCast);
        assertFoldsLikeCalcite(charCast, charCast);
        assertFoldsLikeCalcite(cast(sum, typeFactory.createSqlType(SqlTypeName.DECIMAL, 15, 2)));
        assertFoldsLikeCalcite();
    }

    @Test
    void aCompiledExpressionIsAnsweredAgainFromMemory()
    {
        // Signo does not run INITCAP: only Calcite's generated code can fold it
        RexNode initcap = rexBuilder.makeCall(SqlStdOperatorTable.INITCAP, rexBuilder.makeLiteral("middle east"));
        int[] calls = new int[1];
        ConstantFoldingExecutor executor = new ConstantFoldingExecutor((builder, expressions, reduced) -> {
            calls[0]++;
            RexUtil.EXECUTOR.reduce(builder, expressions, reduced);
        });
        List<RexNode> first = new ArrayList<>();
        executor.reduce(rexBuilder, List.of(initcap), first);
        List<RexNode> second = new ArrayList<>();
        executor.reduce(rexBuilder, List.of(initcap), second);
        assertEquals(1, calls[0]);
        assertEquals(first, second);
        assertEquals("Middle East", ((RexLiteral) first.getFirst()).getValueAs(String.class));
    }

    private void assertLeftAsItIs(RexNode expression)
    {
        assertSame(expression, fold(expression));
        assertEquals(0, compiledCalls(expression));
    }

    /** How many times folding {@code expression} asked the compiling executor. */
    private int compiledCalls(RexNode expression)
    {
        int[] calls = new int[1];
        ConstantFoldingExecutor executor = new ConstantFoldingExecutor((builder, expressions, reduced) -> {
            calls[0]++;
            RexUtil.EXECUTOR.reduce(builder, expressions, reduced);
        });
        executor.reduce(rexBuilder, List.of(expression), new ArrayList<>());
        return calls[0];
    }

    private RexNode fold(RexNode expression)
    {
        List<RexNode> folded = new ArrayList<>();
        new ConstantFoldingExecutor(RexUtil.EXECUTOR).reduce(rexBuilder, List.of(expression), folded);
        assertEquals(expression.getType(), folded.getFirst().getType());
        return folded.getFirst();
    }

    private void assertFoldsLikeCalcite(RexNode... expressions)
    {
        List<RexNode> expected = new ArrayList<>();
        RexUtil.EXECUTOR.reduce(rexBuilder, List.of(expressions), expected);
        List<RexNode> actual = new ArrayList<>();
        new ConstantFoldingExecutor(RexUtil.EXECUTOR).reduce(rexBuilder, List.of(expressions), actual);
        assertEquals(expected, actual);
        assertEquals(expected.toString(), actual.toString());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).getType(), actual.get(i).getType());
        }
    }

    private RexNode cast(RexNode operand, RelDataType type)
    {
        return rexBuilder.makeAbstractCast(type, operand, false);
    }

    private RexNode interval(long amount, TimeUnit unit)
    {
        SqlIntervalQualifier qualifier = new SqlIntervalQualifier(unit, null, SqlParserPos.ZERO);
        BigDecimal value = BigDecimal.valueOf(amount).multiply(unit.multiplier);
        return rexBuilder.makeIntervalLiteral(value, qualifier);
    }

    private RexNode plus(RexNode date, RexNode interval)
    {
        return rexBuilder.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date, interval);
    }

    private RexNode minus(RexNode date, RexNode interval)
    {
        // the form SQL's DATE - INTERVAL converts to
        return rexBuilder.makeCall(date.getType(), SqlStdOperatorTable.MINUS, List.of(date, interval));
    }
}
