package io.signo.storage.table;

import java.util.List;

/** An in-memory columnar table: schema, partitions of sealed segments, partitioning and statistics. */
public record Table(String name, List<Column> columns, List<Partition> partitions, Partitioning partitioning, TableStatistics statistics)
{
    /** The name of the row-id column of {@link #withRowIdColumn()}; no user column can be named so unquoted. */
    public static final String ROW_ID_COLUMN = "$row_id";

    /**
     * How many partitions the whole table has: the count its partitioning states, for a table that
     * holds only some of them, otherwise the size of its partition list.
     */
    public int partitionCount()
    {
        if (partitioning != null && partitioning.partitionCount() > 0) {
            return partitioning.partitionCount();
        }
        return partitions.size();
    }

    /**
     * A table with this one's columns, statistics and partitioning (stating the whole table's
     * partition count) but no data: what a coordinator plans with when the rows live on workers.
     */
    public Table schemaOnly()
    {
        return schemaOnly(statistics);
    }

    /** Like {@link #schemaOnly()} with other statistics, such as those merged from every worker's share. */
    public Table schemaOnly(TableStatistics statistics)
    {
        Partitioning counted = partitioning == null ? null : partitioning.withPartitionCount(partitionCount());
        return new Table(name, columns, List.of(), counted, statistics);
    }

    /**
     * This table with one more column, {@value #ROW_ID_COLUMN}, after its own: each row's id in a
     * stored table, which DELETE and UPDATE plan against to find the rows they change.
     */
    public Table withRowIdColumn()
    {
        List<Column> withRowId = new java.util.ArrayList<>(columns);
        withRowId.add(new Column(ROW_ID_COLUMN, io.signo.storage.type.Type.BIGINT, true));
        return new Table(name, withRowId, partitions, partitioning, statistics);
    }

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
