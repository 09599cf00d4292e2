package io.signo.sql.catalog;

import com.google.common.collect.ImmutableList;
import io.signo.storage.table.Column;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * A table of constant rows that plans as VALUES, for the catalog's own views (information_schema,
 * pg_catalog): its rows travel inside the plan, so that a worker, whose catalog has no such table,
 * runs it too. The rows are made when a statement reads the table, from the catalog snapshot the
 * statement plans against. A value is a String, a Boolean, a Number or null.
 */
final class ConstantRowsTable
        extends AbstractTable
        implements TranslatableTable
{
    private final List<Column> columns;
    private final Supplier<List<List<Object>>> rows;

    ConstantRowsTable(List<Column> columns, Supplier<List<List<Object>>> rows)
    {
        this.columns = List.copyOf(columns);
        this.rows = requireNonNull(rows, "rows is null");
    }

    List<Column> columns()
    {
        return columns;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory)
    {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (Column column : columns) {
            builder.add(column.name(), CalciteTypes.toCalcite(column.type(), typeFactory, true));
        }
        return builder.build();
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable table)
    {
        RelOptCluster cluster = context.getCluster();
        RexBuilder rexBuilder = cluster.getRexBuilder();
        RelDataType rowType = table.getRowType();
        ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
        for (List<Object> row : rows.get()) {
            if (row.size() != columns.size()) {
                throw new IllegalStateException("a row of " + row.size() + " values in a table of " + columns.size() + " columns: " + row);
            }
            ImmutableList.Builder<RexLiteral> tuple = ImmutableList.builder();
            for (int i = 0; i < row.size(); i++) {
                RelDataType type = rowType.getFieldList().get(i).getType();
                Object value = row.get(i);
                if (value == null) {
                    tuple.add(rexBuilder.makeNullLiteral(type));
                }
                else {
                    tuple.add((RexLiteral) rexBuilder.makeLiteral(value instanceof Number number ? new BigDecimal(number.toString()) : value, type));
                }
            }
            tuples.add(tuple.build());
        }
        return LogicalValues.create(cluster, rowType, tuples.build());
    }

    /** The rows of a table, appended a row at a time. */
    static final class Rows
    {
        private final List<List<Object>> rows = new ArrayList<>();

        void add(Object... values)
        {
            rows.add(Arrays.asList(values));
        }

        List<List<Object>> list()
        {
            return rows;
        }
    }
}
