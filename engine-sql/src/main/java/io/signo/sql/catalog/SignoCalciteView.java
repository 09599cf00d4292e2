package io.signo.sql.catalog;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

import java.util.List;

/**
 * Shows a view to Calcite: its stored columns as its row type, and its query expanded in place
 * wherever the view is read (by the planner's view expander), so the optimizer sees through it.
 */
public final class SignoCalciteView
        extends AbstractTable
        implements TranslatableTable
{
    private final Catalog.View view;
    private final List<String> schemaPath;

    public SignoCalciteView(Catalog.View view, List<String> schemaPath)
    {
        this.view = view;
        this.schemaPath = List.copyOf(schemaPath);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory)
    {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (Column column : view.columns()) {
            builder.add(column.name(), CalciteTypes.toCalcite(column.type(), typeFactory, true));
        }
        return builder.build();
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable)
    {
        RelDataType declared = relOptTable.getRowType();
        RelRoot root = context.expandView(declared, view.sql(), schemaPath, List.of(view.name()));
        RelNode rel = root.project();
        if (rel.getRowType().getFieldCount() != declared.getFieldCount()) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "view " + view.name() + " no longer matches the tables it reads (it had "
                    + declared.getFieldCount() + " columns, its query now gives " + rel.getRowType().getFieldCount() + "); recreate it");
        }
        return RelOptUtil.createCastRel(rel, declared, true);
    }
}
