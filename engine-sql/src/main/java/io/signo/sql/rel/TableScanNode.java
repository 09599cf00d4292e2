package io.signo.sql.rel;

import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Reads the given columns of a table, a segment per morsel, skipping the segments whose statistics
 * rule out every row of {@code predicate} (taken from the filter above the scan, which still runs).
 */
public record TableScanNode(Table table, int[] columns, double estimatedRows, SegmentPredicate predicate, boolean onEveryWorker)
        implements PlanNode
{
    public TableScanNode
    {
        requireNonNull(table, "table is null");
        requireNonNull(predicate, "predicate is null");
    }

    public TableScanNode(Table table, int[] columns, double estimatedRows)
    {
        this(table, columns, estimatedRows, SegmentPredicate.ALL, false);
    }

    public TableScanNode withPredicate(SegmentPredicate predicate)
    {
        return new TableScanNode(table, columns, estimatedRows, predicate, onEveryWorker);
    }

    /** This scan of a replicated table read whole on every worker, from the worker's own copy: the build side of a join there. */
    public TableScanNode readOnEveryWorker()
    {
        if (table.partitioning() == null || !table.partitioning().replicated()) {
            throw new IllegalStateException("table " + table.name() + " is not replicated");
        }
        return new TableScanNode(table, columns, estimatedRows, predicate, true);
    }

    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>();
        for (int column : columns) {
            types.add(table.columns().get(column).type());
        }
        return types;
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of();
    }

    /**
     * Replicated tables are read on the coordinator alone (they are small; a join that needs them on
     * every worker broadcasts them), or by every worker from its own copy where a join builds on
     * them ({@link #readOnEveryWorker()}). A partitioned table is partitioned on its key when the key is
     * read; tables of one co-partitioning scheme share that scheme, others get one of their own.
     */
    @Override
    public Distribution distribution()
    {
        Partitioning partitioning = table.partitioning();
        if (onEveryWorker) {
            return Distribution.REPLICATED;
        }
        if (partitioning == null || partitioning.replicated()) {
            return Distribution.SINGLE;
        }
        List<Integer> keys = new ArrayList<>();
        for (String keyColumn : partitioning.keyColumns()) {
            int tableColumn = table.columnIndex(keyColumn);
            int output = -1;
            for (int i = 0; i < columns.length; i++) {
                if (columns[i] == tableColumn) {
                    output = i;
                }
            }
            if (output < 0) {
                return Distribution.ANY;
            }
            keys.add(output);
        }
        if (keys.isEmpty()) {
            return Distribution.ANY;
        }
        String scheme = partitioning.scheme() != null ? partitioning.scheme() + "/" + table.partitionCount() : "table:" + table.name();
        return Distribution.partitioned(scheme, keys);
    }

    @Override
    public String describe()
    {
        List<String> names = new ArrayList<>();
        for (int column : columns) {
            names.add(table.columns().get(column).name());
        }
        String prune = "";
        if (!predicate.isAll()) {
            List<String> tableColumnNames = new ArrayList<>();
            for (Column column : table.columns()) {
                tableColumnNames.add(column.name());
            }
            prune = ", prune=" + predicate.describe(tableColumnNames);
        }
        return "TableScan[" + table.name() + ", columns=" + names + prune + (onEveryWorker ? ", each worker's copy" : "") + "]";
    }
}
