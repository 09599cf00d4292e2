package io.signo.server.pg;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.signo.reference.ResultComparison;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Python's psycopg 3 against the PostgreSQL protocol over TPC-H SF 0.01: a parameterized query (a
 * date, a decimal, a string and an integer bound by psycopg), a server-side cursor (DECLARE, a
 * Describe of its portal, FETCH in batches, CLOSE, as psycopg drives it) and an error's SQLSTATE.
 * psycopg is installed from PyPI into a virtual environment under target/; the test fails, rather
 * than skips, when it cannot be installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgPsycopgTest
{
    private PgTestServer server;
    private Path python;

    @BeforeAll
    void start()
            throws Exception
    {
        python = psycopgPython();
        server = new PgTestServer(0.01, null);
    }

    @AfterAll
    void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    /** The Python of a virtual environment with psycopg, made under target/ the first time. */
    private static Path psycopgPython()
            throws Exception
    {
        Path venv = Path.of("target", "psycopg-venv").toAbsolutePath();
        Path python = venv.resolve("bin").resolve("python");
        if (Files.isExecutable(python) && run(List.of(python.toString(), "-c", "import psycopg"), 60).exitCode() == 0) {
            return python;
        }
        Run created = run(List.of("python3", "-m", "venv", venv.toString()), 120);
        if (created.exitCode() != 0) {
            throw new AssertionError("cannot create a Python virtual environment at " + venv + " (python3 with its venv module is needed):\n" + created.output());
        }
        Run installed = run(List.of(python.toString(), "-m", "pip", "install", "--quiet", "psycopg[binary]"), 300);
        if (installed.exitCode() != 0) {
            throw new AssertionError("pip could not install psycopg[binary] from PyPI into " + venv + " (is PyPI reachable?):\n" + installed.output());
        }
        return python;
    }

    private record Run(int exitCode, String output) {}

    private static Run run(List<String> command, int timeoutSeconds)
            throws Exception
    {
        Path output = Files.createTempFile("psycopg", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Run(-1, "timed out after " + timeoutSeconds + " s: " + command + "\n" + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        }
        finally {
            Files.deleteIfExists(output);
        }
    }

    @Test
    void parameterizedQueryAndServerSideCursor()
            throws Exception
    {
        Path script = Files.createTempFile("psycopg_client", ".py");
        try (InputStream source = PgPsycopgTest.class.getResourceAsStream("psycopg_client.py")) {
            Files.write(script, source.readAllBytes());
        }
        Run client;
        try {
            client = run(List.of(python.toString(), script.toString(), Integer.toString(server.port())), 120);
        }
        finally {
            Files.deleteIfExists(script);
        }
        assertEquals(0, client.exitCode(), client.output());
        String json = client.output().strip();
        JsonNode result = new ObjectMapper().readTree(json.substring(json.lastIndexOf('\n') + 1));

        List<List<Object>> parameterized = new ArrayList<>();
        for (JsonNode row : result.get("parameterized")) {
            parameterized.add(List.of(row.get(0).asLong(), new BigDecimal(row.get(1).asText()), LocalDate.parse(row.get(2).asText()), row.get(3).asText()));
        }
        assertFalse(parameterized.isEmpty());
        compare("select o_orderkey, o_totalprice, o_orderdate, o_orderpriority from orders where o_orderdate < DATE '1992-03-01' and o_totalprice > 100000.5 "
                + "and o_orderstatus = 'F' and o_custkey <> 1 order by o_orderkey", parameterized);
        // psycopg opens a transaction before its first statement
        assertEquals("INTRANS", result.get("status").asText());

        assertEquals("[\"l_orderkey\",\"l_linenumber\",\"l_quantity\"]", result.get("cursor_columns").toString());
        List<List<Object>> cursor = new ArrayList<>();
        for (JsonNode row : result.get("cursor")) {
            cursor.add(List.of(row.get(0).asLong(), row.get(1).asLong(), new BigDecimal(row.get(2).asText())));
        }
        compare("select l_orderkey, l_linenumber, l_quantity from lineitem where l_quantity > 45 order by l_orderkey, l_linenumber", cursor);

        assertEquals("42P01", result.get("error").asText());
        assertEquals(server.duckDb().query("select count(*) from nation where n_name like '%A%'").getFirst().getFirst().toString(), result.get("after_error").asText());
    }

    private void compare(String sql, List<List<Object>> actual)
            throws Exception
    {
        Optional<String> difference = ResultComparison.difference(server.duckDb().query(sql), actual, true);
        difference.ifPresent(message -> fail(message + "\n" + sql));
    }
}
