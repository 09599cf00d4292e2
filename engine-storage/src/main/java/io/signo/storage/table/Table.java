package io.signo.storage.table;

import java.util.List;

/** An in-memory columnar table: schema, partitions of sealed segments, partitioning and statistics. */
public record Table(String name, List<Column> columns, List<Partition> partitions, Partitioning partitioning, TableStatistics statistics)
{
    public int columnIndex(String columnName)
    {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(columnName)) {
                return i;
            }
        }
        throw new IllegalArgumentException("table " + name + " has no column " + columnName);
    }
}
