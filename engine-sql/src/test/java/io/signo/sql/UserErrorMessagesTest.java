package io.signo.sql;

import io.signo.sql.planner.StatementLimits;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The messages and codes of the user errors issue 23 found leaking Java exception text, and of the
 * limits a statement meets: each names what was wrong, in the user's terms, with its code; none
 * carries an exception's class name; a huge input is never echoed whole.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UserErrorMessagesTest
{
    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("user-errors"));
        engine = new SignoEngine(dataSet.catalog(), 2);
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void aLiteralPast38DigitsIsAnErrorNamingIt()
    {
        // up to 38 digits a literal is an exact DECIMAL (a 128-bit one past 18 digits)
        assertEquals(new java.math.BigInteger("9999999999999999999"), single("SELECT 9999999999999999999"));
        assertEquals(Long.MAX_VALUE, ((Number) single("SELECT 9223372036854775807")).longValue());
        String tooLong = "9".repeat(40);
        assertEquals("line 1, column 8: Numeric literal '" + tooLong + "' out of range", assertFails(ErrorCode.VALIDATION_ERROR, "SELECT " + tooLong).getMessage());
        assertFails(ErrorCode.VALIDATION_ERROR, "SELECT n_name FROM nation WHERE n_nationkey < " + tooLong);
        // as a DOUBLE it runs
        assertEquals(1e40, ((Number) single("SELECT " + tooLong + "E0")).doubleValue(), 1e26);
    }

    @Test
    void aLikeEscapeOfOtherThanOneCharacterIsAnInvalidArgument()
    {
        assertEquals("line 1, column 28: LIKE escape must be one character: ''", assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT 'a' LIKE 'a' ESCAPE ''").getMessage());
        assertEquals("line 1, column 57: LIKE escape must be one character: 'ab'",
                assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT n_name FROM nation WHERE n_name LIKE 'A%' ESCAPE 'ab'").getMessage());
        assertTrue(assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT 'a' NOT LIKE 'a' ESCAPE ''").getMessage().contains("LIKE escape must be one character"));
        assertTrue(assertFails(ErrorCode.INVALID_ARGUMENT, "SELECT 'a' SIMILAR TO 'a' ESCAPE ''").getMessage().contains("SIMILAR TO escape must be one character"));
        // one character still works, NULLs included
        assertEquals(true, single("SELECT 'a%' LIKE 'a!%' ESCAPE '!'"));
        assertEquals(null, single("SELECT CAST(NULL AS VARCHAR) LIKE 'a' ESCAPE '!'"));
    }

    @Test
    void expressionsNested2000DeepAreTooComplex()
    {
        for (String sql : List.of(
                "SELECT " + "(".repeat(2000) + "1" + ")".repeat(2000),
                "SELECT " + "abs(".repeat(2000) + "1" + ")".repeat(2000),
                "SELECT " + "1+(".repeat(2000) + "1" + ")".repeat(2000),
                "SELECT " + "-(".repeat(2000) + "1" + ")".repeat(2000),
                "SELECT " + "CASE WHEN 1=1 THEN ".repeat(2000) + "1" + " END".repeat(2000),
                "SELECT " + "NOT ".repeat(2000) + "true",
                "SELECT " + "coalesce(".repeat(2000) + "n_nationkey" + ",1)".repeat(2000) + " FROM nation",
                "SELECT * FROM " + "(SELECT * FROM ".repeat(2000) + "nation" + ") t".repeat(2000))) {
            SignoException error = assertFails(ErrorCode.STATEMENT_TOO_COMPLEX, sql);
            assertTrue(error.getMessage().startsWith("the statement is"), error.getMessage());
        }
        assertStillAnswers();
    }

    @Test
    void parenthesesAreCountedOnlyOutsideStringsAndComments()
    {
        // parentheses alone leave no level in the parsed statement, so the text's nesting is what is limited
        SignoException error = assertFails(ErrorCode.STATEMENT_TOO_COMPLEX, "SELECT " + "(".repeat(1001) + "1" + ")".repeat(1001));
        assertEquals("the statement is nested too deeply: expressions or sub-queries more than 1000 levels within each other", error.getMessage());
        assertEquals(3001L, ((Number) single("SELECT length('" + "(".repeat(3000) + "' || ')') /* " + "(".repeat(3000) + " */")).longValue());
        assertEquals(2L, ((Number) single("SELECT length(\"" + "(".repeat(2) + "\") FROM (SELECT 'ab' AS \"((\") t -- " + "(".repeat(3000))).longValue());
    }

    @Test
    void aHugeIdentifierIsRefusedWithoutEchoingIt()
    {
        String name = "a".repeat(100_000);
        for (String sql : List.of("SELECT 1 AS " + name, "SELECT 1 AS \"" + name + "\"", "SELECT * FROM " + name)) {
            SignoException error = assertFails(ErrorCode.SYNTAX_ERROR, sql);
            assertTrue(error.getMessage().contains("'" + "a".repeat(32) + "... (100000 characters)' must be less than or equal to 128 characters"), error.getMessage());
            assertTrue(error.getMessage().length() < 300, error.getMessage());
        }
    }

    @Test
    void aStatementPastItsLengthIsTooLarge()
    {
        String sql = "SELECT length('" + "x".repeat(StatementLimits.MAX_STATEMENT_LENGTH) + "')";
        SignoException error = assertFails(ErrorCode.STATEMENT_TOO_LARGE, sql);
        assertEquals("the statement is " + sql.length() + " characters long; the limit is 1000000 (load large lists of values into a table, or read them from a file with read_csv)", error.getMessage());
        // a long literal within the limit runs
        assertEquals(500_000L, ((Number) single("SELECT length('" + "x".repeat(500_000) + "')")).longValue());
    }

    @Test
    void anInListPastItsLimitIsTooLarge()
    {
        String values = IntStream.range(0, StatementLimits.MAX_IN_LIST_VALUES + 1).mapToObj(Integer::toString).collect(Collectors.joining(","));
        SignoException error = assertFails(ErrorCode.STATEMENT_TOO_LARGE, "SELECT count(*) FROM nation WHERE n_nationkey IN (" + values + ")");
        assertEquals("line 1, column 35: the IN list has 100001 values; the limit is 100000 (join with a table of the values instead)", error.getMessage());
        assertFails(ErrorCode.STATEMENT_TOO_LARGE, "SELECT count(*) FROM nation WHERE n_nationkey NOT IN (" + values + ")");
        String atLimit = IntStream.range(0, StatementLimits.MAX_IN_LIST_VALUES).mapToObj(Integer::toString).collect(Collectors.joining(","));
        assertEquals(25L, ((Number) single("SELECT count(*) FROM nation WHERE n_nationkey IN (" + atLimit + ")")).longValue());
    }

    @Test
    void aMessageQuotingAHugeValueIsCut()
    {
        SignoException error = assertFails(ErrorCode.INVALID_CAST, "SELECT CAST('" + "7".repeat(5_000) + "x' AS INTEGER)");
        assertTrue(error.getMessage().length() < 2_100, "a message of " + error.getMessage().length() + " characters");
        assertTrue(error.getMessage().endsWith("more characters)"), error.getMessage());
    }

    @Test
    void aFailureWithoutACodeNamesNoJavaClassOnceTheServerShowsIt()
    {
        // the engine reports a bug as INTERNAL_ERROR with its cause (the server replaces the text with the query id, see ManagedResultStream)
        SignoException internal = SignoException.of(new IllegalStateException("broken invariant"));
        assertEquals(ErrorCode.INTERNAL_ERROR, internal.errorCode());
        // the JVM refusing native memory is the query's memory limit, not a bug
        SignoException memory = SignoException.of(new OutOfMemoryError("Cannot reserve 1048576 bytes of direct buffer memory (allocated: 1, limit: 2)"));
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, memory.errorCode());
        assertFalse(memory.getMessage().contains("OutOfMemoryError"), memory.getMessage());
    }

    private SignoException assertFails(ErrorCode code, String sql)
    {
        SignoException error = assertThrows(SignoException.class, () -> engine.execute(sql), () -> sql.substring(0, Math.min(sql.length(), 200)));
        assertEquals(code, error.errorCode(), error.getMessage());
        for (String leak : List.of("Exception", "java.", "org.apache", "\tat ")) {
            assertFalse(error.getMessage().contains(leak), "'" + leak + "' in: " + error.getMessage());
        }
        return error;
    }

    private Object single(String sql)
    {
        QueryResult result = engine.execute(sql);
        assertEquals(1, result.rowCount(), sql);
        return result.pages().stream().filter(page -> page.positionCount() > 0).findFirst().orElseThrow().column(0).getObject(0);
    }

    private void assertStillAnswers()
    {
        assertEquals(25L, ((Number) single("SELECT count(*) FROM nation")).longValue());
    }
}
