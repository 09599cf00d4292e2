package io.signo.server.pg;

import io.signo.sql.ResultStream;
import io.signo.storage.page.Page;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows of a portal's result, sent as the client asks for them: an Execute with a row limit (or
 * a FETCH of a cursor) sends that many and keeps the rest in the stream, so the server holds at most
 * one page (and the query's bounded result buffer), never the whole result. Each column is encoded
 * in the format its Bind (or DECLARE) asked for. Closing stops a query that still produces rows.
 */
final class PortalRows
        implements AutoCloseable
{
    private final ResultStream stream;
    private final List<String> names;
    private final List<Type> types;
    private final boolean[] binary;
    private final PgValueEncoder[] encoders;
    private Page page;
    private int position;
    private boolean done;

    /**
     * @param names the columns' names as the client sees them
     * @param formats the Bind's result format codes: none (all text), one for all columns, or one per column
     */
    PortalRows(ResultStream stream, List<String> names, short[] formats)
    {
        this.stream = requireNonNull(stream, "stream is null");
        this.names = List.copyOf(names);
        this.types = List.copyOf(stream.columnTypes());
        this.binary = binaryColumns(formats, types.size());
        TimeZoneOffsets timeZone = TimeZoneOffsets.of(stream.timeZone());
        this.encoders = new PgValueEncoder[types.size()];
        for (int column = 0; column < encoders.length; column++) {
            encoders[column] = new PgValueEncoder(types.get(column), binary[column], timeZone);
        }
    }

    static boolean[] binaryColumns(short[] formats, int columnCount)
    {
        if (formats.length > 1 && formats.length != columnCount) {
            throw PgException.protocolViolation("bind message has " + formats.length + " result formats but the query has " + columnCount + " columns");
        }
        boolean[] binary = new boolean[columnCount];
        for (int column = 0; column < columnCount; column++) {
            binary[column] = formats.length == 1 ? formats[0] == 1 : formats.length > 1 && formats[column] == 1;
        }
        return binary;
    }

    void describe(PgMessageWriter writer)
    {
        writer.rowDescription(names, types, binary);
    }

    /**
     * Sends up to {@code limit} rows (all with a limit of -1), or skips them when {@code send} is
     * false (MOVE), and returns how many; waits for the query to produce them.
     */
    long fetch(long limit, PgMessageWriter writer, boolean send)
    {
        long wanted = limit < 0 ? Long.MAX_VALUE : limit;
        long rows = 0;
        while (rows < wanted && !done) {
            if (page == null || position == page.positionCount()) {
                page = stream.nextPage();
                position = 0;
                if (page == null) {
                    finish();
                }
                continue;
            }
            long remaining = wanted - rows;
            int to = remaining >= page.positionCount() - position ? page.positionCount() : position + (int) remaining;
            if (send) {
                writer.dataRows(page, position, to, encoders);
            }
            rows += to - position;
            position = to;
        }
        return rows;
    }

    /** Whether the last row was sent; a portal stopped at its limit does not know until the next fetch. */
    boolean done()
    {
        return done;
    }

    private void finish()
    {
        done = true;
        page = null;
        stream.close();
    }

    @Override
    public void close()
    {
        if (!done) {
            finish();
        }
    }
}
