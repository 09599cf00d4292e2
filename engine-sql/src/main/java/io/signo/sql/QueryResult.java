package io.signo.sql;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The answer of one statement: column names and types, the rows as pages in order, and the time
 * zone its TIMESTAMP WITH TIME ZONE values are shown in (the session's).
 */
public record QueryResult(List<String> columnNames, List<Type> columnTypes, List<Page> pages, ZoneId timeZone)
{
    /** A result without instants to show: its time zone is UTC. */
    public QueryResult(List<String> columnNames, List<Type> columnTypes, List<Page> pages)
    {
        this(columnNames, columnTypes, pages, ZoneOffset.UTC);
    }

    public long rowCount()
    {
        long rows = 0;
        for (Page page : pages) {
            rows += page.positionCount();
        }
        return rows;
    }
}
