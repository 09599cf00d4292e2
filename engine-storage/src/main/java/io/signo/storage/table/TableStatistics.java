package io.signo.storage.table;

import java.util.Map;

/** Row count and per-column statistics of a table, keyed by column name. */
public record TableStatistics(long rowCount, Map<String, ColumnStatistics> columns)
{
    public ColumnStatistics column(String name)
    {
        return columns.get(name);
    }
}
