package io.signo.server.pg;

import io.signo.reference.ResultComparison;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * psql, PostgreSQL's own command line client (Debian's postgresql-client), against the PostgreSQL
 * protocol over TPC-H SF 0.01: TPC-H Q1 as the repository ships it, compared with DuckDB's answer,
 * psql's {@code \d} and {@code \dt} catalog queries, and a password that must be the server's
 * token. The test fails, rather than skips, when psql is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgPsqlTest
{
    private static final String TOKEN = "psql-s3cret";

    private PgTestServer server;
    private PgTestServer guarded;
    private Path psql;

    @BeforeAll
    void start()
            throws Exception
    {
        psql = findPsql();
        server = new PgTestServer(0.01, null);
        guarded = new PgTestServer(0.01, TOKEN);
    }

    @AfterAll
    void stop()
    {
        if (server != null) {
            server.close();
        }
        if (guarded != null) {
            guarded.close();
        }
    }

    static Path findPsql()
    {
        for (String directory : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(directory, "psql");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        Path debian = Path.of("/usr/bin/psql");
        if (Files.isExecutable(debian)) {
            return debian;
        }
        throw new AssertionError("psql is not installed: this test needs PostgreSQL's client (apt-get install postgresql-client)");
    }

    private record Run(int exitCode, String out, String err) {}

    private Run psql(PgTestServer target, String password, String... arguments)
            throws Exception
    {
        List<String> command = new ArrayList<>(List.of(psql.toString(), "-X", "-h", "127.0.0.1", "-p", Integer.toString(target.port()), "-U", "psql_tester", "-d", "signo",
                "-v", "ON_ERROR_STOP=1"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("PGCONNECT_TIMEOUT", "10");
        builder.environment().remove("PGPASSWORD");
        if (password != null) {
            builder.environment().put("PGPASSWORD", password);
        }
        Path out = Files.createTempFile("psql", ".out");
        Path err = Files.createTempFile("psql", ".err");
        try {
            Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("psql did not finish within 60 s");
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        }
        finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void tpchQ1MatchesDuckDb()
            throws Exception
    {
        String sql = TpchQueries.query(1);
        Run run = psql(server, null, "-A", "-t", "-F", "|", "-c", sql);
        assertEquals(0, run.exitCode(), run.err());
        List<List<Object>> actual = new ArrayList<>();
        for (String line : run.out().strip().split("\n")) {
            List<Object> row = new ArrayList<>();
            for (String field : line.split("\\|", -1)) {
                row.add(field.matches("-?\\d+(\\.\\d+)?(e[+-]\\d+)?") ? new BigDecimal(field) : field);
            }
            actual.add(row);
        }
        Optional<String> difference = ResultComparison.difference(server.duckDb().query(sql), actual, true);
        difference.ifPresent(message -> fail(message + "\n" + run.out()));
    }

    @Test
    void listsRelationsWithBackslashD()
            throws Exception
    {
        List<String> expected = List.of("tpch|customer|table|signo", "tpch|lineitem|table|signo", "tpch|nation|table|signo", "tpch|orders|table|signo",
                "tpch|part|table|signo", "tpch|partsupp|table|signo", "tpch|region|table|signo", "tpch|supplier|table|signo");
        Run list = psql(server, null, "-A", "-t", "-c", "\\d");
        assertEquals(0, list.exitCode(), list.err());
        assertEquals(expected, List.of(list.out().strip().split("\n")));
        Run tables = psql(server, null, "-A", "-t", "-c", "\\dt");
        assertEquals(0, tables.exitCode(), tables.err());
        assertEquals(expected, List.of(tables.out().strip().split("\n")));
    }

    @Test
    void describesATableWithBackslashD()
            throws Exception
    {
        Run describe = psql(server, null, "-c", "\\d nation");
        assertEquals(0, describe.exitCode(), describe.err() + "\n" + describe.out());
        assertEquals("""
                                          Table "tpch.nation"
                   Column    |          Type          | Collation | Nullable | Default\s
                -------------+------------------------+-----------+----------+---------
                 n_nationkey | bigint                 |           |          |\s
                 n_name      | character(25)          |           |          |\s
                 n_regionkey | bigint                 |           |          |\s
                 n_comment   | character varying(152) |           |          |\s

                """, describe.out());
        // a qualified name, unaligned: one line per column with its type
        Run lineitem = psql(server, null, "-A", "-t", "-c", "\\d tpch.lineitem");
        assertEquals(0, lineitem.exitCode(), lineitem.err());
        List<String> lines = List.of(lineitem.out().strip().split("\n"));
        assertEquals(16, lines.size(), lineitem.out());
        assertEquals("l_orderkey|bigint|||", lines.getFirst());
        assertTrue(lines.contains("l_extendedprice|numeric(15,2)|||"), lineitem.out());
        assertTrue(lines.contains("l_shipdate|date|||"), lineitem.out());
        Run missing = psql(server, null, "-c", "\\d no_such_table");
        assertTrue(missing.err().contains("Did not find any relation named \"no_such_table\""), missing.err());
    }

    @Test
    void severalStatementsErrorsAndSettings()
            throws Exception
    {
        Run run = psql(server, null, "-A", "-t", "-c", "set application_name = 'psql test'; show application_name; select count(*) from region; select r_name from region where r_regionkey = 2");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("SET\npsql test\n5\nASIA", run.out().strip());
        Run error = psql(server, null, "-c", "select n_nationkey / 0 from nation");
        assertNotEquals(0, error.exitCode());
        assertTrue(error.err().contains("ERROR:") && error.err().contains("Division by zero"), error.err());
    }

    @Test
    void passwordIsTheServersToken()
            throws Exception
    {
        Run allowed = psql(guarded, TOKEN, "-A", "-t", "-c", "select count(*) from nation");
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertEquals("25", allowed.out().strip());
        Run refused = psql(guarded, "wrong", "-A", "-t", "-c", "select count(*) from nation");
        assertNotEquals(0, refused.exitCode());
        assertTrue(refused.err().contains("password authentication failed for user \"psql_tester\""), refused.err());
    }
}
