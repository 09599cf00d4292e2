package io.signo.server.shell;

import io.signo.server.cli.OutputFormat;
import io.signo.server.cli.ProgressLine;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;

import java.io.Console;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import static java.util.Objects.requireNonNull;

/**
 * {@code signo sql --server}: one statement (from -e or -f) printed as the in-process form prints
 * it, or, without a statement, the interactive {@link SqlShell} on this process's terminal (a dumb
 * one when stdin is not a terminal, so that the shell reads piped input too).
 */
public final class ServerSql
{
    private final ServerTarget target;
    private final OutputFormat format;

    public ServerSql(ServerTarget target, OutputFormat format)
    {
        this.target = requireNonNull(target, "target is null");
        this.format = requireNonNull(format, "format is null");
    }

    /** Runs {@code sql} (normalized: no trailing semicolon) and prints its result to {@code out}. */
    public void execute(String sql, PrintWriter out)
            throws SQLException, IOException
    {
        try (Connection connection = target.connect()) {
            StatementRunner runner = new StatementRunner(connection, format);
            // the progress line goes to standard error, and only when the output is a terminal
            runner.run(sql, out, true, ProgressLine.standardErrorOnTerminal());
        }
        out.flush();
    }

    /** Runs the interactive shell on the system terminal until the user quits. */
    public void shell()
            throws SQLException, IOException
    {
        try (Connection connection = target.connect();
                Terminal terminal = systemTerminal()) {
            new SqlShell(connection, format, historyFile()).run(terminal);
        }
    }

    /**
     * The terminal of this process when stdin and stdout are one; otherwise a dumb terminal over
     * them, which neither echoes nor edits, so that piped input reads line by line.
     */
    static Terminal systemTerminal()
            throws IOException
    {
        Console console = System.console();
        if (console != null && console.isTerminal()) {
            return TerminalBuilder.builder().system(true).dumb(true).build();
        }
        return dumbTerminal(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out));
    }

    static Terminal dumbTerminal(InputStream in, OutputStream out)
            throws IOException
    {
        return new DumbTerminal("signo", Terminal.TYPE_DUMB, in, out, StandardCharsets.UTF_8);
    }

    /** ~/.signo_history, or the file the environment variable SIGNO_HISTORY names. */
    static Path historyFile()
    {
        String override = System.getenv("SIGNO_HISTORY");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        return Path.of(System.getProperty("user.home"), ".signo_history");
    }
}
