package io.signo.server.fuzz;

import io.signo.server.fuzz.SqlFuzzer.Outcome;
import io.signo.server.fuzz.SqlFuzzer.Report;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short seeded run of the differential SQL fuzzer ({@code -Dsigno.fuzz.seed}, {@code
 * -Dsigno.fuzz.queries}): it fails on any wrong answer or internal error, with the minimized
 * statement in the message; and the fuzzer's own machinery (determinism, classification,
 * minimization) on statements whose outcome is known.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlFuzzerTest
{
    private static final long SEED = Long.getLong("signo.fuzz.seed", 20_261_127L);
    private static final int QUERIES = Integer.getInteger("signo.fuzz.queries", 150);

    private SqlFuzzer fuzzer;

    @BeforeAll
    void open()
            throws Exception
    {
        fuzzer = SqlFuzzer.open(0.01, 2, 1, Duration.ofSeconds(20));
    }

    @AfterAll
    void close()
            throws Exception
    {
        fuzzer.close();
    }

    @Test
    void seededRunFindsNoWrongAnswerAndNoInternalError()
    {
        java.util.List<Report> checkpoints = new java.util.ArrayList<>();
        Report report = fuzzer.fuzz(SEED, QUERIES, Duration.ofSeconds(Long.getLong("signo.fuzz.seconds", 60)), line -> {}, checkpoints::add);
        assertFalse(report.hasBugs(), () -> "seed " + SEED + ":\n" + FuzzReport.markdown(report));
        // the report so far is handed out every 100 statements, each one whole: its outcomes add up to its statements
        assertTrue(checkpoints.size() >= report.queries() / 100, checkpoints.size() + " checkpoints for " + report.queries() + " statements");
        for (Report soFar : checkpoints) {
            assertEquals(soFar.queries(), soFar.counts().values().stream().mapToInt(Integer::intValue).sum(), soFar.counts().toString());
        }
        assertTrue(report.counts().get(Outcome.MATCH) > report.queries() / 2, () -> "most generated statements should run and agree:\n" + FuzzReport.summary(report));
    }

    @Test
    void aStatementAfterDuckDbsInternalErrorIsComparedAgain()
    {
        // the DuckDB of duckdb_jdbc 2.0.0.1 fails this one in its dictionary cache with an internal error that invalidates its database (seed 43)
        SqlFuzzer.Result failing = fuzzer.run("SELECT MAX('a') AS c2 FROM customer t0, orders t1 FULL JOIN orders t2 ON t0.c_custkey = t2.o_custkey "
                + "WHERE t0.c_custkey = t1.o_custkey AND (((t2.o_orderdate = t1.o_orderdate) IS NOT FALSE)) GROUP BY DATE '2000-01-01', DATE '2000-01-01'");
        assertTrue(failing.outcome() == Outcome.MATCH || failing.outcome() == Outcome.DUCKDB_ERROR_ONLY, failing::detail);
        SqlFuzzer.Result next = fuzzer.run("SELECT COUNT(*) FROM nation");
        assertEquals(Outcome.MATCH, next.outcome(), next::detail);
    }

    @Test
    void statementsAreTheSameForTheSameSeed()
    {
        for (int i = 0; i < 50; i++) {
            assertEquals(SqlFuzzer.statement(SEED, i).sql(), SqlFuzzer.statement(SEED, i).sql());
        }
        assertFalse(SqlFuzzer.statement(SEED, 0).sql().equals(SqlFuzzer.statement(SEED + 1, 0).sql()));
    }

    @Test
    void aReportsFindingsRunAgain()
    {
        String multiLine = "SELECT n_nationkey\nFROM nation";
        Report report = new Report(7, 2, Duration.ofSeconds(1), java.util.Map.of(Outcome.MATCH, 0), java.util.Map.of(), java.util.Map.of(), java.util.List.of(
                new SqlFuzzer.Failure(Outcome.MISMATCH, "MISMATCH", 7001, multiLine, multiLine, "expected 25 rows, actual 24", 1),
                new SqlFuzzer.Failure(Outcome.SIGNO_INTERNAL_ERROR, "INTERNAL x", 7002, "SELECT 1 / 0", "SELECT 1 / 0", "planning failed: java.lang.AssertionError", 2)));
        java.util.List<FuzzReplay.Finding> findings = FuzzReplay.findings(FuzzReport.markdown(report));
        assertEquals(java.util.List.of(new FuzzReplay.Finding(Outcome.MISMATCH, multiLine), new FuzzReplay.Finding(Outcome.SIGNO_INTERNAL_ERROR, "SELECT 1 / 0")), findings);

        java.util.List<FuzzReplay.Replayed> replayed = FuzzReplay.replay(fuzzer, findings);
        assertEquals(Outcome.MATCH, replayed.get(0).now().outcome());
        assertEquals(Outcome.BOTH_ERROR, replayed.get(1).now().outcome());
        assertFalse(FuzzReplay.anyOpenBug(replayed));
        assertTrue(FuzzReplay.summary(replayed).startsWith("MISMATCH -> MATCH: SELECT n_nationkey FROM nation\n"), FuzzReplay.summary(replayed));
        assertEquals(java.util.List.of(), FuzzReplay.findings("# SQL fuzzer report, seed 1\n\n## Distinct failures, minimized\n\nNone.\n"));
    }

    @Test
    void outcomesAreClassified()
    {
        assertEquals(Outcome.MATCH, fuzzer.run("SELECT n_nationkey, n_regionkey FROM nation").outcome());
        assertEquals(Outcome.BOTH_ERROR, fuzzer.run("SELECT no_such_column FROM nation").outcome());
        // division by zero is an error on both (DuckDB's integer_division makes / its //, which raises it)
        assertEquals(Outcome.BOTH_ERROR, fuzzer.run("SELECT n_nationkey / (n_regionkey - n_regionkey) FROM nation").outcome());
        // a SUM past BIGINT: Signo's NUMERIC_OVERFLOW, DuckDB's HUGEINT
        SqlFuzzer.Result overflow = fuzzer.run("SELECT SUM(n_nationkey + 9223372036854775000) FROM nation");
        assertEquals(Outcome.KNOWN_DIFFERENCE, overflow.outcome(), overflow.detail());
        assertTrue(overflow.key().startsWith("overflow"), overflow.key());
        // DuckDB's DATE + INTERVAL is a TIMESTAMP, Signo's a DATE: named, not hidden and not a mismatch
        SqlFuzzer.Result dateInterval = fuzzer.run("SELECT o_orderdate + INTERVAL '1' MONTH FROM orders WHERE o_orderkey < 100");
        assertEquals(Outcome.KNOWN_DIFFERENCE, dateInterval.outcome());
        assertEquals(SqlFuzzer.DATE_INTERVAL_TYPE, dateInterval.key());
        // and DuckDB's TIMESTAMP - DATE is then an INTERVAL of days where Signo's DATE - DATE is a number of days
        SqlFuzzer.Result days = fuzzer.run("SELECT (o_orderdate + INTERVAL '4' DAY) - o_orderdate, (o_orderdate - INTERVAL '1' DAY) - o_orderdate FROM orders WHERE o_orderkey < 100");
        assertEquals(Outcome.KNOWN_DIFFERENCE, days.outcome(), days.detail());
        assertEquals(SqlFuzzer.DATE_INTERVAL_TYPE, days.key());
        // and their average: DuckDB's an INTERVAL of days, Signo's a number of days
        SqlFuzzer.Result averageDays = fuzzer.run("SELECT AVG((DATE '2000-01-01' - INTERVAL '17' YEAR) - DATE '2000-01-01') FROM part");
        assertEquals(Outcome.KNOWN_DIFFERENCE, averageDays.outcome(), averageDays.detail());
        // and so is the text of such a TIMESTAMP within a longer string
        SqlFuzzer.Result concatenated = fuzzer.run("SELECT DISTINCT 'a' || CAST(DATE '2000-01-01' - INTERVAL '30' YEAR AS VARCHAR), CAST(o_orderdate + INTERVAL '1' DAY AS VARCHAR) || 'z' "
                + "FROM orders WHERE o_orderkey < 10");
        assertEquals(Outcome.KNOWN_DIFFERENCE, concatenated.outcome(), concatenated.detail());
        assertEquals(SqlFuzzer.DATE_INTERVAL_TYPE, concatenated.key());
        // and so is DuckDB's INTERVAL of days cast to VARCHAR ('-6940 days') where Signo's number of days is ('-6940', seed 34)
        SqlFuzzer.Result daysText = fuzzer.run("SELECT CAST(DATE '2000-01-01' - (DATE '2000-01-01' + INTERVAL '19' YEAR) AS VARCHAR), "
                + "CAST(o_orderdate - (o_orderdate - INTERVAL '1' DAY) AS VARCHAR) FROM orders WHERE o_orderkey < 10");
        assertEquals(Outcome.KNOWN_DIFFERENCE, daysText.outcome(), daysText.detail());
        assertEquals(SqlFuzzer.DATE_INTERVAL_TYPE, daysText.key());
        // an answer too large to hold and compare is counted as stopped, not compared (1.5 million rows)
        SqlFuzzer.Result large = fuzzer.run("SELECT l_orderkey, n_nationkey FROM lineitem, nation");
        assertEquals(Outcome.TIMEOUT, large.outcome(), large.detail());
        assertTrue(large.detail().endsWith("answered more than " + SqlFuzzer.MAX_ANSWER_ROWS + " rows"), large.detail());
        // the edge table's years before 1 are compared as the same days (DuckDB's driver reads 12 BC as 0012 from a java.sql.Timestamp)
        SqlFuzzer.Result beforeChrist = fuzzer.run("SELECT CAST(DATE '0001-01-01' - INTERVAL '12' YEAR AS DATE), CAST(DATE '0001-01-01' - INTERVAL '4' DAY AS DATE), "
                + "CAST(DATE '0001-01-01' - INTERVAL '12' YEAR AS TIMESTAMP), CAST(CAST(DATE '0001-01-01' - INTERVAL '4' DAY AS DATE) AS VARCHAR)");
        assertEquals(Outcome.MATCH, beforeChrist.outcome(), beforeChrist.detail());
        assertEquals(1L, SqlFuzzer.wholeDays("1 day"));
        assertEquals(-3L, SqlFuzzer.wholeDays("-3 days"));
        assertEquals(0L, SqlFuzzer.wholeDays("00:00:00"));
        assertTrue(SqlFuzzer.wholeDays("1 day 02:00:00") == null);
    }

    @Test
    void failuresAreMinimized()
    {
        // a statement both engines refuse stays refused as it shrinks; the minimizer drops what does not matter
        SqlNode column = SqlNode.leaf(SqlType.BIGINT, "n_nationkey");
        SqlNode noSuchColumn = SqlNode.leaf(SqlType.BIGINT, "no_such_column");
        SqlNode sum = SqlNode.expression(SqlType.BIGINT, java.util.List.of(), "(", column, " + ", noSuchColumn, ")");
        SqlNode statement = SqlNode.text("SELECT ", SqlNode.list(", ", java.util.List.of(SqlNode.text(column, " AS a"), SqlNode.text(sum, " AS b"))),
                " FROM nation", SqlNode.optional(" WHERE n_regionkey > 1"), SqlNode.optional(" ORDER BY 1"));
        SqlFuzzer.Result original = fuzzer.run(statement.sql());
        assertEquals(Outcome.BOTH_ERROR, original.outcome());
        SqlNode minimized = fuzzer.minimize(statement, original);
        assertEquals("SELECT no_such_column AS b FROM nation", minimized.sql());
    }
}
