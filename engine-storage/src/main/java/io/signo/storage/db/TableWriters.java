package io.signo.storage.db;

import io.signo.storage.db.Database.TableWriter;
import io.signo.storage.table.Column;

import java.util.List;

/** Where a statement's new files are written: a database, or a worker's share of a cluster's. */
public interface TableWriters
{
    /** Starts writing rows of a table with {@code columns}, placed by {@code layout}, into new files; they count once a commit names them. */
    TableWriter newWriter(List<Column> columns, TableLayout layout);
}
