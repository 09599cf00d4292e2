package io.signo.server.cli;

import io.signo.storage.page.Page;

import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * The text of every cell of one page, formatted a column at a time into one buffer per column.
 * Reused from page to page so that writing a result allocates per page, not per row. Not thread
 * safe.
 */
final class PageText
{
    private final ValueFormatter formatter;
    private StringBuilder[] columns = new StringBuilder[0];
    private int[][] ends = new int[0][];
    private int positionCount;

    PageText(ValueFormatter formatter)
    {
        this.formatter = requireNonNull(formatter, "formatter is null");
    }

    void format(Page page)
    {
        int columnCount = page.columnCount();
        positionCount = page.positionCount();
        if (columns.length < columnCount) {
            int previous = columns.length;
            columns = Arrays.copyOf(columns, columnCount);
            ends = Arrays.copyOf(ends, columnCount);
            for (int column = previous; column < columnCount; column++) {
                columns[column] = new StringBuilder();
                ends[column] = new int[0];
            }
        }
        for (int column = 0; column < columnCount; column++) {
            if (ends[column].length < positionCount) {
                ends[column] = new int[Math.max(positionCount, ends[column].length * 2)];
            }
            columns[column].setLength(0);
            formatter.formatColumn(page.column(column), positionCount, columns[column], ends[column]);
        }
    }

    int positionCount()
    {
        return positionCount;
    }

    int cellStart(int column, int position)
    {
        return position == 0 ? 0 : ends[column][position - 1];
    }

    int cellEnd(int column, int position)
    {
        return ends[column][position];
    }

    /** The length of a cell in characters as a terminal shows them (code points). */
    int cellWidth(int column, int position)
    {
        int start = cellStart(column, position);
        int end = ends[column][position];
        return Character.codePointCount(columns[column], start, end);
    }

    /** Appends the text of one cell to {@code out}. */
    void appendCell(int column, int position, StringBuilder out)
    {
        out.append(columns[column], cellStart(column, position), ends[column][position]);
    }
}
