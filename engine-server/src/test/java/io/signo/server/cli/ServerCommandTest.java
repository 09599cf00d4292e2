package io.signo.server.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server command's option errors, which stop it before it binds a port or generates data. */
class ServerCommandTest
{
    @TempDir
    Path temporary;

    private record Run(int exitCode, String out, String err) {}

    private static Run run(String... arguments)
    {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = SignoCommand.commandLine(new LocalEnvironment(), new PrintWriter(out), new PrintWriter(err)).execute(arguments);
        return new Run(exitCode, out.toString(), err.toString());
    }

    @Test
    void aClusterNeedsTpchOrADatabase()
    {
        Run run = run("server", "--port", "0", "--workers", "2");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("--tpch, --tpcds or --db is required with --workers or --worker-addresses"), run.err());
    }

    @Test
    void portAndScaleFactorAreChecked()
    {
        assertEquals(2, run("server", "--port", "70000").exitCode());
        assertEquals(2, run("server", "--port", "0", "--tpch", "-1").exitCode());
        assertEquals(2, run("server", "--tpch", "0.01").exitCode());
        assertEquals(2, run("server", "--port", "0", "--workers", "2", "--worker-addresses", "a:1", "--tpch", "0.01").exitCode());
    }

    @Test
    void aMissingOrEmptyTokenFileFails()
            throws IOException
    {
        Run missing = run("server", "--port", "0", "--token-file", temporary.resolve("none").toString());
        assertEquals(1, missing.exitCode());
        assertTrue(missing.err().contains("token file not found"), missing.err());

        Path empty = Files.writeString(temporary.resolve("empty"), "  \n");
        Run blank = run("server", "--port", "0", "--token-file", empty.toString());
        assertEquals(1, blank.exitCode());
        assertTrue(blank.err().contains("token file is empty"), blank.err());
    }

    @Test
    void theJdbcIdleTimeoutIsADurationWithAUnit()
    {
        CommandSpec spec = CommandSpec.create();
        assertEquals(Duration.ofMinutes(10), OptionChecks.duration(spec, "--jdbc-idle-timeout", "10m"));
        assertEquals(Duration.ofMinutes(10), OptionChecks.duration(spec, "--jdbc-idle-timeout", " 10min "));
        assertEquals(Duration.ofSeconds(90), OptionChecks.duration(spec, "--jdbc-idle-timeout", "90s"));
        assertEquals(Duration.ofMillis(500), OptionChecks.duration(spec, "--jdbc-idle-timeout", "500ms"));
        assertEquals(Duration.ofHours(2), OptionChecks.duration(spec, "--jdbc-idle-timeout", "2H"));
        assertEquals(Duration.ZERO, OptionChecks.duration(spec, "--jdbc-idle-timeout", "0"));
        for (String invalid : List.of("10", "-5m", "soon", "1.5h", "10 days", "")) {
            Run run = run("server", "--port", "0", "--jdbc-idle-timeout", invalid);
            assertEquals(2, run.exitCode(), invalid);
            assertTrue(run.err().startsWith("Invalid value for option '--jdbc-idle-timeout': a whole number with a unit (500ms, 90s, 10m, 2h) or 0, was '" + invalid + "'"), run.err());
        }
    }

    @Test
    void theServerIsACommand()
    {
        Run help = run("server", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("--coordinator-address"), help.out());
        assertTrue(help.out().contains("--token-file"), help.out());
        assertTrue(help.out().contains("--jdbc-idle-timeout"), help.out());
    }

    @Test
    void threadsWorkersAndScaleFactorsHaveLimits()
    {
        int maxThreads = OptionChecks.maxThreads();
        assertRefused("Invalid value for option '--threads': at most " + maxThreads, "server", "--port", "0", "--threads", "100000");
        assertRefused("Invalid value for option '--threads': at most " + maxThreads, "sql", "--tpch", "0.01", "-e", "select 1", "--threads", Integer.toString(maxThreads + 1));
        assertRefused("Invalid value for option '--workers': must be at least 1, was 0", "server", "--port", "0", "--tpch", "0.01", "--workers", "0");
        assertRefused("Invalid value for option '--workers': at most 64 worker processes, was 1000", "server", "--port", "0", "--tpch", "0.01", "--workers", "1000");
        assertRefused("Invalid value for option '--tpch': TPC-H at scale factor 1000000.0 needs about 1.1 PiB of memory; this process may use ", "server", "--port", "0", "--tpch", "1000000");
        assertRefused("Invalid value for option '--tpcds': TPC-DS at scale factor 1000000.0 needs about ", "server", "--port", "0", "--tpcds", "1000000");
        assertRefused("Invalid value for option '--tpch': TPC-H at scale factor 1000000.0 needs about 1.1 PiB of memory", "sql", "--tpch", "1000000", "-e", "select 1");
        assertRefused("on each of 2 workers; each worker may use", "sql", "--tpch", "1000000", "--workers", "2", "-e", "select 1");
        assertRefused("Invalid value for option '--sf': TPC-H at scale factor 1000000.0 needs about", "tpch", "--sf", "1000000", "--out", temporary.toString());
        assertRefused("Invalid value for option '--sf': TPC-DS at scale factor 1000000.0 needs about", "tpcds", "--sf", "1000000", "--out", temporary.toString());
    }

    private static void assertRefused(String message, String... arguments)
    {
        Run run = run(arguments);
        assertEquals(2, run.exitCode(), String.join(" ", arguments) + "\n" + run.err());
        assertTrue(run.err().contains(message), run.err());
    }
}
