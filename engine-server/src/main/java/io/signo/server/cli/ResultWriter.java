package io.signo.server.cli;

import io.signo.sql.QueryResult;

import java.io.IOException;

/** Writes a whole query result as text, page by page. */
public interface ResultWriter
{
    void write(QueryResult result)
            throws IOException;
}
