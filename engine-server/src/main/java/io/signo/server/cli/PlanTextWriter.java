package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;

import java.io.IOException;
import java.io.Writer;

import static java.util.Objects.requireNonNull;

/**
 * Writes the result of EXPLAIN (one VARCHAR column, one plan line per row) as the plain lines,
 * without header, borders or footer, so that the plan tree reads as it was drawn. Extra columns,
 * if any, follow on the same line after a space.
 */
public final class PlanTextWriter
        implements ResultWriter
{
    private final Writer out;
    private final PageText pageText = new PageText(new ValueFormatter(ValueFormatter.Quoting.NONE));
    private final StringBuilder lines = new StringBuilder();

    public PlanTextWriter(Writer out)
    {
        this.out = requireNonNull(out, "out is null");
    }

    @Override
    public void writePart(QueryResult result)
            throws IOException
    {
        for (Page page : result.pages()) {
            pageText.format(page);
            lines.setLength(0);
            int columnCount = page.columnCount();
            int positionCount = page.positionCount();
            for (int position = 0; position < positionCount; position++) {
                for (int column = 0; column < columnCount; column++) {
                    if (column > 0) {
                        lines.append(' ');
                    }
                    pageText.appendCell(column, position, lines);
                }
                lines.append('\n');
            }
            out.append(lines);
        }
    }

    @Override
    public void end()
            throws IOException
    {
        out.flush();
    }
}
