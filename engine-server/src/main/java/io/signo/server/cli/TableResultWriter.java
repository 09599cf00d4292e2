package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Writes a result as an aligned table the way psql does: centered column names, a line of dashes
 * joined by {@code +}, numbers right-aligned and everything else left-aligned, NULL as blank, and
 * a {@code (N rows)} footer. Column widths need every value, so the pages of a part are formatted
 * twice: once to measure, once to write; neither pass holds more than one page of text. A result
 * written in parts is aligned part by part, as psql aligns it with {@code FETCH_COUNT}.
 */
public final class TableResultWriter
        implements ResultWriter
{
    private final Writer out;
    private final ValueFormatter formatter = new ValueFormatter(ValueFormatter.Quoting.NONE);
    private final PageText pageText = new PageText(formatter);
    private final StringBuilder lines = new StringBuilder();
    private final boolean footer;
    private int[] widths;
    private boolean[] rightAligned;
    private boolean headerWritten;
    private long rowCount;

    public TableResultWriter(Writer out)
    {
        this(out, true);
    }

    /** {@code footer} false leaves out the {@code (N rows)} line, for a caller that prints its own. */
    public TableResultWriter(Writer out, boolean footer)
    {
        this.out = requireNonNull(out, "out is null");
        this.footer = footer;
    }

    /**
     * Writes a part: its column widths are the widest of its values, its header's and the parts'
     * before (a later part may widen a column, never narrow it), and the header comes before the
     * first part. A whole result written at once is one part, aligned throughout.
     */
    @Override
    public void writePart(QueryResult result)
            throws IOException
    {
        formatter.timeZone(result.timeZone());
        List<String> names = result.columnNames();
        int columnCount = names.size();
        if (widths == null) {
            widths = new int[columnCount];
            rightAligned = new boolean[columnCount];
            for (int column = 0; column < columnCount; column++) {
                widths[column] = names.get(column).codePointCount(0, names.get(column).length());
                Type type = result.columnTypes().get(column);
                rightAligned[column] = type.isNumeric();
            }
        }
        for (Page page : result.pages()) {
            pageText.format(page);
            int positionCount = page.positionCount();
            for (int column = 0; column < columnCount; column++) {
                int width = widths[column];
                for (int position = 0; position < positionCount; position++) {
                    width = Math.max(width, pageText.cellWidth(column, position));
                }
                widths[column] = width;
            }
            rowCount += positionCount;
        }

        if (!headerWritten) {
            headerWritten = true;
            lines.setLength(0);
            appendHeader(names, widths);
            out.append(lines);
        }
        for (Page page : result.pages()) {
            pageText.format(page);
            lines.setLength(0);
            int positionCount = page.positionCount();
            for (int position = 0; position < positionCount; position++) {
                appendRow(position, widths, rightAligned);
            }
            out.append(lines);
        }
    }

    @Override
    public void end()
            throws IOException
    {
        if (footer) {
            out.append(rowCount == 1 ? "(1 row)\n" : "(" + rowCount + " rows)\n");
        }
        out.flush();
    }

    private void appendHeader(List<String> names, int[] widths)
    {
        int columnCount = names.size();
        for (int column = 0; column < columnCount; column++) {
            String name = names.get(column);
            int padding = widths[column] - name.codePointCount(0, name.length());
            appendSeparator(column);
            appendSpaces(padding / 2);
            lines.append(name);
            if (column < columnCount - 1) {
                appendSpaces(padding - padding / 2);
            }
        }
        lines.append('\n');
        for (int column = 0; column < columnCount; column++) {
            if (column > 0) {
                lines.append('+');
            }
            for (int i = widths[column] + 2; i > 0; i--) {
                lines.append('-');
            }
        }
        lines.append('\n');
    }

    private void appendRow(int position, int[] widths, boolean[] rightAligned)
    {
        int columnCount = widths.length;
        for (int column = 0; column < columnCount; column++) {
            int padding = widths[column] - pageText.cellWidth(column, position);
            appendSeparator(column);
            if (rightAligned[column]) {
                appendSpaces(padding);
                pageText.appendCell(column, position, lines);
            }
            else {
                pageText.appendCell(column, position, lines);
                // psql leaves no trailing spaces after the last column
                if (column < columnCount - 1) {
                    appendSpaces(padding);
                }
            }
        }
        lines.append('\n');
    }

    private void appendSeparator(int column)
    {
        lines.append(column == 0 ? " " : " | ");
    }

    private void appendSpaces(int count)
    {
        for (int i = 0; i < count; i++) {
            lines.append(' ');
        }
    }
}
