package io.signo.server.jdbc;

import io.signo.sql.ResultStream;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;
import io.signo.storage.vector.ColumnVector;
import org.apache.calcite.avatica.Meta;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows of one statement's result, served to the client a frame at a time as the query produces
 * them: each frame pulls pages from the statement's {@link ResultStream} until it holds the rows
 * asked for, so the server holds at most the pages of one frame (and the query's bounded result
 * buffer), never the whole result. The result stays in its off-heap pages; only the rows of the
 * frame being sent become Java objects (Avatica's frames hold one object per value), converted a
 * column at a time with one switch on the type per page. Frames are asked for in order; the stream
 * is closed once the last frame is out, at the statement's row limit, or when the statement closes.
 */
final class ResultFrames
        implements AutoCloseable
{
    private final List<Type> types;
    private final ResultStream stream;
    /** The statement's row limit, or 0 or less for none. */
    private final long maxRowCount;
    /** The page being sent and its next position; null before the first and after the last. */
    private Page page;
    private int position;
    /** The number of the next row to send. */
    private long nextRow;
    private boolean done;
    /** Where the session shows TIMESTAMP WITH TIME ZONE values. */
    private final TimeZoneOffsets timeZone;

    /** @param maxRowCount the statement's row limit, or 0 or less for none */
    ResultFrames(ResultStream stream, long maxRowCount)
    {
        this.stream = requireNonNull(stream, "stream is null");
        this.types = List.copyOf(stream.columnTypes());
        this.timeZone = TimeZoneOffsets.of(stream.timeZone());
        this.maxRowCount = maxRowCount;
    }

    /**
     * Rows [offset, offset + maxRows) (fewer at the end); done when it holds the last row. Waits for
     * the query to produce them.
     *
     * @throws io.signo.sql.SignoException when the query failed or was cancelled
     */
    synchronized Meta.Frame frame(long offset, int maxRows)
    {
        if (done && offset >= nextRow) {
            return Meta.Frame.create(offset, true, List.of());
        }
        if (offset != nextRow) {
            throw new IllegalStateException("rows are sent in order: the client asked for row " + offset + " but the next row is " + nextRow);
        }
        long wanted = Math.max(1, maxRows);
        if (maxRowCount > 0) {
            wanted = Math.min(wanted, maxRowCount - nextRow);
        }
        List<Object> frameRows = new ArrayList<>();
        try {
            while (frameRows.size() < wanted && nextPageWithRows()) {
                int to = (int) Math.min(page.positionCount(), position + (wanted - frameRows.size()));
                Object[][] rows = new Object[to - position][types.size()];
                copy(page, position, to, rows, 0);
                for (Object[] values : rows) {
                    frameRows.add(Arrays.asList(values));
                }
                position = to;
            }
            nextRow += frameRows.size();
            if (!done && maxRowCount > 0 && nextRow >= maxRowCount) {
                finish();
            }
            // the frame that holds the last row says so, so that the client asks for no more
            nextPageWithRows();
        }
        catch (RuntimeException e) {
            finish();
            throw e;
        }
        return Meta.Frame.create(offset, done, frameRows);
    }

    /** Whether a row is left to send, reading the next page when the current one is sent. */
    private boolean nextPageWithRows()
    {
        while (!done && (page == null || position == page.positionCount())) {
            page = stream.nextPage();
            position = 0;
            if (page == null) {
                finish();
            }
        }
        return !done;
    }

    private void finish()
    {
        done = true;
        page = null;
        stream.close();
    }

    /** Stops serving: a query still producing rows is stopped. */
    @Override
    public synchronized void close()
    {
        if (!done) {
            finish();
        }
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
                case TIMESTAMP -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : Math.floorDiv(vector.getLong(position), 1000L);
                    }
                }
                case DOUBLE -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : vector.getDouble(position);
                    }
                }
                case REAL -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : (float) vector.getDouble(position);
                    }
                }
                case DECIMAL -> {
                    int scale = type.scale();
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position)
                                ? null
                                : type.isLongDecimal()
                                        ? Int128Math.toBigDecimal(vector.getInt128High(position), vector.getInt128Low(position), scale)
                                        : BigDecimal.valueOf(vector.getLong(position), scale);
                    }
                }
                case TIME -> {
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : (int) (vector.getLong(position) / 1000L);
                    }
                }
                case TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> {
                    byte[] text = new byte[Interval.MAX_FORMATTED_LENGTH];
                    for (int position = from; position < to; position++, row++) {
                        rows[row][column] = mayHaveNulls && vector.isNull(position) ? null : longText(type, vector.getLong(position), text);
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

    /** The text of an instant (in the session's zone) or an interval. */
    private String longText(Type type, long value, byte[] text)
    {
        int length = switch (type.kind()) {
            case TIMESTAMP_TZ -> ZonedTimestamp.format(value, timeZone, text, 0);
            default -> Interval.format(type, value, text, 0);
        };
        return new String(text, 0, length, StandardCharsets.US_ASCII);
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
