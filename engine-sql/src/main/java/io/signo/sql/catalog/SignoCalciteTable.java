package io.signo.sql.catalog;

import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.List;

/** Shows a Signo table to Calcite: its row type in SQL types and its statistics for the planner. */
public final class SignoCalciteTable
        extends AbstractTable
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

    @Override
    public Statistic getStatistic()
    {
        if (table.statistics() == null) {
            return Statistics.UNKNOWN;
        }
        long rowCount = table.statistics().rowCount();
        List<ImmutableBitSet> keys = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnStatistics statistics = table.statistics().column(table.columns().get(i).name());
            if (statistics != null && rowCount > 0 && statistics.distinctValues() >= rowCount * 0.99 && statistics.nullCount() == 0) {
                keys.add(ImmutableBitSet.of(i));
            }
        }
        return Statistics.of(rowCount, keys);
    }
}
