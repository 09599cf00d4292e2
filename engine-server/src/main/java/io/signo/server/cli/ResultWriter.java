package io.signo.server.cli;

import io.signo.sql.QueryResult;

import java.io.IOException;

/**
 * Writes a result as text, page by page. A result that arrives in parts (the shell's, read from a
 * server while the query runs) is written part by part as it comes, with {@link #writePart}, and
 * closed with {@link #end}; {@link #write} writes a whole result at once.
 */
public interface ResultWriter
{
    /** Writes the next part of a result: the first part heads the output with the column names. */
    void writePart(QueryResult part)
            throws IOException;

    /** Ends the output (a table's row count) and flushes it. */
    void end()
            throws IOException;

    default void write(QueryResult result)
            throws IOException
    {
        writePart(result);
        end();
    }
}
