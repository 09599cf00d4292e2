package io.signo.storage.table;

import java.util.List;

/**
 * How a table's rows are spread over partitions: by a hash of key columns, or replicated (every
 * partition, and later every worker, holds all rows; for small dimension tables).
 */
public record Partitioning(List<String> keyColumns, boolean replicated)
{
    public static Partitioning hash(String... keyColumns)
    {
        return new Partitioning(List.of(keyColumns), false);
    }

    public static Partitioning replicatedTable()
    {
        return new Partitioning(List.of(), true);
    }
}
