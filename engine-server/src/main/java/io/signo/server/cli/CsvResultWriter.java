package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;

import java.io.IOException;
import java.io.Writer;

import static java.util.Objects.requireNonNull;

/**
 * Writes a result as CSV (RFC 4180): a header line of column names, then one line per row; fields
 * containing a comma, quote, CR or LF are quoted with inner quotes doubled; NULL is an empty field
 * and an empty string is {@code ""}, so the two stay apart.
 * Lines end with \n. Flushes at the end, not per page (nor per part).
 */
public final class CsvResultWriter
        implements ResultWriter
{
    private final Writer out;
    private final ValueFormatter formatter = new ValueFormatter(ValueFormatter.Quoting.CSV);
    private final PageText pageText = new PageText(formatter);
    private final StringBuilder lines = new StringBuilder();
    private boolean headerWritten;

    public CsvResultWriter(Writer out)
    {
        this.out = requireNonNull(out, "out is null");
    }

    @Override
    public void writePart(QueryResult result)
            throws IOException
    {
        formatter.timeZone(result.timeZone());
        if (!headerWritten) {
            headerWritten = true;
            lines.setLength(0);
            for (int column = 0; column < result.columnNames().size(); column++) {
                if (column > 0) {
                    lines.append(',');
                }
                formatter.appendText(result.columnNames().get(column), lines);
            }
            lines.append('\n');
            out.append(lines);
        }
        for (Page page : result.pages()) {
            writePage(page);
        }
    }

    @Override
    public void end()
            throws IOException
    {
        out.flush();
    }

    private void writePage(Page page)
            throws IOException
    {
        pageText.format(page);
        int columnCount = page.columnCount();
        int positionCount = page.positionCount();
        lines.setLength(0);
        for (int position = 0; position < positionCount; position++) {
            for (int column = 0; column < columnCount; column++) {
                if (column > 0) {
                    lines.append(',');
                }
                pageText.appendCell(column, position, lines);
            }
            lines.append('\n');
        }
        out.append(lines);
    }
}
