package io.signo.sql;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.List;

/** The answer of one statement: column names and types, and the rows as pages in order. */
public record QueryResult(List<String> columnNames, List<Type> columnTypes, List<Page> pages)
{
    public long rowCount()
    {
        long rows = 0;
        for (Page page : pages) {
            rows += page.positionCount();
        }
        return rows;
    }
}
