package io.signo.storage.table;

import java.util.List;

/**
 * How a table's rows are spread over partitions: by key columns, or replicated (every node holds
 * all rows; for small dimension tables).
 *
 * <p>Tables with the same non-null {@code scheme} and the same partition count are co-partitioned:
 * partition i of each holds the same key values, so a join on those keys needs no exchange when
 * partition i of both tables lives on the same node.
 */
public record Partitioning(String scheme, List<String> keyColumns, boolean replicated)
{
    public Partitioning
    {
        keyColumns = List.copyOf(keyColumns);
    }

    /** Partitioned by these key columns, co-partitioned with no other table. */
    public static Partitioning hash(String... keyColumns)
    {
        return new Partitioning(null, List.of(keyColumns), false);
    }

    /** Partitioned by these key columns, co-partitioned with every table of the same scheme. */
    public static Partitioning coPartitioned(String scheme, String... keyColumns)
    {
        return new Partitioning(scheme, List.of(keyColumns), false);
    }

    public static Partitioning replicatedTable()
    {
        return new Partitioning(null, List.of(), true);
    }
}
