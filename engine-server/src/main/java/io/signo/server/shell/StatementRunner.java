package io.signo.server.shell;

import io.signo.server.cli.CsvResultWriter;
import io.signo.server.cli.OutputFormat;
import io.signo.server.cli.PlanTextWriter;
import io.signo.server.cli.ResultWriter;
import io.signo.server.cli.StatementText;
import io.signo.server.cli.TableResultWriter;
import io.signo.sql.QueryResult;
import io.signo.sql.ddl.StatementKind;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import java.io.IOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Runs statements on a server over JDBC and prints their results as {@code signo sql} prints
 * results computed in this process: the same table, CSV and plan text. The whole result is read
 * before printing starts, because the table's column widths need every value.
 */
public final class StatementRunner
{
    private final Connection connection;
    private final OutputFormat format;
    private final ResultSetReader reader = new ResultSetReader();
    private volatile Statement running;

    public StatementRunner(Connection connection, OutputFormat format)
    {
        this.connection = requireNonNull(connection, "connection is null");
        this.format = requireNonNull(format, "format is null");
    }

    /** What one statement returned; {@code result} is null for a statement without rows. */
    public record Outcome(QueryResult result, long nanos)
    {
        public long rowCount()
        {
            return result == null ? 0 : result.rowCount();
        }
    }

    /** Runs {@code sql} (no trailing semicolon) and reads its whole result. */
    public Outcome execute(String sql)
            throws SQLException
    {
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            running = statement;
            if (!statement.execute(sql)) {
                // a write: its count of rows printed as signo sql prints it in-process; CREATE, DROP and ALTER print nothing
                StatementKind kind = StatementKind.of(sql);
                long updated = statement.getLargeUpdateCount();
                if (updated < 0 || !kind.countsRows()) {
                    return new Outcome(null, System.nanoTime() - start);
                }
                VectorBuilder count = new VectorBuilder(Type.BIGINT, 1);
                count.appendLong(updated);
                return new Outcome(new QueryResult(List.of("count"), List.of(Type.BIGINT), List.of(new Page(1, count.build()))), System.nanoTime() - start);
            }
            QueryResult result = reader.read(statement.getResultSet());
            return new Outcome(result, System.nanoTime() - start);
        }
        finally {
            running = null;
        }
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

    /**
     * Prints a result in this runner's format; {@code footer} says whether a table ends with its
     * {@code (N rows)} line (the shell prints its own line with the time instead).
     */
    public void print(String sql, Outcome outcome, Writer out, boolean footer)
            throws IOException
    {
        if (outcome.result() == null) {
            return;
        }
        ResultWriter writer = switch (format) {
            case CSV -> new CsvResultWriter(out);
            case TABLE -> StatementText.isExplain(sql) ? new PlanTextWriter(out) : new TableResultWriter(out, footer);
        };
        writer.write(outcome.result());
    }
}
