package io.signo.server.shell;

import io.signo.server.cli.OutputFormat;
import io.signo.server.cli.TableResultWriter;
import io.signo.sql.QueryResult;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * The interactive {@code signo sql --server}: reads statements with JLine (line editing, history
 * in a file), runs each as it is completed by a {@code ;} and prints its result followed by
 * {@code (N rows, 0.123 s)}. Backslash commands at the start of a statement: {@code \d},
 * {@code \d TABLE}, {@code \?} and {@code \q}. A failing statement prints {@code ERROR: message}
 * and the shell reads on.
 */
public final class SqlShell
{
    static final String PROMPT = "signo> ";
    static final String CONTINUATION_PROMPT = "    -> ";
    private static final String HELP = """
            Statements end with ';' and may span lines.
              \\d          list the tables
              \\d TABLE    describe the columns of TABLE
              \\?          this help
              \\q          quit (Ctrl-D too)
            """;

    private final Connection connection;
    private final StatementRunner runner;
    private final Path historyFile;
    private final StatementSplitter splitter = new StatementSplitter();
    /** Whether the terminal is a real one (not dumb): then a running statement shows its progress line. */
    private boolean interactive;

    public SqlShell(Connection connection, OutputFormat format, Path historyFile)
    {
        this.connection = requireNonNull(connection, "connection is null");
        this.runner = new StatementRunner(connection, format);
        this.historyFile = requireNonNull(historyFile, "historyFile is null");
    }

    /** Reads and runs statements from {@code terminal} until {@code \q} or end of input. */
    public void run(Terminal terminal)
            throws IOException
    {
        StatementHistory history = new StatementHistory();
        DefaultParser parser = new DefaultParser();
        // the line is SQL, not shell words: backslashes and quotes mean nothing to the reader
        parser.setEscapeChars(null);
        LineReader reader = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("signo")
                .parser(parser)
                .variable(LineReader.HISTORY_FILE, historyFile)
                .history(history)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        PrintWriter out = terminal.writer();
        // Ctrl-C while a statement runs cancels it on the server; while typing, the reader turns it into UserInterruptException
        terminal.handle(Terminal.Signal.INT, signal -> runner.cancel());
        // a real terminal shows a running statement's progress line; piped input and output never do
        interactive = !Terminal.TYPE_DUMB.equals(terminal.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
        if (interactive) {
            out.println("Signo shell. Statements end with ;. Type \\? for help, \\q to quit.");
        }
        StringBuilder typed = new StringBuilder();
        try {
            while (true) {
                String line;
                try {
                    line = reader.readLine(splitter.isEmpty() ? PROMPT : CONTINUATION_PROMPT);
                }
                catch (UserInterruptException e) {
                    // Ctrl-C drops the statement being typed
                    splitter.clear();
                    typed.setLength(0);
                    continue;
                }
                catch (EndOfFileException e) {
                    // end the prompt's line, as the user's Enter would have
                    out.println();
                    break;
                }
                if (splitter.isEmpty() && line.strip().startsWith("\\")) {
                    history.addStatement(line.strip());
                    if (!backslashCommand(line.strip(), out)) {
                        break;
                    }
                    continue;
                }
                if (!typed.isEmpty()) {
                    typed.append('\n');
                }
                typed.append(line);
                // a statement recalled from history comes back as one line with line breaks in it
                for (String part : line.split("\n", -1)) {
                    for (String statement : splitter.add(part)) {
                        runStatement(statement, out);
                    }
                }
                if (splitter.isEmpty()) {
                    if (!typed.toString().isBlank()) {
                        history.addStatement(typed.toString());
                    }
                    typed.setLength(0);
                }
            }
        }
        finally {
            reader.getHistory().save();
            out.flush();
        }
    }

    /** Runs one backslash command; false means quit. */
    private boolean backslashCommand(String command, PrintWriter out)
            throws IOException
    {
        String text = command.endsWith(";") ? command.substring(0, command.length() - 1).strip() : command;
        String[] words = text.split("\\s+", 2);
        switch (words[0]) {
            case "\\q" -> {
                return false;
            }
            case "\\?", "\\h" -> out.print(HELP);
            case "\\d" -> {
                try {
                    QueryResult result = words.length == 1
                            ? DescribeCommand.tables(connection.getMetaData())
                            : DescribeCommand.columns(connection.getMetaData(), words[1].strip());
                    new TableResultWriter(out).write(result);
                }
                catch (SQLException e) {
                    printError(e, out);
                }
            }
            default -> out.println("ERROR: unknown command " + words[0] + "; \\? lists the commands");
        }
        out.flush();
        return true;
    }

    private void runStatement(String sql, PrintWriter out)
            throws IOException
    {
        try {
            StatementRunner.Outcome outcome = runner.run(sql, out, false, interactive ? out : null);
            long rows = outcome.rowCount();
            out.println(String.format(Locale.ROOT, "(%d %s, %.3f s)", rows, rows == 1 ? "row" : "rows", outcome.nanos() / 1e9));
        }
        catch (SQLException e) {
            printError(e, out);
        }
        out.flush();
    }

    private static void printError(SQLException error, PrintWriter out)
    {
        out.println("ERROR: " + ServerErrors.message(error));
    }
}
