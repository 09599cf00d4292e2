package io.signo.sql;

import io.signo.reference.OrderByKeys;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Every pair of numeric types through CASE, COALESCE, GREATEST, UNION ALL, IN, comparisons and
 * arithmetic, and every cast between them, as columns computed at run time and as constants folded at
 * planning, with DuckDB's answers over the same data. The values have fractions that an integer
 * type rounds away, NULLs, negatives and zeros, so that a lost fraction, a wrong rounding or a wrong
 * NULL shows as a difference.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NumericCoercionTest
{
    /** The numeric types: both integer widths, short and long DECIMALs, both floating-point types. */
    private static final List<String> TYPES = List.of(
            "INTEGER", "BIGINT", "DECIMAL(4, 1)", "DECIMAL(12, 3)", "DECIMAL(18, 2)", "DECIMAL(25, 5)", "DECIMAL(38, 10)", "REAL", "DOUBLE");

    /** Constants cast to each type: halves, a value with a third fraction digit, zero, negatives. */
    private static final List<String> CONSTANTS = List.of("12.5", "-12.5", "2.7", "-2.45", "1.005", "0", "99.95");

    private TpchFixture tpch;
    private DuckDbTpch duckDb;
    private SignoEngine engine;

    @BeforeAll
    void load()
            throws Exception
    {
        tpch = TpchFixture.withDuckDb(Setup.of(0.01));
        duckDb = tpch.duckDb();
        engine = tpch.engine();
        try (Statement statement = duckDb.connection().createStatement()) {
            // the SQL standard (and Calcite): INTEGER / INTEGER is an INTEGER
            statement.execute("SET integer_division = true");
        }
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @TestFactory
    Stream<DynamicTest> pairsOfColumns()
    {
        return pairs(this::columnsOfPair);
    }

    @TestFactory
    Stream<DynamicTest> pairsOfConstants()
    {
        return pairs(this::constantsOfPair);
    }

    @TestFactory
    Stream<DynamicTest> unionsOfPairs()
    {
        return pairs(pair -> "SELECT k, a AS v FROM (" + columns(pair[0], pair[1]) + ") UNION ALL SELECT k + 100, b FROM (" + columns(pair[0], pair[1]) + ") ORDER BY k");
    }

    @TestFactory
    Stream<DynamicTest> castsOfColumns()
    {
        return TYPES.stream().map(source -> test("cast column " + source, "SELECT k, "
                + TYPES.stream().map(target -> "CAST(a AS " + target + ")").collect(Collectors.joining(", "))
                + " FROM (" + columns(source, source) + ") ORDER BY k"));
    }

    @TestFactory
    Stream<DynamicTest> castsOfConstants()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String source : TYPES) {
            for (String constant : CONSTANTS) {
                String value = "CAST(" + constant + " AS " + source + ")";
                tests.add(test("cast constant " + value, "SELECT "
                        + TYPES.stream().map(target -> "CAST(" + value + " AS " + target + ")").collect(Collectors.joining(", "))));
            }
        }
        return tests.stream();
    }

    /**
     * Rows of two columns a and b of the given types over the 25 nations: fractions of a quarter and
     * three quarters, negatives, zeros, and NULLs in a few rows of each.
     */
    private static String columns(String leftType, String rightType)
    {
        return "SELECT n_nationkey AS k, CAST(CASE WHEN n_nationkey % 7 = 3 THEN NULL ELSE (n_nationkey - 12) * 1.25 END AS " + leftType + ") AS a, "
                + "CAST(CASE WHEN n_nationkey % 5 = 1 THEN NULL ELSE (7 - n_nationkey) * 0.75 END AS " + rightType + ") AS b FROM nation";
    }

    private String columnsOfPair(String[] pair)
    {
        return "SELECT k, " + mixes("a", "b", "k % 2 = 0") + " FROM (" + columns(pair[0], pair[1]) + ") ORDER BY k";
    }

    private String constantsOfPair(String[] pair)
    {
        String a = "CAST(-2.5 AS " + pair[0] + ")";
        String b = "CAST(0.75 AS " + pair[1] + ")";
        String nullA = "CAST(NULL AS " + pair[0] + ")";
        return "SELECT " + mixes(a, b, "1 > 0") + ", " + mixes(b, a, "1 < 0") + ", COALESCE(" + nullA + ", " + b + "), " + nullA + " + " + b;
    }

    /** The expressions that mix two operands of different types; {@code condition} picks a CASE branch. */
    private static String mixes(String a, String b, String condition)
    {
        return String.join(", ",
                "CASE WHEN " + condition + " THEN " + a + " ELSE " + b + " END",
                "COALESCE(" + a + ", " + b + ")",
                "GREATEST(" + a + ", " + b + ")",
                a + " + " + b,
                a + " - " + b,
                a + " * " + b,
                a + " / NULLIF(" + b + ", 0)",
                a + " = " + b,
                a + " < " + b,
                a + " >= " + b,
                a + " IN (" + b + ", 3)");
    }

    private Stream<DynamicTest> pairs(Function<String[], String> statement)
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String left : TYPES) {
            for (String right : TYPES) {
                tests.add(test(left + " with " + right, statement.apply(new String[] {left, right})));
            }
        }
        return tests.stream();
    }

    private DynamicTest test(String name, String sql)
    {
        return dynamicTest(name, () -> {
            List<List<Object>> expected = duckDb.query(sql);
            List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
            ResultComparison.assertSameResult(expected, actual, OrderByKeys.present(sql), name + "\n" + sql);
        });
    }
}
