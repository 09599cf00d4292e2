package io.signo.storage.db;

import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * How a stored table places its rows, declared when it is created ({@code WITH (...)}): hash
 * partitions on key columns ({@code partitioned_by}, {@code partitions}) or a copy on every node
 * ({@code replicated}), and within each file the order of a sort key ({@code sorted_by}) so that the
 * blocks' zone maps prune ranges of it.
 *
 * <p>Tables partitioned on keys of the same types into the same number of partitions are
 * co-partitioned: the same key values land in the same partition of each, so a join on those keys
 * reads partition i of both together and needs no exchange.
 *
 * <p>A table of several partitions without keys is a cluster's table spread over its workers: each
 * worker writes the rows it makes into the partition of its own number.
 */
public record TableLayout(List<String> partitionedBy, int partitionCount, boolean replicated, List<String> sortedBy)
        implements java.io.Serializable
{
    /** A table's partition count when it names keys and no count: enough for 1, 2, 4 or 8 nodes to share evenly. */
    public static final int DEFAULT_PARTITIONS = 8;
    public static final int MAX_PARTITIONS = 1024;

    /** One partition, in the order rows were written. */
    public static final TableLayout UNORDERED = new TableLayout(List.of(), 1, false, List.of());

    public TableLayout
    {
        partitionedBy = List.copyOf(requireNonNull(partitionedBy, "partitionedBy is null"));
        sortedBy = List.copyOf(requireNonNull(sortedBy, "sortedBy is null"));
        if (partitionCount < 1 || partitionCount > MAX_PARTITIONS) {
            throw new IllegalArgumentException("partition count must be between 1 and " + MAX_PARTITIONS + ": " + partitionCount);
        }
        if (replicated && partitionCount > 1) {
            throw new IllegalArgumentException("a replicated table has one partition, not " + partitionCount);
        }
        if (replicated && !partitionedBy.isEmpty()) {
            throw new IllegalArgumentException("a replicated table is not partitioned");
        }
    }

    public boolean isPartitioned()
    {
        return !partitionedBy.isEmpty();
    }

    public boolean isSorted()
    {
        return !sortedBy.isEmpty();
    }

    /** The positions of the key columns in {@code columns}; each name must be one of them. */
    public int[] keyColumns(List<Column> columns)
    {
        return positions(partitionedBy, columns);
    }

    public int[] sortColumns(List<Column> columns)
    {
        return positions(sortedBy, columns);
    }

    /**
     * How the planner sees the placement: partitioned tables share a scheme named by their key types
     * (and, through {@link io.signo.storage.table.Table#partitionCount()}, their partition count).
     */
    public Partitioning partitioning(List<Column> columns)
    {
        if (replicated) {
            return Partitioning.replicatedTable();
        }
        if (!isPartitioned()) {
            return new Partitioning(null, List.of(), false);
        }
        // equal values of these kinds hash alike whatever the declared length or precision
        StringBuilder scheme = new StringBuilder("stored-hash");
        for (int key : keyColumns(columns)) {
            Type type = columns.get(key).type();
            scheme.append(':').append(type.kind());
            if (type.kind() == TypeKind.DECIMAL) {
                scheme.append('/').append(type.scale());
            }
        }
        return new Partitioning(scheme.toString(), partitionedBy, false);
    }

    private static int[] positions(List<String> names, List<Column> columns)
    {
        int[] positions = new int[names.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = -1;
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).name().equalsIgnoreCase(names.get(i))) {
                    positions[i] = c;
                }
            }
            if (positions[i] < 0) {
                throw new IllegalArgumentException("no column named " + names.get(i));
            }
        }
        return positions;
    }
}
