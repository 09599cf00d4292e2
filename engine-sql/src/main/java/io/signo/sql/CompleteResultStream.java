package io.signo.sql;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.time.ZoneId;
import java.util.List;

import static java.util.Objects.requireNonNull;

/** A stream over a result that is already whole. */
final class CompleteResultStream
        implements ResultStream
{
    private final QueryResult result;
    private int nextPage;

    CompleteResultStream(QueryResult result)
    {
        this.result = requireNonNull(result, "result is null");
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
        return nextPage < result.pages().size() ? result.pages().get(nextPage++) : null;
    }

    @Override
    public void close()
    {
        nextPage = result.pages().size();
    }
}
