package io.signo.server.jdbc;

import io.signo.server.query.StatementColumns;
import io.signo.sql.Session;
import io.signo.storage.table.Catalog;
import org.apache.calcite.avatica.ColumnMetaData;

import java.util.List;

/**
 * The result columns of a statement as Avatica describes them, found by planning it without
 * running it ({@link StatementColumns}): what a prepared statement reports before it executes.
 */
final class StatementDescriber
{
    private StatementDescriber() {}

    static List<ColumnMetaData> describe(Catalog catalog, Session session, String sql)
    {
        if (CancelCommand.parse(sql) != null) {
            return CancelCommand.COLUMNS;
        }
        StatementColumns.Columns columns = StatementColumns.describe(catalog, session, sql);
        return JdbcTypes.columns(columns.names(), columns.types());
    }
}
