package io.signo.sql;

import io.signo.reference.OrderByKeys;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Runs the statements of the SQL files under {@code io/signo/sql/queries} on Signo and on DuckDB
 * over the same TPC-H data (see {@link Setup}) and compares the answers (in order when the statement has a
 * top-level ORDER BY); a statement with a {@code -- fails: CODE} comment must fail on both, on Signo
 * with that {@link ErrorCode}. A {@code SET} statement (the session's time zone) runs on both and is not
 * compared; both sessions start in {@value #TIME_ZONE}. Statements in {@code unsupported.sql} must
 * instead fail on Signo with NOT_SUPPORTED and a message containing the text of their
 * {@code -- error:} comment.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SqlQuerySuite
{
    private static final String DIRECTORY = "queries/";
    private static final String SHARED_FILE = "shared_subplans.sql";
    private static final List<String> FILES = List.of(
            "joins.sql",
            "aggregates.sql",
            "subqueries.sql",
            "expressions.sql",
            "numeric_functions.sql",
            "decimals.sql",
            "string_functions.sql",
            "regexp.sql",
            "strings_dates.sql",
            "timestamps.sql",
            "dates.sql",
            "times.sql",
            "intervals.sql",
            "date_formats.sql",
            "timestamptz.sql",
            "set_operations.sql",
            "sort_limit.sql",
            "nulls_empty.sql",
            "coercion.sql",
            "windows.sql",
            "grouping_sets.sql",
            "dialect.sql",
            "recursive.sql",
            "in_lists.sql",
            SHARED_FILE);
    private static final String UNSUPPORTED_FILE = "unsupported.sql";
    private static final String ERROR_COMMENT = "-- error:";
    /** The sessions' time zone (with summer time, so that instants show two offsets). */
    private static final String TIME_ZONE = "Europe/Berlin";
    /** A SET statement, after its comment lines. */
    private static final Pattern SET_STATEMENT = Pattern.compile("(?is)(\\s*--[^\\n]*\\n)*\\s*SET\\s.*");
    private static final String FAILS_COMMENT = "-- fails:";

    private final Setup setup;
    private final boolean runsEachStatementTwice;

    /** Whether {@code sql} sets a session property (the suite runs it on both engines) rather than querying. */
    public static boolean isSetStatement(String sql)
    {
        return SET_STATEMENT.matcher(sql).matches();
    }

    /** The files of statements the suite compares with DuckDB (the one of refused statements aside). */
    public static List<String> files()
    {
        return FILES;
    }

    private TpchFixture tpch;
    private DuckDbTpch duckDb;
    private SignoEngine engine;

    /** @param setup the data and the engine: scale, page size, driver and worker counts */
    SqlQuerySuite(Setup setup)
    {
        this(setup, false);
    }

    /** @param runsEachStatementTwice whether each query runs a second time, from the plan the engine kept of it, and must answer the same */
    SqlQuerySuite(Setup setup, boolean runsEachStatementTwice)
    {
        this.setup = setup;
        this.runsEachStatementTwice = runsEachStatementTwice;
    }

    @BeforeAll
    void load()
            throws Exception
    {
        tpch = TpchFixture.withDuckDb(setup);
        duckDb = tpch.duckDb();
        engine = tpch.engine();
        try (Statement statement = duckDb.connection().createStatement()) {
            // the SQL standard (and Calcite): INTEGER / INTEGER is an INTEGER
            statement.execute("SET integer_division = true");
            statement.execute("SET TimeZone = '" + TIME_ZONE + "'");
        }
        engine.execute("SET TIME ZONE '" + TIME_ZONE + "'");
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @TestFactory
    Stream<DynamicTest> sameAnswersAsDuckDb()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String file : FILES) {
            List<String> statements = statements(file);
            assertFalse(statements.isEmpty(), file + " has no statements");
            for (int i = 0; i < statements.size(); i++) {
                String sql = statements.get(i);
                String name = file + ":" + (i + 1);
                ErrorCode failure = expectedFailure(sql);
                if (failure != null) {
                    tests.add(dynamicTest(name, () -> {
                        assertThrows(Exception.class, () -> duckDb.query(sql), name + ": DuckDB answers it");
                        SignoException error = assertThrows(SignoException.class, () -> ResultRows.toRows(engine.execute(sql)), name);
                        assertEquals(failure, error.errorCode(), name + ": " + error.getMessage());
                    }));
                    continue;
                }
                tests.add(dynamicTest(name, () -> {
                    if (SET_STATEMENT.matcher(sql).matches()) {
                        try (Statement statement = duckDb.connection().createStatement()) {
                            statement.execute(sql);
                        }
                        engine.execute(sql);
                        return;
                    }
                    List<List<Object>> expected = duckDb.query(inDuckDbSyntax(sql));
                    List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
                    ResultComparison.assertSameResult(expected, actual, OrderByKeys.present(sql), name + " (" + setup + ")\n" + sql);
                    if (runsEachStatementTwice) {
                        // the second run reuses the first one's plan (the plan cache): its constants, pages and expressions serve again
                        List<List<Object>> again = ResultRows.toRows(engine.execute(sql));
                        ResultComparison.assertSameResult(expected, again, OrderByKeys.present(sql), name + ", run again (" + setup + ")\n" + sql);
                    }
                }));
            }
        }
        return tests.stream();
    }

    /** The statements of shared_subplans.sql read one sub-plan more than once: the plan must compute it once. */
    @TestFactory
    Stream<DynamicTest> sharedSubPlansAreComputedOnce()
    {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> statements = statements(SHARED_FILE);
        for (int i = 0; i < statements.size(); i++) {
            String sql = statements.get(i);
            String name = SHARED_FILE + ":" + (i + 1);
            tests.add(dynamicTest(name, () -> {
                List<List<Object>> plan = ResultRows.toRows(engine.execute("EXPLAIN " + sql));
                assertTrue(plan.stream().anyMatch(line -> line.getFirst().toString().contains("computed once above")),
                        name + ": no shared sub-plan in\n" + plan.stream().map(line -> line.getFirst().toString()).collect(java.util.stream.Collectors.joining("\n")));
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> unsupportedFeaturesFailClearly()
    {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> statements = statements(UNSUPPORTED_FILE);
        assertFalse(statements.isEmpty(), UNSUPPORTED_FILE + " has no statements");
        for (int i = 0; i < statements.size(); i++) {
            String sql = statements.get(i);
            String name = UNSUPPORTED_FILE + ":" + (i + 1);
            String feature = expectedError(sql, name);
            tests.add(dynamicTest(name, () -> {
                // DuckDB answers it, so the statement is valid SQL that Signo merely does not run yet
                duckDb.query(inDuckDbSyntax(sql));
                SignoException error = assertThrows(SignoException.class, () -> engine.execute(sql), name);
                assertEquals(ErrorCode.NOT_SUPPORTED, error.errorCode(), name + ": " + error.getMessage());
                assertTrue(error.getMessage().toLowerCase(Locale.ROOT).contains(feature.toLowerCase(Locale.ROOT)),
                        name + ": message '" + error.getMessage() + "' does not name '" + feature + "'");
            }));
        }
        return tests.stream();
    }

    /** The statement as DuckDB writes it: IGNORE NULLS and RESPECT NULLS inside the function's parentheses ({@code lag(x IGNORE NULLS) OVER}), not after them. */
    static String inDuckDbSyntax(String sql)
    {
        return NULL_TREATMENT.matcher(sql).replaceAll(" $1 NULLS) OVER");
    }

    private static final Pattern NULL_TREATMENT = Pattern.compile("\\)\\s+(IGNORE|RESPECT)\\s+NULLS\\s+OVER", Pattern.CASE_INSENSITIVE);

    /** The error code of a statement's {@code -- fails: CODE} comment, or null when it has none. */
    private static ErrorCode expectedFailure(String sql)
    {
        for (String line : sql.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith(FAILS_COMMENT)) {
                return ErrorCode.valueOf(trimmed.substring(FAILS_COMMENT.length()).strip());
            }
        }
        return null;
    }

    private static String expectedError(String sql, String name)
    {
        for (String line : sql.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith(ERROR_COMMENT)) {
                return trimmed.substring(ERROR_COMMENT.length()).strip();
            }
        }
        throw new AssertionError(name + " has no '" + ERROR_COMMENT + " <text of the message>' comment");
    }

    /** The statements of a file of the suite (shipped in the engine's jar: they are also its JIT training workload, see {@link AotTrainingRun}). */
    public static List<String> statements(String file)
    {
        String text;
        try (InputStream input = SqlQuerySuite.class.getResourceAsStream(DIRECTORY + file)) {
            if (input == null) {
                throw new AssertionError("missing resource " + DIRECTORY + file);
            }
            text = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SqlScript.statements(text);
    }

}
