package io.signo.server.jdbc;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import org.apache.calcite.avatica.Meta;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows of one statement's result, served to the client a frame at a time. The result stays in
 * its off-heap pages; only the rows of the frame being sent become Java objects (Avatica's frames
 * hold one object per value), converted a column at a time with one switch on the type per page.
 * Frames are asked for in order; the pages are let go once the last frame is out.
 */
final class ResultFrames
{
    private final List<Type> types;
    private List<Page> pages;
    /** pageStarts[i] is the row number of the first row of page i; pageStarts[pages] the row count. */
    private final long[] pageStarts;
    private final long rowCount;

    /** @param maxRowCount the statement's row limit, or 0 or less for none */
    ResultFrames(QueryResult result, long maxRowCount)
    {
        requireNonNull(result, "result is null");
        this.types = List.copyOf(result.columnTypes());
        this.pages = List.copyOf(result.pages());
        this.pageStarts = new long[pages.size() + 1];
        long rows = 0;
        for (int page = 0; page < pages.size(); page++) {
            pageStarts[page] = rows;
            rows += pages.get(page).positionCount();
        }
        pageStarts[pages.size()] = rows;
        this.rowCount = maxRowCount > 0 ? Math.min(rows, maxRowCount) : rows;
    }

    long rowCount()
    {
        return rowCount;
    }

    /** Rows [offset, offset + maxRows) (fewer at the end); done when it holds the last row. */
    synchronized Meta.Frame frame(long offset, int maxRows)
    {
        if (pages == null) {
            if (offset >= rowCount) {
                return Meta.Frame.create(offset, true, List.of());
            }
            throw new IllegalStateException("the rows from " + offset + " were already sent and released");
        }
        long end = Math.min(rowCount, offset + Math.max(1, maxRows));
        int frameRows = (int) Math.max(0, end - offset);
        Object[][] rows = new Object[frameRows][types.size()];
        if (frameRows > 0) {
            int page = Arrays.binarySearch(pageStarts, offset);
            page = page >= 0 ? page : -page - 2;
            long row = offset;
            while (row < end) {
                // skips empty pages: pageStarts of an empty page equals the next page's
                while (pageStarts[page + 1] <= row) {
                    page++;
                }
                int from = (int) (row - pageStarts[page]);
                int to = (int) (Math.min(end, pageStarts[page + 1]) - pageStarts[page]);
                copy(pages.get(page), from, to, rows, (int) (row - offset));
                row += to - from;
            }
        }
        boolean done = end >= rowCount;
        if (done) {
            pages = null;
        }
        List<Object> frameRowList = new ArrayList<>(frameRows);
        for (Object[] values : rows) {
            frameRowList.add(Arrays.asList(values));
        }
        return Meta.Frame.create(offset, done, frameRowList);
    }

    /** Positions [from, to) of a page into rows starting at {@code firstRow}. */
    private void copy(Page page, int from, int to, Object[][] rows, int firstRow)
    {
        for (int column = 0; column < types.size(); column++) {
            ColumnVector vector = page.column(column);
            Type type = types.get(column);
            boolean mayHaveNulls = vector.mayHaveNulls();
            int row = firstRow;
            switch (type.kind()) {
                case BOOLEAN -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : vector.getBoolean(position);
                    }
                }
                case INTEGER, DATE -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : vector.getInt(position);
                    }
                }
                case BIGINT -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : vector.getLong(position);
                    }
                }
                case DOUBLE -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : vector.getDouble(position);
                    }
                }
                case DECIMAL -> {
                    int scale = type.scale();
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : BigDecimal.valueOf(vector.getLong(position), scale);
                    }
                }
                case VARCHAR, CHAR -> {
                    boolean trimPadding = type.kind() == TypeKind.CHAR;
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : text(vector.getString(position), trimPadding);
                    }
                }
            }
        }
    }

    private static String text(String value, boolean trimPadding)
    {
        if (!trimPadding) {
            return value;
        }
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == ' ') {
            end--;
        }
        return end == value.length() ? value : value.substring(0, end);
    }
}
