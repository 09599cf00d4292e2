package io.signo.server.shell;

import io.signo.server.cli.CsvResultWriter;
import io.signo.server.cli.OutputFormat;
import io.signo.server.cli.PlanTextWriter;
import io.signo.server.cli.ProgressLine;
import io.signo.server.cli.ResultWriter;
import io.signo.server.cli.StatementText;
import io.signo.server.cli.TableResultWriter;
import io.signo.sql.QueryResult;
import io.signo.sql.ddl.StatementKind;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * Runs statements on a server over JDBC and prints their results as {@code signo sql} prints
 * results computed in this process: the same table, CSV and plan text, printed while the result
 * arrives (a table aligned part by part).
 */
public final class StatementRunner
{
    private final Connection connection;
    private final OutputFormat format;
    private final ResultSetReader reader = new ResultSetReader();
    private volatile Statement running;
    /** Rows of the running statement received so far, for its progress line. */
    private volatile long receivedRows;

    public StatementRunner(Connection connection, OutputFormat format)
    {
        this.connection = requireNonNull(connection, "connection is null");
        this.format = requireNonNull(format, "format is null");
    }

    /** Rows a printed part of a result holds at most, and how long its rows are waited for once it has one. */
    private static final int PART_ROWS = 10_000;
    private static final long PART_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /** What one statement did: whether it returned rows, how many, and how long it took until its last row was printed. */
    public record Outcome(boolean returnedRows, long rowCount, long nanos) {}

    /**
     * Runs {@code sql} (no trailing semicolon) and prints its result to {@code out} in this runner's
     * format while it arrives, a part at a time (up to 10,000 rows, or the rows of half a second):
     * a result larger than memory streams through. {@code footer} says whether a table ends with its
     * {@code (N rows)} line (the shell prints its own line with the time instead). While it runs, a
     * {@link ProgressLine} is drawn on {@code progressTerminal} when it is not null.
     */
    public Outcome run(String sql, Writer out, boolean footer, PrintWriter progressTerminal)
            throws SQLException, IOException
    {
        long start = System.nanoTime();
        receivedRows = 0;
        try (Statement statement = connection.createStatement();
                ProgressLine progress = ProgressLine.start(progressTerminal, nanos -> ProgressLine.rowsReceived(nanos, receivedRows))) {
            running = statement;
            if (!statement.execute(sql)) {
                // a write: its count of rows printed as signo sql prints it in-process; CREATE, DROP and ALTER print nothing
                StatementKind kind = StatementKind.of(sql);
                long updated = statement.getLargeUpdateCount();
                if (updated < 0 || !kind.countsRows()) {
                    return new Outcome(false, 0, System.nanoTime() - start);
                }
                VectorBuilder count = new VectorBuilder(Type.BIGINT, 1);
                count.appendLong(updated);
                progress.erase();
                writer(sql, out, footer).write(new QueryResult(List.of("count"), List.of(Type.BIGINT), List.of(new Page(1, count.build()))));
                return new Outcome(true, 1, System.nanoTime() - start);
            }
            ResultSet resultSet = statement.getResultSet();
            ResultSetReader.Columns columns = reader.columns(resultSet);
            ResultWriter writer = writer(sql, out, footer);
            long rows = 0;
            QueryResult part;
            boolean empty = true;
            while ((part = reader.readPart(resultSet, columns, PART_ROWS, System.nanoTime() + PART_NANOS)) != null) {
                rows += part.rowCount();
                receivedRows = rows;
                progress.erase();
                writer.writePart(part);
                out.flush();
                empty = false;
            }
            progress.erase();
            if (empty) {
                // no rows: the header alone
                writer.writePart(new QueryResult(columns.names(), columns.types(), List.of()));
            }
            writer.end();
            return new Outcome(true, rows, System.nanoTime() - start);
        }
        finally {
            running = null;
        }
    }

    private ResultWriter writer(String sql, Writer out, boolean footer)
    {
        return switch (format) {
            case CSV -> new CsvResultWriter(out);
            case TABLE -> StatementText.isExplain(sql) ? new PlanTextWriter(out) : new TableResultWriter(out, footer);
        };
    }

    /** Cancels the statement running now, if any (the shell's Ctrl-C); it then fails with "Query was cancelled". */
    public void cancel()
    {
        Statement statement = running;
        if (statement == null) {
            return;
        }
        try {
            statement.cancel();
        }
        catch (SQLException ignored) {
            // the statement ended meanwhile, or the server is gone: nothing is left to cancel
        }
    }
}
