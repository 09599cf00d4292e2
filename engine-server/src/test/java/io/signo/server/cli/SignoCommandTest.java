package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import static io.signo.server.cli.TestResults.page;
import static io.signo.server.cli.TestResults.result;
import static io.signo.server.cli.TestResults.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignoCommandTest
{
    private static final QueryResult TWO_ROWS = result(List.of("name", "total"), List.of(Type.VARCHAR, Type.decimal(10, 2)),
            page(vector(Type.VARCHAR, "a,b", "c"), vector(Type.decimal(10, 2), 1250L, null)));

    @TempDir
    Path temporary;

    @Test
    void sqlPrintsATableByDefault()
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, "sql", "--tpch", "0.01", "--execute", "select name, total from t;");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("""
                 name | total
                ------+-------
                 a,b  | 12.50
                 c    |     \s
                (2 rows)
                """, run.out());
        assertEquals("", run.err());
        assertEquals(List.of("select name, total from t"), environment.executed);
        assertEquals(0.01, environment.generatedScaleFactor);
        assertEquals(Runtime.getRuntime().availableProcessors(), environment.generatedThreads);
        assertEquals(Runtime.getRuntime().availableProcessors(), environment.engineThreads);
        assertTrue(environment.engineClosed);
    }

    @Test
    void sqlWithoutTpchRunsOnAnEmptyDatabase()
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, "sql", "-e", "select 1 + 1", "--format", "csv");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("select 1 + 1"), environment.executed);
        assertEquals(-1, environment.generatedScaleFactor, "nothing is generated");
        assertEquals(List.of(), environment.engineCatalog.tables().stream().toList(), "the database is empty");
        assertTrue(environment.engineClosed);
    }

    @Test
    void anEmptyDatabaseAnswersStatementsWithoutTablesAndNamesTheTablesItLacks()
    {
        Run sum = run(new LocalEnvironment(), "sql", "-e", "select 1 + 1 as two, upper_bound from (values (41), (42)) as t (upper_bound) order by upper_bound desc limit 1", "--format", "csv");
        assertEquals(0, sum.exitCode(), sum.err());
        assertEquals("two,upper_bound\n2,42\n", sum.out());

        Run missing = run(new LocalEnvironment(), "sql", "-e", "select count(*) from lineitem");
        assertEquals(1, missing.exitCode());
        assertTrue(missing.err().startsWith("Error: ") && missing.err().contains("Object 'lineitem' not found"), missing.err());
    }

    @Test
    void sqlPrintsCsvAndTakesThreads()
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, "sql", "--tpch", "0.1", "-e", "select 1", "--format", "csv", "--threads", "3");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("name,total\n\"a,b\",12.50\nc,\n", run.out());
        assertEquals(3, environment.generatedThreads);
        assertEquals(3, environment.engineThreads);
    }

    @Test
    void sqlReadsTheStatementFromAFile()
            throws IOException
    {
        Path file = temporary.resolve("q.sql");
        Files.writeString(file, "-- total per name\nselect name, total\nfrom t;\n", StandardCharsets.UTF_8);
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, "sql", "--tpch", "0.01", "--file", file.toString(), "--format", "CSV");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("-- total per name\nselect name, total\nfrom t"), environment.executed);
    }

    @Test
    void explainPrintsThePlanLinesOnly()
    {
        QueryResult plan = result(List.of("PLAN"), List.of(Type.VARCHAR),
                page(vector(Type.VARCHAR, "Output[name]", "  TableScan[t]")));
        Run run = run(new TestEnvironment(sql -> plan), "sql", "--tpch", "0.01", "-e", "EXPLAIN select name from t");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("Output[name]\n  TableScan[t]\n", run.out());
    }

    @Test
    void engineErrorsPrintOneErrorLineAndExitWithOne()
    {
        Function<String, QueryResult> failing = sql -> {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "Column 'x' not found in any table (line 1, column 8)");
        };
        Run run = run(new TestEnvironment(failing), "sql", "--tpch", "0.01", "-e", "select x from t");
        assertEquals(1, run.exitCode());
        assertEquals("", run.out());
        assertEquals("Error: Column 'x' not found in any table (line 1, column 8)\n", run.err());
    }

    @Test
    void internalErrorsPrintAQueryIdAndLogTheDetails()
            throws IOException
    {
        Path log = temporary.resolve("errors.log");
        Function<String, QueryResult> failing = sql -> {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "planning failed: java.lang.NullPointerException: Cannot invoke \"RexLiteral.getValueAs\"",
                    new NullPointerException("Cannot invoke \"RexLiteral.getValueAs\""));
        };
        System.setProperty(SignoCommand.ERROR_LOG_PROPERTY, log.toString());
        try {
            Run run = run(new TestEnvironment(failing), "sql", "--tpch", "0.01", "-e", "select 1");
            assertEquals(1, run.exitCode());
            assertTrue(run.err().startsWith("Error: internal error (query id local-"), run.err());
            assertTrue(run.err().contains("the details are in " + log), run.err());
            assertFalse(run.err().contains("NullPointerException"), run.err());
            assertFalse(run.err().contains("RexLiteral"), run.err());
            String queryId = run.err().substring(run.err().indexOf("query id ") + "query id ".length(), run.err().indexOf(')'));
            String logged = Files.readString(log);
            assertTrue(logged.contains("query " + queryId + " failed"), logged);
            assertTrue(logged.contains("NullPointerException"), logged);
            assertTrue(logged.contains("at io.signo.server.cli.SignoCommandTest"), logged);
        }
        finally {
            System.clearProperty(SignoCommand.ERROR_LOG_PROPERTY);
        }
    }

    @Test
    void missingFileIsAnErrorNamingThePath()
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Path missing = temporary.resolve("missing.sql");
        Run run = run(environment, "sql", "--tpch", "0.01", "--file", missing.toString());
        assertEquals(1, run.exitCode());
        assertEquals("Error: query file not found: " + missing + "\n", run.err());
        // the data is not generated for a statement that cannot be read
        assertEquals(-1, environment.generatedScaleFactor);
    }

    @Test
    void emptyStatementIsAnError()
    {
        Run run = run(new TestEnvironment(sql -> TWO_ROWS), "sql", "--tpch", "0.01", "-e", " ; ");
        assertEquals(1, run.exitCode());
        assertEquals("Error: the statement is empty\n", run.err());
    }

    @Test
    void usageErrorsExitWithTwo()
    {
        assertUsageError("Missing required argument", "sql", "--tpch", "0.01");
        assertUsageError("mutually exclusive", "sql", "--tpch", "0.01", "--file", "q.sql", "--execute", "select 1");
        assertUsageError("'abc' is not a double", "sql", "--tpch", "abc", "-e", "select 1");
        assertUsageError("scale factor must be a positive number", "sql", "--tpch", "0", "-e", "select 1");
        assertUsageError("scale factor must be a positive number", "sql", "--tpch", "-1", "-e", "select 1");
        assertUsageError("--tpch, --tpcds or --db is required with --workers or --worker-addresses", "sql", "--workers", "2", "-e", "select 1");
        assertUsageError("Missing required argument (specify one of these): (-f=QUERY.sql | -e=SQL)", "sql");
        assertUsageError("expected one of [TABLE, CSV]", "sql", "--tpch", "0.01", "-e", "select 1", "--format", "json");
        assertUsageError("must be at least 1", "sql", "--tpch", "0.01", "-e", "select 1", "--threads", "0");
        assertUsageError("'abc' is not a double", "tpch", "--sf", "abc", "--out", temporary.toString());
        assertUsageError("scale factor must be a positive number", "tpch", "--sf", "NaN", "--out", temporary.toString());
        assertUsageError("Missing required option: '--out=DIR'", "tpch", "--sf", "0.01");
        assertUsageError("Missing required subcommand");

        Run unknown = run(new TestEnvironment(sql -> TWO_ROWS), "tpch", "--sf", "0.01", "--out", temporary.toString(), "--verbose");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().startsWith("Unknown option: '--verbose'"), unknown.err());
    }

    @Test
    void tpchRunsTheQueriesInOrderAndWritesCsvFiles()
            throws IOException
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Path out = temporary.resolve("results").resolve("sf001");
        Run run = run(environment, "tpch", "--sf", "0.01", "--out", out.toString(), "--threads", "2");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(22, environment.executed.size());
        for (int number = 1; number <= 22; number++) {
            assertEquals("tpch query " + number, environment.executed.get(number - 1));
            Path csv = out.resolve(String.format("q%02d.csv", number));
            assertEquals("name,total\n\"a,b\",12.50\nc,\n", Files.readString(csv));
        }
        List<String> lines = run.out().lines().toList();
        assertEquals(24, lines.size(), run.out());
        assertTrue(lines.get(0).startsWith("generated TPC-H sf 0.01 in "), lines.get(0));
        assertTrue(lines.get(1).matches("q01 +\\d+ ms {2}2 rows"), lines.get(1));
        assertTrue(lines.get(22).matches("q22 +\\d+ ms {2}2 rows"), lines.get(22));
        assertTrue(lines.get(23).matches("total +\\d+ ms {2}22 queries, 0 failed"), lines.get(23));
        assertEquals(2, environment.engineThreads);
        assertTrue(environment.engineClosed);
    }

    @Test
    void tpchReportsAFailingQueryAndGoesOn()
    {
        TestEnvironment environment = new TestEnvironment(sql -> {
            if (sql.equals("tpch query 5")) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "Join type FULL\nis not supported");
            }
            return TWO_ROWS;
        });
        Path out = temporary.resolve("results");
        Run run = run(environment, "tpch", "--sf", "0.01", "--out", out.toString());
        assertEquals(1, run.exitCode());
        assertEquals(22, environment.executed.size());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(5).matches("q05 +\\d+ ms {2}failed: Join type FULL is not supported"), lines.get(5));
        assertTrue(lines.get(6).matches("q06 +\\d+ ms {2}2 rows"), lines.get(6));
        assertTrue(lines.get(23).matches("total +\\d+ ms {2}22 queries, 1 failed"), lines.get(23));
        assertFalse(Files.exists(out.resolve("q05.csv")));
        assertTrue(Files.exists(out.resolve("q06.csv")));
    }

    @Test
    void tpcdsRunsTheHundredAndThreeStatementsAndReportsFailures()
            throws IOException
    {
        TestEnvironment environment = new TestEnvironment(sql -> {
            if (sql.equals("tpcds query q14b")) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: aggregate function SINGLE_VALUE");
            }
            return TWO_ROWS;
        });
        Path out = temporary.resolve("tpcds-results");
        Run run = run(environment, "tpcds", "--sf", "0.01", "--out", out.toString(), "--threads", "2");
        assertEquals(1, run.exitCode());
        assertEquals(0.01, environment.generatedScaleFactor);
        assertEquals(103, environment.executed.size());
        List<String> lines = run.out().lines().toList();
        assertEquals(105, lines.size(), run.out());
        assertTrue(lines.get(0).startsWith("generated TPC-DS sf 0.01 in "), lines.get(0));
        assertTrue(lines.get(1).matches("q01 +\\d+ ms {2}2 rows"), lines.get(1));
        assertTrue(lines.get(14).matches("q14a +\\d+ ms {2}2 rows"), lines.get(14));
        assertTrue(lines.get(15).matches("q14b +\\d+ ms {2}failed: not supported: aggregate function SINGLE_VALUE"), lines.get(15));
        assertTrue(lines.get(103).matches("q99 +\\d+ ms {2}2 rows"), lines.get(103));
        assertTrue(lines.get(104).matches("total +\\d+ ms {2}103 queries, 1 failed"), lines.get(104));
        assertTrue(Files.exists(out.resolve("q14a.csv")));
        assertFalse(Files.exists(out.resolve("q14b.csv")));
        assertEquals(Files.readString(out.resolve("q01.csv")), Files.readString(out.resolve("q99.csv")));
        assertTrue(environment.engineClosed);
    }

    @Test
    void tpchOutputPathThatIsAFileIsAnError()
            throws IOException
    {
        Path file = Files.writeString(temporary.resolve("taken"), "x");
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, "tpch", "--sf", "0.01", "--out", file.toString());
        assertEquals(1, run.exitCode());
        assertEquals("Error: output path exists and is not a directory: " + file + "\n", run.err());
        assertEquals(-1, environment.generatedScaleFactor);
    }

    @Test
    void helpAndVersionExitWithZero()
    {
        Run help = run(new TestEnvironment(sql -> TWO_ROWS), "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("tpch") && help.out().contains("sql"), help.out());
        Run sqlHelp = run(new TestEnvironment(sql -> TWO_ROWS), "sql", "--help");
        assertEquals(0, sqlHelp.exitCode());
        assertTrue(sqlHelp.out().contains("--execute=SQL"), sqlHelp.out());
        Run version = run(new TestEnvironment(sql -> TWO_ROWS), "--version");
        assertEquals(0, version.exitCode());
        assertTrue(version.out().startsWith("signo "), version.out());
    }

    private void assertUsageError(String expectedMessage, String... args)
    {
        TestEnvironment environment = new TestEnvironment(sql -> TWO_ROWS);
        Run run = run(environment, args);
        assertEquals(2, run.exitCode(), String.join(" ", args) + "\n" + run.err());
        assertTrue(run.err().contains(expectedMessage), run.err());
        assertTrue(run.err().contains("Usage: signo"), run.err());
        assertEquals(-1, environment.generatedScaleFactor);
    }

    @Test
    void fuzzHttpPgAndExchangeRunTheirFuzzersForTheCountGivenAndWriteAReport()
            throws Exception
    {
        Path httpReport = temporary.resolve("http.md");
        Run http = run(new LocalEnvironment(), "fuzz", "http", "--seed", "3", "--requests", "30", "--duration", "2m", "--report", httpReport.toString());
        assertEquals(0, http.exitCode(), http.out() + http.err());
        assertTrue(http.out().contains("HTTP fuzzer, seed 3: 30 requests"), http.out());
        assertTrue(http.out().contains("distinct failures: 0"), http.out());
        assertTrue(Files.readString(httpReport).startsWith("# HTTP fuzzer report, seed 3"));

        Run pg = run(new LocalEnvironment(), "fuzz", "pg", "--seed", "5", "--sessions", "20", "--duration", "2m");
        assertEquals(0, pg.exitCode(), pg.out() + pg.err());
        assertTrue(pg.out().contains("PostgreSQL protocol fuzzer, seed 5: 20 sessions"), pg.out());

        Path exchangeReport = temporary.resolve("exchange.md");
        Run exchange = run(new LocalEnvironment(), "fuzz", "exchange", "--seed", "4", "--cases", "500", "--report", exchangeReport.toString());
        assertEquals(0, exchange.exitCode(), exchange.out() + exchange.err());
        assertTrue(exchange.out().contains("Exchange frame fuzzer, seed 4: 500 cases"), exchange.out());
        assertTrue(Files.readString(exchangeReport).contains("## Distinct failures\n\nNone."));

        Run badUrl = run(new LocalEnvironment(), "fuzz", "http", "--url", "ftp://x");
        assertEquals(2, badUrl.exitCode());
        assertTrue(badUrl.err().contains("Invalid value for option '--url'"), badUrl.err());
        Run noSubcommand = run(new LocalEnvironment(), "fuzz");
        assertTrue(noSubcommand.err().contains("sql, http, pg or exchange"), noSubcommand.err());
    }

    private static Run run(CommandEnvironment environment, String... args)
    {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = SignoCommand.commandLine(environment, new PrintWriter(out), new PrintWriter(err)).execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    private record Run(int exitCode, String out, String err) {}
}
