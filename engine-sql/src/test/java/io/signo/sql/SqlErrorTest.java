package io.signo.sql;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a user sees when a statement is wrong: the error code, the offending name and where it is; and the engine carries on. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlErrorTest
{
    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("sql-errors"));
        engine = new SignoEngine(dataSet.catalog(), 2);
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void syntaxErrorReportsLineAndColumn()
    {
        // the parser points at the first token it could not continue with, quoting from there
        SignoException error = assertFails(ErrorCode.SYNTAX_ERROR, "SELECT n_name\nFROM nation\nWHERE n_nationkey = = 1");
        assertTrue(error.getMessage().startsWith("line 3, column 19: Encountered \"= =\""), error.getMessage());
        assertStillAnswers();

        error = assertFails(ErrorCode.SYNTAX_ERROR, "SELEC 1");
        assertTrue(error.getMessage().startsWith("line 1, column 1:"), error.getMessage());
        assertStillAnswers();

        error = assertFails(ErrorCode.SYNTAX_ERROR, "SELECT n_name FROM nation WHERE (n_nationkey = 1");
        assertTrue(error.getMessage().startsWith("line 1, column "), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void deeplyNestedStatementsFailAsTooComplex()
    {
        String parentheses = "SELECT " + "(".repeat(2000) + "1" + " + 1)".repeat(2000);
        assertTrue(assertFails(ErrorCode.STATEMENT_TOO_COMPLEX, parentheses).getMessage().contains("nested too deeply"));
        assertStillAnswers();
        String chain = "SELECT " + "n_nationkey + ".repeat(2000) + "1 FROM nation";
        assertTrue(assertFails(ErrorCode.STATEMENT_TOO_COMPLEX, chain).getMessage().contains("nested too deeply"));
        assertStillAnswers();
        assertFails(ErrorCode.STATEMENT_TOO_COMPLEX, nestedSubQueries(1200));
        assertStillAnswers();
        // a long OR chain is one level deep, as the planner flattens it
        String ors = "SELECT count(*) FROM nation WHERE " + String.join(" OR ", Collections.nCopies(1500, "n_name = 'x'")) + " OR n_nationkey = 3";
        assertEquals(List.of(List.of(1L)), ResultRows.toRows(engine.execute(ors)));
    }

    @Test
    void scalarSubQueryOfSeveralRowsIsACardinalityViolation()
    {
        SignoException error = assertFails(ErrorCode.CARDINALITY_VIOLATION, "SELECT n_name FROM nation WHERE n_regionkey = (SELECT r_regionkey FROM region WHERE r_name > 'B')");
        assertTrue(error.getMessage().contains("more than one row"), error.getMessage());
        assertStillAnswers();
    }

    private static String nestedSubQueries(int depth)
    {
        return "SELECT * FROM (".repeat(depth) + "SELECT 1" + ") t".repeat(depth);
    }

    @Test
    void unknownTableIsTableNotFoundNamingItAndItsPosition()
    {
        SignoException error = assertFails(ErrorCode.TABLE_NOT_FOUND, "SELECT *\n  FROM nations");
        assertTrue(error.getMessage().startsWith("line 2, column 8:"), error.getMessage());
        assertTrue(error.getMessage().contains("nations"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void unknownColumnIsColumnNotFoundNamingItAndItsPosition()
    {
        SignoException error = assertFails(ErrorCode.COLUMN_NOT_FOUND, "SELECT n_name, n_population FROM nation");
        assertTrue(error.getMessage().startsWith("line 1, column 16:"), error.getMessage());
        assertTrue(error.getMessage().contains("n_population"), error.getMessage());
        assertStillAnswers();

        error = assertFails(ErrorCode.COLUMN_NOT_FOUND, "SELECT n_name\nFROM nation\nWHERE r_name = 'ASIA'");
        assertTrue(error.getMessage().startsWith("line 3, column 7:"), error.getMessage());
        assertTrue(error.getMessage().contains("r_name"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void typeMismatchIsAValidationError()
    {
        SignoException error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT n_name FROM nation WHERE n_name > DATE '1995-01-01' * 2");
        assertTrue(error.getMessage().startsWith("line 1, column "), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void divisionByZeroWhileRunning()
    {
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT n_nationkey / (n_regionkey - n_regionkey) FROM nation");
        assertStillAnswers();
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT sum(l_quantity / (l_linenumber - l_linenumber)) FROM lineitem");
        assertStillAnswers();
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT MOD(p_size, p_size - p_size) FROM part");
        assertStillAnswers();
    }

    @Test
    void longDecimalErrorsCarryTheirCodes()
    {
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT CAST(l_extendedprice AS DECIMAL(30, 2)) / (l_linenumber - l_linenumber) FROM lineitem");
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT CAST(l_extendedprice AS DECIMAL(30, 2)) % CAST(l_linenumber - l_linenumber AS DECIMAL(25, 0)) FROM lineitem");
        assertStillAnswers();
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT CAST(99999999999999999999999999999999999999 AS DECIMAL(38, 0)) * (n_nationkey + 2) FROM nation");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT CAST(CAST(o_totalprice AS DECIMAL(30, 2)) * 1000000 AS DECIMAL(8, 2)) FROM orders");
        // AVG of a long DECIMAL keeps six digits after the point, so 32 whole digits: an average past them is an error, not a wrong value
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT AVG(CAST(n_nationkey AS DECIMAL(38, 0)) * 100000000000000000000000000000000000) FROM nation");
        SignoException average = assertFails(ErrorCode.NUMERIC_OVERFLOW,
                "SELECT n_regionkey, AVG(CAST(n_nationkey AS DECIMAL(38, 0)) * 100000000000000000000000000000000000) OVER (PARTITION BY n_regionkey) FROM nation");
        assertTrue(average.getMessage().contains("overflow"), average.getMessage());
        SignoException literal = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT CAST(123456789012345678901234567890123456789 AS DECIMAL(38, 0))");
        assertTrue(literal.getMessage().contains("out of range"), literal.getMessage());
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(n_name AS DECIMAL(38, 2)) FROM nation");
        // what long decimals do not do yet says so
        SignoException percentile = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT median(CAST(l_extendedprice AS DECIMAL(30, 2))) FROM lineitem");
        assertTrue(percentile.getMessage().contains("DECIMAL(30, 2)"), percentile.getMessage());
        SignoException range = assertFails(ErrorCode.NOT_SUPPORTED,
                "SELECT sum(o_totalprice) OVER (ORDER BY CAST(o_totalprice AS DECIMAL(30, 2)) RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) FROM orders");
        assertTrue(range.getMessage().contains("RANGE"), range.getMessage());
        SignoException precision = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT CAST(n_nationkey AS DECIMAL(39, 0)) FROM nation");
        assertTrue(precision.getMessage().contains("line 1, column 28") && precision.getMessage().contains("39"), precision.getMessage());
        assertStillAnswers();
    }

    @Test
    void errorsWhileRunningCarryTheCodeOfWhatWentWrong()
    {
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT n_nationkey + 9223372036854775807 * (n_nationkey + 1) FROM nation");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT CAST(o_totalprice * 1000000 AS DECIMAL(8, 2)) FROM orders");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(n_name AS INTEGER) FROM nation");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(n_name AS DATE) FROM nation");
        assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT SUBSTRING(n_name FROM 1 FOR n_regionkey - 5) FROM nation");
        assertStillAnswers();
    }

    @Test
    void integerOverflowIsAnErrorFoldedOrNot()
    {
        // Calcite's own folding computes with Java ints and longs, which wrap
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT 2147483647 * 2");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT 2147483647 + 1");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT -2147483648 - 1");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT -(-2147483647 - 1)");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT 9223372036854775807 + 1");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT 9223372036854775807 * -1 - 2");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT 3037000500 * 3037000500");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT -(-9223372036854775807 - 1)");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT ABS(-2147483647 - 1)");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT ABS(-9223372036854775807 - 1)");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT ABS(CAST(-2147483647 - n_nationkey AS INTEGER)) FROM nation WHERE n_nationkey = 1");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT ABS(-9223372036854775807 - n_nationkey) FROM nation");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT CAST(9223372036854775807 AS INTEGER)");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT count(*) FROM nation WHERE n_nationkey < 2147483647 + 1");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT n_nationkey + 9223372036854775807 FROM nation");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT p_size * 2147483647 FROM part");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT p_size - 2147483647 - 2147483647 FROM part");
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT -(n_nationkey - 9223372036854775807 - 1) FROM nation");
        // the common type of a BIGINT and a DECIMAL(p, 1) keeps the fraction digit, so the largest BIGINTs do not fit it
        assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT n_nationkey FROM nation UNION ALL SELECT 9223372036854775807 UNION ALL SELECT 0.5");
        assertStillAnswers();
        // a branch that would overflow fails only where it runs
        assertEquals(List.of(List.of(25L)),
                ResultRows.toRows(engine.execute("SELECT count(CASE WHEN n_nationkey < 0 THEN 2147483647 * 2 ELSE 1 END) FROM nation")));
    }

    @Test
    void unknownFunctionIsFunctionNotFound()
    {
        SignoException error = assertFails(ErrorCode.FUNCTION_NOT_FOUND, "SELECT no_such_function(n_name) FROM nation");
        assertTrue(error.getMessage().contains("NO_SUCH_FUNCTION") || error.getMessage().contains("no_such_function"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void functionsOfTheWrongTypeFailAtValidationAndOverflowsWhileRunning()
    {
        // a string column is not cast to a number to fit a function, as in DuckDB
        SignoException error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT SQRT(n_name) FROM nation");
        assertTrue(error.getMessage().startsWith("line 1, column 8: Cannot apply 'SQRT'"), error.getMessage());
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT ROUND(n_comment, 2) FROM nation");
        assertTrue(error.getMessage().contains("ROUND"), error.getMessage());
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT GREATEST(n_nationkey, n_name) FROM nation");
        assertTrue(error.getMessage().contains("GREATEST"), error.getMessage());
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT AGE(n_name) FROM nation");
        assertTrue(error.getMessage().contains("AGE"), error.getMessage());
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT AGE(TIMESTAMP '2020-01-01 00:00:00', n_nationkey) FROM nation");
        assertTrue(error.getMessage().contains("AGE"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT ROUND(s_acctbal, s_nationkey) FROM supplier");
        assertTrue(error.getMessage().contains("ROUND to a number of digits that is not a constant"), error.getMessage());
        assertStillAnswers();

        // the largest INTEGER, 2147483647, rounds to 2147483650
        SignoException overflow = assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT ROUND(CAST(2147483647 - n_nationkey AS INTEGER), -1) FROM nation");
        assertTrue(overflow.getMessage().contains("ROUND"), overflow.getMessage());
        assertStillAnswers();
    }

    @Test
    void stringFunctionErrorsNameTheFunction()
    {
        SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT LPAD(n_name, 30, '') FROM nation");
        assertTrue(error.getMessage().contains("LPAD") && error.getMessage().contains("empty fill"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT LTRIM(n_name, n_comment) FROM nation");
        assertTrue(error.getMessage().contains("LTRIM of characters that are not a constant"), error.getMessage());
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT SPLIT_PART(n_name, ',', n_comment) FROM nation");
        assertTrue(error.getMessage().contains("SPLIT_PART"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT n_name ILIKE n_comment FROM nation");
        assertTrue(error.getMessage().contains("ILIKE with a pattern that is not a constant"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void regularExpressionErrorsNameThePattern()
    {
        SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES(n_name, '(A') FROM nation");
        assertTrue(error.getMessage().contains("REGEXP_MATCHES") && error.getMessage().contains("'(A'") && error.getMessage().contains("missing closing )"), error.getMessage());
        // a constant pattern fails before any row is read, even where no row would reach it
        assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT n_name ~ 'A**' FROM nation WHERE n_nationkey < 0");
        assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES('abc', '[z-a]')");
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_REPLACE(n_name, '(A)', '\\2') FROM nation");
        assertTrue(error.getMessage().contains("group 2") && error.getMessage().contains("'(A)'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_REPLACE(n_name, 'A', '\\x') FROM nation");
        assertTrue(error.getMessage().contains("backslash"), error.getMessage());
        // RE2 has no back-references: what it runs, it runs in time linear in the text
        assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES(n_name, '(A)\\1') FROM nation");
        // a pattern from a column fails on the first row that has it
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES(n_name, CASE WHEN n_nationkey = 7 THEN '+' ELSE 'A' END) FROM nation");
        assertTrue(error.getMessage().contains("'+'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT n_name SIMILAR TO '(A%' FROM nation");
        assertTrue(error.getMessage().contains("SIMILAR TO") && error.getMessage().contains("'(A%'"), error.getMessage());
        assertStillAnswers();

        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES(n_name, 'a', 'ix') FROM nation");
        assertTrue(error.getMessage().contains("'x'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_EXTRACT(n_name, 'a', 0, 'g') FROM nation");
        assertTrue(error.getMessage().contains("'g'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_MATCHES(n_name, 'a', n_comment) FROM nation");
        assertTrue(error.getMessage().contains("options must be a constant"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_EXTRACT(n_name, '(A)', n_nationkey) FROM nation");
        assertTrue(error.getMessage().contains("group must be a constant"), error.getMessage());
        assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT REGEXP_EXTRACT(n_name, '(A)', -1) FROM nation");
        assertFails(ErrorCode.VALIDATION_ERROR, "SELECT n_nationkey ~ '1' FROM nation");
        error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT REGEXP_REPLACE(n_name, 'A') FROM nation");
        assertTrue(error.getMessage().contains("REGEXP_REPLACE"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT n_name SIMILAR TO n_comment FROM nation");
        assertTrue(error.getMessage().contains("SIMILAR TO with a pattern that is not a constant"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void castOfNaNOrInfinityToAnExactTypeIsInvalid()
    {
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('NaN' AS DOUBLE) AS INTEGER)");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('NaN' AS DOUBLE) AS BIGINT)");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('Infinity' AS DOUBLE) AS BIGINT)");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('-Infinity' AS DOUBLE) AS INTEGER)");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('NaN' AS DOUBLE) AS DECIMAL(10, 2))");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST('NaN' AS DOUBLE) + n_nationkey AS INTEGER) FROM nation");
        assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(CAST(n_nationkey AS DOUBLE) * CAST('Infinity' AS DOUBLE) AS INTEGER) FROM nation");
        assertStillAnswers();
    }

    @Test
    void dateArithmeticPastTheRangeOfDateIsAnError()
    {
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT DATE '2020-01-01' + INTERVAL '2147483647' DAY");
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT DATE '1960-01-01' - INTERVAL '2147483647' DAY");
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT DATE '2020-01-01' + INTERVAL '999999999' YEAR");
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT o_orderdate + INTERVAL '2147483647' DAY FROM orders");
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT o_orderdate + INTERVAL '999999999' YEAR FROM orders");
        assertStillAnswers();
    }

    @Test
    void codesHaveStableNumbersAndSqlStates()
    {
        for (ErrorCode code : ErrorCode.values()) {
            assertEquals(code, ErrorCode.ofNumber(code.number()));
            assertEquals(5, code.sqlState().length(), code.name());
        }
        assertEquals(ErrorCode.INTERNAL_ERROR, ErrorCode.ofNumber(0));
        assertEquals(ErrorCode.INTERNAL_ERROR, ErrorCode.ofNumber(10_000));
        assertEquals("22012", ErrorCode.DIVISION_BY_ZERO.sqlState());
        assertEquals("22003", ErrorCode.NUMERIC_OVERFLOW.sqlState());
    }

    @Test
    void aFailureWithoutACodeIsAnInternalError()
    {
        SignoException internal = SignoException.of(new CompletionException(new IllegalStateException("broken invariant")));
        assertEquals(ErrorCode.INTERNAL_ERROR, internal.errorCode());
        assertTrue(internal.getMessage().contains("broken invariant"), internal.getMessage());
        SignoException coded = new SignoException(ErrorCode.DIVISION_BY_ZERO, "Division by zero");
        assertEquals(coded, SignoException.of(new ExecutionException(coded)));
    }

    @Test
    void emptyStatement()
    {
        assertFails(ErrorCode.SYNTAX_ERROR, "");
        assertFails(ErrorCode.SYNTAX_ERROR, "   \n\t ");
        assertStillAnswers();
    }

    @Test
    void generatedTablesAreReadOnly()
    {
        SignoException error = assertFails(ErrorCode.READ_ONLY_TABLE, "INSERT INTO region VALUES (9, 'MARS', 'red')");
        assertTrue(error.getMessage().contains("--db"), error.getMessage());
        assertFails(ErrorCode.READ_ONLY_TABLE, "CREATE TABLE mine (x INTEGER)");
        assertStillAnswers();
    }

    @Test
    void unknownDatePartIsAnInvalidArgumentNamingIt()
    {
        for (String sql : List.of("SELECT DATE_TRUNC('fortnight', o_orderdate) FROM orders",
                "SELECT DATE_DIFF('fortnight', o_orderdate, DATE '2000-01-01') FROM orders",
                "SELECT DATEDIFF('fortnight', o_orderdate, DATE '2000-01-01') FROM orders",
                "SELECT DATE_PART('fortnight', o_orderdate) FROM orders",
                "SELECT DATEPART('Fortnight', o_orderdate) FROM orders")) {
            SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, sql);
            assertTrue(error.getMessage().toLowerCase(Locale.ROOT).contains("'fortnight'"), error.getMessage());
            assertStillAnswers();
        }
        SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT DATE_TRUNC('dow', o_orderdate) FROM orders");
        assertTrue(error.getMessage().contains("'dow'"), error.getMessage());
    }

    @Test
    void impossibleDateIsOutOfRange()
    {
        SignoException error = assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT MAKE_DATE(2019, 2, 29 + n_nationkey) FROM nation");
        assertTrue(error.getMessage().contains("2019-2-29"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void invalidTimesIntervalsAndInstantsNameTheirText()
    {
        for (String sql : List.of("SELECT CAST('25:00:00' AS TIME)", "SELECT CAST(n_name AS TIME) FROM nation", "SELECT CAST('12:61' AS TIME)")) {
            SignoException error = assertFails(ErrorCode.INVALID_CAST, sql);
            assertTrue(error.getMessage().contains("Invalid TIME '"), error.getMessage());
        }
        SignoException error = assertFails(ErrorCode.INVALID_CAST, "SELECT CAST('3 fortnights' AS INTERVAL DAY)");
        assertTrue(error.getMessage().contains("'3 fortnights'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(n_name || ' days' AS INTERVAL DAY) FROM nation");
        assertTrue(error.getMessage().contains("ALGERIA days"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_CAST, "SELECT CAST('2 days' AS INTERVAL YEAR)");
        assertTrue(error.getMessage().contains("'2 days'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_CAST, "SELECT CAST(n_name AS TIMESTAMP WITH TIME ZONE) FROM nation");
        assertTrue(error.getMessage().contains("Invalid TIMESTAMP WITH TIME ZONE 'ALGERIA'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_CAST, "SELECT TIMESTAMPTZ '2024-01-01 10:00:00 Mars/Olympus'");
        assertTrue(error.getMessage().contains("Mars/Olympus"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void unknownTimeZoneIsAnInvalidArgumentNamingIt()
    {
        SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, "SET TIME ZONE 'Mars/Olympus'");
        assertTrue(error.getMessage().contains("'Mars/Olympus'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SET timezone = 'Europe/Atlantis'");
        assertTrue(error.getMessage().contains("'Europe/Atlantis'"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT TIMEZONE('Mars/Olympus', CAST(o_orderdate AS TIMESTAMP)) FROM orders");
        assertTrue(error.getMessage().contains("'Mars/Olympus'"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT TIMEZONE(n_name, TIMESTAMP '2024-01-01 00:00:00') FROM nation");
        assertTrue(error.getMessage().contains("time zone that is not a constant"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void dateFormatsNameWhatDoesNotMatch()
    {
        SignoException error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT STRPTIME('2024-13-02', '%Y-%m-%d')");
        assertTrue(error.getMessage().contains("\"2024-13-02\"") && error.getMessage().contains("\"%Y-%m-%d\"") && error.getMessage().contains("month"),
                error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT STRPTIME(n_name, '%Y-%m-%d') FROM nation");
        assertTrue(error.getMessage().contains("\"ALGERIA\""), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT STRPTIME('2024-07-02x', '%Y-%m-%d')");
        assertTrue(error.getMessage().contains("trailing"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT STRPTIME('2024-02-30', '%Y-%m-%d')");
        assertTrue(error.getMessage().contains("day out of range"), error.getMessage());
        for (String sql : List.of("SELECT STRFTIME(o_orderdate, '%Y %Q') FROM orders", "SELECT STRPTIME('2024', '%Y %Q')")) {
            error = assertFails(ErrorCode.INVALID_ARGUMENT, sql);
            assertTrue(error.getMessage().contains("%Q"), error.getMessage());
        }
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT STRFTIME(o_orderdate, '%Y %') FROM orders");
        assertTrue(error.getMessage().contains("'%Y %'"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT STRFTIME(o_orderdate, n_name) FROM orders, nation");
        assertTrue(error.getMessage().contains("format that is not a constant"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT STRPTIME('2024', n_name) FROM nation");
        assertTrue(error.getMessage().contains("format that is not a constant"), error.getMessage());
        for (String sql : List.of("SELECT STRFTIME(42, '%Y')", "SELECT STRFTIME(n_name, '%Y') FROM nation", "SELECT STRPTIME(42, '%Y')",
                "SELECT TIMEZONE('UTC', 42)")) {
            error = assertFails(ErrorCode.VALIDATION_ERROR, sql);
            assertTrue(error.getMessage().toUpperCase(Locale.ROOT).contains(sql.substring(7, 15).toUpperCase(Locale.ROOT).replaceAll("\\(.*", "")), error.getMessage());
        }
        assertStillAnswers();
    }

    @Test
    void timeAndIntervalMisuseIsClear()
    {
        SignoException error = assertFails(ErrorCode.VALIDATION_ERROR, "SELECT EXTRACT(YEAR FROM TIME '12:00:00')");
        assertTrue(error.getMessage().contains("EXTRACT") && error.getMessage().contains("TIME"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT DATE_PART('year', TIME '12:00:00')");
        assertTrue(error.getMessage().contains("TIME"), error.getMessage());
        error = assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT DATE_PART('dow', CAST(o_orderdate AS TIMESTAMP) - TIMESTAMP '1992-01-01 00:00:00') FROM orders");
        assertTrue(error.getMessage().contains("INTERVAL"), error.getMessage());
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT INTERVAL '1' HOUR / (o_orderkey - o_orderkey) FROM orders");
        assertFails(ErrorCode.DIVISION_BY_ZERO, "SELECT INTERVAL '1' HOUR / (o_totalprice - o_totalprice) FROM orders");
        error = assertFails(ErrorCode.NUMERIC_OVERFLOW, "SELECT INTERVAL '100000000' DAY * o_orderkey * o_orderkey FROM orders");
        assertTrue(error.getMessage().contains("INTERVAL"), error.getMessage());
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT INTERVAL '1' MONTH * 1.5");
        assertTrue(error.getMessage().contains("year-month INTERVAL"), error.getMessage());
        assertFails(ErrorCode.DATETIME_OUT_OF_RANGE, "SELECT CAST(o_orderdate AS TIMESTAMP) + INTERVAL '106750000' DAY FROM orders");
        error = assertFails(ErrorCode.NOT_SUPPORTED, "SELECT CAST(TIME '10:00:00' AS TIMESTAMP)");
        assertTrue(error.getMessage().contains("CAST from TIME to TIMESTAMP"), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void recursionPastTheSessionsDepthFails()
    {
        String series = "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10) SELECT count(*) FROM t";
        Session session = new Session("recursion");
        session.set(Session.MAX_RECURSION_DEPTH, "9");
        // nine runs of the recursive term produce 2..10, the tenth nothing
        assertEquals(List.of(List.of(10L)), ResultRows.toRows(engine.execute(session, series, new QueryControl())));
        session.set(Session.MAX_RECURSION_DEPTH, "8");
        SignoException error = assertThrows(SignoException.class, () -> engine.execute(session, series, new QueryControl()));
        assertEquals(ErrorCode.RECURSION_LIMIT_EXCEEDED, error.errorCode(), error.getMessage());
        assertTrue(error.getMessage().contains("recursive query t still produced rows after 8 iterations") && error.getMessage().contains("SET max_recursion_depth"),
                error.getMessage());
        // a recursion that never ends stops at the default limit
        assertFails(ErrorCode.RECURSION_LIMIT_EXCEEDED, "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t");
        assertStillAnswers();
    }

    @Test
    void recursionOutgrowingTheQueryMemoryFails()
    {
        Session session = new Session("recursion");
        session.set(Session.QUERY_MAX_MEMORY, "4MB");
        // every run joins its rows with all 25 nations: the working table grows 25 times per run
        String growing = "WITH RECURSIVE t(n, depth) AS (SELECT 1, 0 UNION ALL SELECT n_nationkey, depth + 1 FROM t, nation WHERE depth < 20) SELECT count(*) FROM t";
        SignoException error = assertThrows(SignoException.class, () -> engine.execute(session, growing, new QueryControl()));
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode(), error.getMessage());
        assertStillAnswers();
    }

    @Test
    void recursiveTermReadingTheCteInANestedRecursionIsNotSupported()
    {
        SignoException error = assertFails(ErrorCode.NOT_SUPPORTED, """
                WITH RECURSIVE outer_cte(n) AS (
                    SELECT 1
                    UNION ALL
                    SELECT m FROM (WITH RECURSIVE inner_cte(m) AS (SELECT n + 1 FROM outer_cte WHERE n < 3 UNION ALL SELECT m + 10 FROM inner_cte WHERE m < 10)
                                   SELECT m FROM inner_cte) AS nested)
                SELECT count(*) FROM outer_cte""");
        assertTrue(error.getMessage().contains("outer_cte"), error.getMessage());
        assertStillAnswers();
    }

    private SignoException assertFails(ErrorCode expected, String sql)
    {
        SignoException error = assertThrows(SignoException.class, () -> engine.execute(sql), sql);
        assertEquals(expected, error.errorCode(), sql + ": " + error.getMessage());
        return error;
    }

    private void assertStillAnswers()
    {
        assertEquals(List.of(List.of(25L, 300L)), ResultRows.toRows(engine.execute("SELECT count(*), sum(n_nationkey) FROM nation")));
    }
}
