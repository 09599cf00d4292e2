package io.signo.server.shell;

import io.signo.server.cli.LocalEnvironment;
import io.signo.server.cli.OutputFormat;
import io.signo.server.cli.SignoCommand;
import io.signo.server.http.ServerOptions;
import io.signo.server.http.SignoServer;
import io.signo.server.query.LocalQueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.jline.terminal.Terminal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code signo sql --server} against a server in this process over TPC-H SF 0.01: the one-statement
 * forms print exactly what the in-process form prints, and the interactive shell, driven by piped
 * input through a dumb terminal, runs statements, backslash commands and survives errors; results
 * stream; on a pseudo-terminal the shell and {@code signo tpch} draw their progress.
 */
class ShellServerTest
{
    private static final double SCALE_FACTOR = 0.01;

    private static SignoServer server;
    private static String address;

    @TempDir
    Path temporary;

    @BeforeAll
    static void start()
    {
        server = SignoServer.start(ServerOptions.local(0),
                advertised -> new LocalQueryRunner(new SignoEngine(TpchData.generate(SCALE_FACTOR, 2, MemoryPool.unbounded("tpch")), 2), advertised));
        address = "127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void executePrintsTheSameTableAsTheInProcessEngine()
    {
        String q1 = new LocalEnvironment().tpchQuery(1);
        Run local = run("sql", "--tpch", "0.01", "--threads", "2", "-e", q1);
        Run remote = run("sql", "--server", address, "--user", "tester", "-e", q1);
        assertEquals(0, local.exitCode(), local.err());
        assertEquals(0, remote.exitCode(), remote.err());
        assertTrue(local.out().contains("(4 rows)"), local.out());
        assertTrue(local.out().contains(" l_returnflag | l_linestatus |"), local.out());
        assertEquals(local.out(), remote.out());
        assertEquals("", remote.err());
    }

    /**
     * A result far larger than the client's heap streams through it: 1.5 million rows (about 175 MB
     * of text) printed by a {@code signo sql --server} process limited to a 64 MB heap, which would
     * fail with an OutOfMemoryError if it read the whole result first. The output is a pipe, so no
     * progress line is drawn.
     */
    @Test
    void aResultLargerThanTheClientsMemoryStreamsThrough()
            throws Exception
    {
        String sql = "select l_orderkey, l_comment, n_name, n_comment from lineitem, nation";
        long expectedRows = 60_175L * 25;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx64m", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "io.signo.server.cli.SignoCommand", "sql", "--server", address, "--format", "csv", "-e", sql)
                .redirectError(temporary.resolve("stderr.txt").toFile())
                .start();
        process.getOutputStream().close();
        long lines = 0;
        long bytes = 0;
        String first = null;
        String last = null;
        try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = output.readLine()) != null) {
                if (first == null) {
                    first = line;
                }
                last = line;
                lines++;
                bytes += line.length() + 1;
            }
        }
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the client did not end");
        String err = Files.readString(temporary.resolve("stderr.txt"));
        assertEquals(0, process.exitValue(), err);
        assertEquals("", err, "nothing on standard error: no progress line when the output is no terminal");
        assertEquals("l_orderkey,l_comment,n_name,n_comment", first);
        assertEquals(expectedRows + 1, lines, "the header and every row");
        assertTrue(bytes > 2 * 64L * 1024 * 1024, "the output (" + bytes + " bytes) is more than twice the client's heap");
        assertTrue(last.matches("\\d+,.*"), last);
    }

    /** Runs a command on a pseudo-terminal (Python's pty module), types {@code input} into it, and returns all it printed. */
    private static final String PTY_DRIVER = """
            import os, pty, sys, time, select
            pid, fd = pty.fork()
            if pid == 0:
                os.execvp(sys.argv[2], sys.argv[2:])
            time.sleep(2)
            os.write(fd, sys.argv[1].encode())
            out = b''
            while True:
                try:
                    ready, _, _ = select.select([fd], [], [], 120)
                    if not ready:
                        break
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
            os.waitpid(pid, 0)
            sys.stdout.write(out.decode('utf-8', 'replace'))
            """;

    /**
     * On a terminal (a pseudo-terminal here) the shell draws a progress line while a statement runs
     * and erases it before the result; the same shell with piped output (the other tests) never does.
     */
    @Test
    void onATerminalARunningStatementShowsItsProgressLine()
            throws Exception
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String sql = "select count(*) from lineitem a, part b where a.l_quantity + b.p_size < 0;\n\\q\n";
        ProcessBuilder builder = new ProcessBuilder("python3", "-c", PTY_DRIVER, sql, java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "io.signo.server.cli.SignoCommand", "sql", "--server", address)
                .redirectErrorStream(true);
        builder.environment().put("TERM", "xterm");
        builder.environment().put("SIGNO_HISTORY", temporary.resolve("history").toString());
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(3, TimeUnit.MINUTES));
        assertTrue(out.contains("\rRunning ") && out.contains(" rows received"), "no progress line:\n" + out);
        // the line is erased, then the result and the shell's own line follow
        assertTrue(out.matches("(?s).*\\r +\\r.*\\(1 row, [0-9.]+ s\\).*"), out);
    }

    /**
     * {@code signo tpch} on a terminal draws a bar of the queries done below the lines of those that
     * ended, and the bar is erased for each line, so that the lines read as they do without it.
     */
    @Test
    void tpchOnATerminalShowsABarOfTheQueriesDone()
            throws Exception
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder("python3", "-c", PTY_DRIVER, "", java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "io.signo.server.cli.SignoCommand", "tpch", "--sf", "0.01", "--threads", "2", "--out", temporary.resolve("answers").toString())
                .redirectErrorStream(true);
        builder.environment().put("TERM", "xterm");
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(3, TimeUnit.MINUTES));
        assertTrue(out.matches("(?s).*\\r\\[#*-*\\] \\d+/22 +\\d+%  q\\d\\d  [0-9.]+ s.*"), "no bar of the queries:\n" + out);
        assertTrue(out.contains("total") && out.contains("22 queries, 0 failed"), out);
        // each query's line starts at the beginning of a line: the bar was erased before it
        for (String line : out.split("\r?\n")) {
            String shown = line.substring(line.lastIndexOf('\r') + 1);
            if (shown.startsWith("q")) {
                assertTrue(shown.matches("q\\d\\d +\\d+ ms  \\d+ rows"), shown);
            }
        }
    }

    @Test
    void timesInstantsAndIntervalsPrintTheSameThroughTheServer()
    {
        String sql = "SELECT TIME '12:34:56' AS t, TIMESTAMPTZ '2024-01-02 09:00:00Z' AS tz, TIMESTAMP '2024-03-01 00:00' - TIMESTAMP '2024-01-01 00:00' AS gap, "
                + "INTERVAL '36' HOUR AS h, INTERVAL '14' MONTH AS m, CAST(NULL AS TIME) AS nothing";
        Run local = run("sql", "--tpch", "0.01", "--threads", "2", "-e", sql);
        Run remote = run("sql", "--server", address, "--user", "tester", "-e", sql);
        assertEquals(0, local.exitCode(), local.err());
        assertEquals(0, remote.exitCode(), remote.err());
        assertTrue(local.out().contains("12:34:56") && local.out().contains("60 days") && local.out().contains("36:00:00"), local.out());
        assertEquals(local.out(), remote.out());
    }

    @Test
    void executePrintsTheSameCsvAndPlanAsTheInProcessEngine()
    {
        // dates, decimals, CHAR, VARCHAR with commas and quotes, doubles and NULLs
        String sql = "select o_orderkey, o_orderdate, o_totalprice, o_orderstatus, o_comment, o_totalprice / 3.0e0 as d, "
                + "case when mod(o_orderkey, 2) = 0 then o_clerk end as maybe from orders where o_orderkey < 40 order by o_orderkey;";
        Run local = run("sql", "--tpch", "0.01", "--threads", "2", "--format", "csv", "-e", sql);
        Run remote = run("sql", "--server", address, "--format", "csv", "-e", sql);
        assertEquals(0, local.exitCode(), local.err());
        assertEquals(0, remote.exitCode(), remote.err());
        assertTrue(local.out().startsWith("o_orderkey,o_orderdate,o_totalprice,o_orderstatus,o_comment,d,maybe\n1,1996-01-02,"), local.out());
        assertEquals(local.out(), remote.out());

        // NULLs of several types, booleans, a date literal; and a result without rows
        String types = "select r_name as s, cast(null as integer) as n, date '2024-02-29' as d, r_regionkey = 0 as b, "
                + "cast(null as varchar) as v from region order by r_regionkey limit 2";
        for (String query : List.of(types, "select n_name, n_nationkey from nation where n_nationkey < 0")) {
            Run localTable = run("sql", "--tpch", "0.01", "--threads", "2", "-e", query);
            Run remoteTable = run("sql", "--server", address, "-e", query);
            assertEquals(0, remoteTable.exitCode(), remoteTable.err());
            assertEquals(localTable.out(), remoteTable.out());
        }

        String explain = "EXPLAIN select n_name, count(*) from nation join region on n_regionkey = r_regionkey group by n_name";
        Run localPlan = run("sql", "--tpch", "0.01", "--threads", "2", "-e", explain);
        Run remotePlan = run("sql", "--server", address, "-e", explain);
        assertEquals(0, remotePlan.exitCode(), remotePlan.err());
        assertFalse(remotePlan.out().contains("---"), remotePlan.out());
        assertEquals(localPlan.out(), remotePlan.out());
    }

    @Test
    void fileRunsItsStatement()
            throws IOException
    {
        Path file = temporary.resolve("regions.sql");
        Files.writeString(file, "-- the regions\nselect r_regionkey, r_name\nfrom region\norder by r_regionkey;\n");
        Run remote = run("sql", "--server", address, "-f", file.toString());
        assertEquals(0, remote.exitCode(), remote.err());
        assertEquals("""
                 r_regionkey |   r_name
                -------------+-------------
                           0 | AFRICA
                           1 | AMERICA
                           2 | ASIA
                           3 | EUROPE
                           4 | MIDDLE EAST
                (5 rows)
                """, remote.out());
    }

    @Test
    void errorsExitWithOneAndTheServersMessage()
    {
        Run missing = run("sql", "--server", address, "-e", "select * from no_such_table");
        assertEquals(1, missing.exitCode());
        assertEquals("", missing.out());
        assertTrue(missing.err().startsWith("Error: "), missing.err());
        assertTrue(missing.err().contains("no_such_table"), missing.err());
        Run localMissing = run("sql", "--tpch", "0.01", "--threads", "2", "-e", "select * from no_such_table");
        assertEquals(localMissing.err(), missing.err());

        Run unreachable = run("sql", "--server", "127.0.0.1:1", "-e", "select 1");
        assertEquals(1, unreachable.exitCode());
        assertTrue(unreachable.err().startsWith("Error: "), unreachable.err());
    }

    @Test
    void tokenFileAuthenticates()
            throws IOException
    {
        try (SignoServer guarded = SignoServer.start(ServerOptions.local(0).withToken("s3cret"),
                advertised -> new LocalQueryRunner(new SignoEngine(TpchData.generate(SCALE_FACTOR, 2, MemoryPool.unbounded("tpch")), 2), advertised))) {
            String guardedAddress = "127.0.0.1:" + guarded.port();
            Path tokenFile = temporary.resolve("token");
            Files.writeString(tokenFile, "s3cret\n");
            Run withToken = run("sql", "--server", guardedAddress, "--token-file", tokenFile.toString(), "--format", "csv", "-e", "select count(*) as n from region");
            assertEquals(0, withToken.exitCode(), withToken.err());
            assertEquals("n\n5\n", withToken.out());

            Files.writeString(tokenFile, "wrong");
            Run wrongToken = run("sql", "--server", guardedAddress, "--token-file", tokenFile.toString(), "-e", "select 1");
            assertEquals(1, wrongToken.exitCode());
            assertTrue(wrongToken.err().startsWith("Error: "), wrongToken.err());

            Run missingFile = run("sql", "--server", guardedAddress, "--token-file", temporary.resolve("none").toString(), "-e", "select 1");
            assertEquals(1, missingFile.exitCode());
            assertTrue(missingFile.err().startsWith("Error: cannot read token file"), missingFile.err());
        }
    }

    @Test
    void serverAndTpchAreExclusiveAndWithoutEitherTheStatementRunsOnAnEmptyDatabase()
    {
        Run neither = run("sql", "-e", "select 1 as answer", "--format", "csv");
        assertEquals(0, neither.exitCode(), neither.err());
        assertEquals("answer\n1\n", neither.out());

        Run both = run("sql", "--tpch", "0.01", "--server", address, "-e", "select 1");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both.err());

        Run threads = run("sql", "--server", address, "--threads", "2", "-e", "select 1");
        assertEquals(2, threads.exitCode());
        assertTrue(threads.err().contains("--threads goes with --tpch"), threads.err());

        Run user = run("sql", "--tpch", "0.01", "--user", "me", "-e", "select 1");
        assertEquals(2, user.exitCode());
        assertTrue(user.err().contains("--user goes with --server"), user.err());

        Run noStatement = run("sql", "--tpch", "0.01");
        assertEquals(2, noStatement.exitCode());
        assertTrue(noStatement.err().contains("-e=SQL"), noStatement.err());

        Run badAddress = run("sql", "--server", "localhost", "-e", "select 1");
        assertEquals(2, badAddress.exitCode());
        assertTrue(badAddress.err().contains("host:port"), badAddress.err());
    }

    @Test
    void shellRunsPipedStatements()
            throws Exception
    {
        Path history = temporary.resolve("history");
        String input = """
                select count(*) from nation;
                select n_name
                  from nation
                  where n_nationkey < 2
                  order by n_nationkey;
                select 'a;b' as s, r_name from region where r_regionkey = 0; select 2 as two from region where r_regionkey = 1;
                \\d
                \\d lineitem
                \\d no_such_table
                select * from no_such_table;
                select count(*) from region;
                \\?
                \\q
                select 'never run';
                """;
        String output = shell(input, history);
        String expected = """
                signo>  count
                -------
                    25
                (1 row, #.### s)
                signo>     ->     ->     ->   n_name
                -----------
                 ALGERIA
                 ARGENTINA
                (2 rows, #.### s)
                signo>   s  | r_name
                -----+--------
                 a;b | AFRICA
                (1 row, #.### s)
                 two
                -----
                   2
                (1 row, #.### s)
                signo>  schema |  table
                --------+----------
                 tpch   | customer
                 tpch   | lineitem
                 tpch   | nation
                 tpch   | orders
                 tpch   | part
                 tpch   | partsupp
                 tpch   | region
                 tpch   | supplier
                (8 rows)
                signo>      column      |      type      | nullable
                -----------------+----------------+----------
                 l_orderkey      | BIGINT         | yes
                """;
        String normalized = output.replaceAll("\\d+\\.\\d{3} s\\)", "#.### s)");
        assertTrue(normalized.startsWith(expected), output);
        assertTrue(normalized.contains(" l_returnflag    | CHAR(1)        | yes\n"), output);
        assertTrue(normalized.contains(" l_shipdate      | DATE           | yes\n"), output);
        assertTrue(normalized.contains(" l_extendedprice | DECIMAL(15, 2) | yes\n"), output);
        assertTrue(normalized.contains(" l_comment       | VARCHAR(44)    | yes\n(16 rows)\n"), output);
        assertTrue(normalized.contains("signo> ERROR: table not found: no_such_table\n"), output);
        assertTrue(normalized.contains("signo> ERROR: line 1, column 15: Object 'no_such_table' not found\n"), output);
        assertTrue(normalized.contains("""
                signo>  count
                -------
                     5
                (1 row, #.### s)
                signo> Statements end with ';'"""), output);
        assertTrue(normalized.endsWith("signo> "), output);
        assertFalse(normalized.contains("never run"), output);

        List<String> lines = Files.readAllLines(history);
        assertTrue(lines.stream().anyMatch(line -> line.endsWith(":select count(*) from nation;")), lines.toString());
        // a multi-line statement is one entry, its line breaks escaped
        assertTrue(lines.stream().anyMatch(line -> line.endsWith(":select n_name\\n  from nation\\n  where n_nationkey < 2\\n  order by n_nationkey;")), lines.toString());
        assertFalse(lines.stream().anyMatch(line -> line.endsWith(":  from nation")), lines.toString());

        // the next session reads the history back and adds to it
        shell("select 1 as again from region where r_regionkey = 0;\n", history);
        List<String> after = Files.readAllLines(history);
        assertEquals(lines, after.subList(0, lines.size()));
        assertTrue(after.getLast().endsWith(":select 1 as again from region where r_regionkey = 0;"), after.toString());
        assertTrue(lines.stream().anyMatch(line -> line.endsWith("\\\\d lineitem")), lines.toString());
    }

    @Test
    void shellPrintsCsvAndEndsAtEndOfInput()
            throws Exception
    {
        String output = shell("select r_regionkey, r_name from region where r_regionkey < 2 order by r_regionkey;\nselect 1 as unfinished\n", temporary.resolve("h2"), OutputFormat.CSV);
        String normalized = output.replaceAll("\\d+\\.\\d{3} s\\)", "#.### s)");
        assertEquals("signo> r_regionkey,r_name\n0,AFRICA\n1,AMERICA\n(2 rows, #.### s)\nsigno>     -> \n", normalized);
    }

    private static String shell(String input, Path history)
            throws Exception
    {
        return shell(input, history, OutputFormat.TABLE);
    }

    private static String shell(String input, Path history, OutputFormat format)
            throws Exception
    {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (Connection connection = new ServerTarget(address, "tester", null).connect();
                Terminal terminal = ServerSql.dumbTerminal(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), output)) {
            new SqlShell(connection, format, history).run(terminal);
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    private static Run run(String... args)
    {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = SignoCommand.commandLine(new LocalEnvironment(), new PrintWriter(out), new PrintWriter(err)).execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    private record Run(int exitCode, String out, String err) {}
}
