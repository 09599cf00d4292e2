package io.signo.server.query;

import io.signo.sql.ResultStream;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.util.Objects.requireNonNull;

/**
 * The result of a statement the {@link QueryManager} runs, as its client reads it: counts the pages
 * sent and ends the statement exactly once, when the client read the last page (FINISHED), when
 * reading fails (FAILED, or CANCELLED for a cancel), when the statement is cancelled while nobody
 * reads, or when the client closes the result early (FINISHED: it stopped reading what it had
 * asked for, like a JDBC client at its row limit).
 */
final class ManagedResultStream
        implements ResultStream
{
    private static final System.Logger LOG = System.getLogger(ManagedResultStream.class.getName());
    private static final String INTERNAL_ERROR_PREFIX = "internal error (query id ";

    /** What happens when the statement ends; {@code failure} is null when it finished. */
    @FunctionalInterface
    interface Ending
    {
        void ended(SignoException failure);
    }

    private final ManagedQuery query;
    private final ResultStream result;
    private final Ending ending;
    private final AtomicBoolean ended = new AtomicBoolean();

    ManagedResultStream(ManagedQuery query, ResultStream result, Ending ending)
    {
        this.query = requireNonNull(query, "query is null");
        this.result = requireNonNull(result, "result is null");
        this.ending = requireNonNull(ending, "ending is null");
        // a cancelled statement ends at once, even when its client is not reading: the admin API and a shutdown see it end
        query.control().onCancel(() -> end(query.control().cancellation()));
    }

    @Override
    public List<String> columnNames()
    {
        return result.columnNames();
    }

    @Override
    public List<Type> columnTypes()
    {
        return result.columnTypes();
    }

    @Override
    public ZoneId timeZone()
    {
        return result.timeZone();
    }

    @Override
    public Page nextPage()
    {
        Page page;
        try {
            page = result.nextPage();
            if (page == null) {
                // a cancel that came after the last page still counts: the client asked to stop
                query.control().checkNotCancelled();
            }
        }
        catch (RuntimeException | Error e) {
            SignoException failure = userError(e, query.id());
            end(failure);
            throw failure;
        }
        if (page == null) {
            // on a cluster the workers' end reports come after the last page: the statement ends (its state,
            // its metrics) once they came, so that a finished query's figures are whole
            result.awaitStatistics();
            end(null);
            return null;
        }
        query.sent(page);
        return page;
    }

    @Override
    public void close()
    {
        try {
            result.close();
        }
        finally {
            end(query.control().cancellation());
        }
    }

    private void end(SignoException failure)
    {
        if (ended.compareAndSet(false, true)) {
            ending.ended(failure);
        }
    }

    /**
     * The error a client sees for a failure of query {@code queryId}: Signo's own as it is; an internal
     * error (a bug) only as "internal error (query id ...)", its text and stack trace logged with the
     * query's id, since they name the server's classes and say nothing the client can act on.
     */
    static SignoException userError(Throwable failure, String queryId)
    {
        SignoException error = SignoException.of(failure);
        if (error.errorCode() != ErrorCode.INTERNAL_ERROR || error.getMessage().startsWith(INTERNAL_ERROR_PREFIX)) {
            return error;
        }
        LOG.log(System.Logger.Level.ERROR, "query " + queryId + " failed: " + error.getMessage(), error.getCause() != null ? error.getCause() : error);
        return new SignoException(ErrorCode.INTERNAL_ERROR, INTERNAL_ERROR_PREFIX + queryId + "): the server log has the details", error);
    }
}
