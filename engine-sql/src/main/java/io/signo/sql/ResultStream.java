package io.signo.sql;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.NativeMemory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of one statement as the query produces it: the columns at once, the rows page by page
 * while the query runs. One caller reads it. Closing it before the last page stops the query and
 * lets its buffered pages go; a caller must close it (after the last page it costs nothing).
 */
public interface ResultStream
        extends AutoCloseable
{
    List<String> columnNames();

    List<Type> columnTypes();

    /** The time zone the result's TIMESTAMP WITH TIME ZONE values are shown in: the session's when the statement was planned. */
    default ZoneId timeZone()
    {
        return ZoneOffset.UTC;
    }

    /**
     * The next page of rows, waiting until the query produced it; null after the last page.
     *
     * @throws SignoException when the query failed or was cancelled
     */
    Page nextPage();

    /**
     * Waits, at most 30 s, until the statement's figures are whole: on a cluster the last page comes
     * before the workers' end reports with their exchange counters and operator statistics. Returns
     * at once for a result computed in this process. A report that fails or never comes changes
     * nothing the reader received, so neither is an error here; call it after the last page.
     */
    default void awaitStatistics() {}

    /** Stops reading; a query still running is cancelled. Idempotent. */
    @Override
    void close();

    /**
     * Reads every page and closes the stream: the whole result, for callers that want it at once. A
     * result larger than half the native memory the process may use fails with
     * {@link ErrorCode#EXCEEDED_MEMORY_LIMIT} (and stops the query) rather than wait for the JVM to
     * refuse memory; callers that can, read the pages as they come instead.
     */
    default QueryResult collect()
    {
        try (this) {
            List<Page> pages = new ArrayList<>();
            long rows = 0;
            long bytes = 0;
            long limit = NativeMemory.limitBytes() / 2;
            for (Page page = nextPage(); page != null; page = nextPage()) {
                pages.add(page);
                rows += page.positionCount();
                bytes += page.retainedBytes();
                if (bytes > limit) {
                    pages.clear();
                    throw new SignoException(ErrorCode.EXCEEDED_MEMORY_LIMIT, "the result does not fit in memory: after " + rows + " rows it holds " + NativeMemory.format(bytes)
                            + ", more than half the native memory this process may use (" + NativeMemory.format(limit * 2)
                            + "); add a LIMIT, or read the result as it comes (JDBC fetches it frame by frame)");
                }
            }
            return new QueryResult(columnNames(), columnTypes(), pages, timeZone());
        }
    }

    /** A result that is already whole (SET, EXPLAIN, answers the server makes itself) as a stream. */
    static ResultStream of(QueryResult result)
    {
        return new CompleteResultStream(result);
    }
}
