package io.signo.sql.catalog;

import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Table;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.List;

/** Shows a Signo table to Calcite: its row type in SQL types and its statistics for the planner. */
public final class SignoCalciteTable
        extends AbstractTable
        implements TranslatableTable
{
    private final Table table;

    public SignoCalciteTable(Table table)
    {
        this.table = table;
    }

    public Table table()
    {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory)
    {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (Column column : table.columns()) {
            ColumnStatistics statistics = table.statistics() == null ? null : table.statistics().column(column.name());
            boolean nullable = statistics == null || statistics.nullCount() > 0;
            builder.add(column.name(), CalciteTypes.toCalcite(column.type(), typeFactory, nullable));
        }
        return builder.build();
    }

    /**
     * A plain scan. Calcite names the table a function returned after the function alone
     * ({@code [read_csv]}), and a scan's digest is its table's name, so two reads of other files would
     * be one node to the planner: such a table is named after its call instead.
     */
    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable)
    {
        RelOptTable named = relOptTable;
        if (relOptTable.getQualifiedName().size() == 1 && !relOptTable.getQualifiedName().getFirst().equals(table.name())) {
            named = RelOptTableImpl.create(relOptTable.getRelOptSchema(), relOptTable.getRowType(), List.of(table.name()), this, (Expression) null);
        }
        return LogicalTableScan.create(context.getCluster(), named, context.getTableHints());
    }

    @Override
    public Statistic getStatistic()
    {
        if (table.statistics() == null) {
            return Statistics.UNKNOWN;
        }
        long rowCount = table.statistics().rowCount();
        // No unique keys: the distinct counts are HyperLogLog estimates, and a column taken for a key
        // because its estimate reached the row count let Calcite drop a DISTINCT it needed
        // (COUNT(DISTINCT c_acctbal) became COUNT(*), found by the SQL fuzzer).
        List<ImmutableBitSet> keys = List.of();
        return Statistics.of(rowCount, keys);
    }
}
