package io.signo.sql.cost;

import io.signo.sql.catalog.SignoCalciteTable;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Table;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

import static java.util.Objects.requireNonNull;

/**
 * The table column that one output column of a plan node passes through unchanged, with what the
 * catalog knows of it. Ranges are only meaningful for such columns: an expression over a column has
 * other bounds.
 */
record ColumnOrigin(Table table, Column column, ColumnStatistics statistics)
{
    ColumnOrigin
    {
        requireNonNull(table, "table is null");
        requireNonNull(column, "column is null");
        requireNonNull(statistics, "statistics is null");
    }

    /** The origin of output column {@code field} of {@code rel}, or null when it is computed or has no statistics. */
    static ColumnOrigin of(RelMetadataQuery metadata, RelNode rel, int field)
    {
        RelColumnOrigin origin = metadata.getColumnOrigin(rel, field);
        if (origin == null || origin.isDerived()) {
            return null;
        }
        SignoCalciteTable calciteTable = origin.getOriginTable().unwrap(SignoCalciteTable.class);
        if (calciteTable == null || calciteTable.table().statistics() == null) {
            return null;
        }
        Table table = calciteTable.table();
        Column column = table.columns().get(origin.getOriginColumnOrdinal());
        ColumnStatistics statistics = table.statistics().column(column.name());
        return statistics == null ? null : new ColumnOrigin(table, column, statistics);
    }

    /** Fraction of the table's rows where the column is null. */
    double nullFraction()
    {
        long rowCount = table.statistics().rowCount();
        return rowCount <= 0 ? 0 : Math.min(1.0, (double) statistics.nullCount() / rowCount);
    }

    /** Whether consecutive values differ by one unit (so {@code x < v} is {@code x <= v - 1}). */
    boolean isDiscrete()
    {
        TypeKind kind = column.type().kind();
        return kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE
                || (kind == TypeKind.DECIMAL && column.type().scale() == 0);
    }

    /** The smallest value as a number in SQL units (DECIMAL unscaled values are scaled back), or NaN when unknown. */
    double min()
    {
        return toNumber(statistics.min());
    }

    double max()
    {
        return toNumber(statistics.max());
    }

    private double toNumber(Object value)
    {
        if (!(value instanceof Number number)) {
            return Double.NaN;
        }
        if (column.type().kind() == TypeKind.DECIMAL) {
            return number.doubleValue() / Math.pow(10, column.type().scale());
        }
        return number.doubleValue();
    }
}
