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
    private final ViewQueryTypes queryTypes;
    /** The query's row type in this statement, validated once: null before, {@link #UNKNOWN} when it did not validate. */
    private Object queryRowType;

    private static final Object UNKNOWN = new Object();

    public SignoCalciteView(Catalog.View view, List<String> schemaPath)
    {
        this(view, schemaPath, null);
    }

    /** @param queryTypes validates the view's query in the reading statement, for its columns' nullability; null to take every column as nullable */
    public SignoCalciteView(Catalog.View view, List<String> schemaPath, ViewQueryTypes queryTypes)
    {
        this.view = view;
        this.schemaPath = List.copyOf(schemaPath);
        this.queryTypes = queryTypes;
    }

    /**
     * The stored columns, each nullable unless the view's query, validated against this statement's
     * tables, gives it as NOT NULL with the same type otherwise: a view of Parquet files whose footers
     * count no NULL in a column is as NOT NULL there as the files read directly, so the planner knows
     * what it knows of the files (a {@code NOT IN} over such a column needs no NULL handling) and the
     * view's expansion needs no casts to nullable types.
     */
    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory)
    {
        RelDataType query = queryRowType();
        boolean matches = query != null && query.getFieldCount() == view.columns().size();
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (int i = 0; i < view.columns().size(); i++) {
            Column column = view.columns().get(i);
            RelDataType declared = CalciteTypes.toCalcite(column.type(), typeFactory, true);
            if (matches) {
                RelDataType actual = query.getFieldList().get(i).getType();
                if (!actual.isNullable() && typeFactory.createTypeWithNullability(actual, true).equals(declared)) {
                    declared = typeFactory.createTypeWithNullability(declared, false);
                }
            }
            builder.add(column.name(), declared);
        }
        return builder.build();
    }

    private RelDataType queryRowType()
    {
        if (queryTypes == null) {
            return null;
        }
        if (queryRowType == null) {
            RelDataType rowType = null;
            try {
                rowType = queryTypes.rowType(view.sql(), view.name());
            }
            catch (RuntimeException e) {
                // a view that no longer validates fails where the statement expands it, with its own error
            }
            queryRowType = rowType == null ? UNKNOWN : rowType;
        }
        return queryRowType == UNKNOWN ? null : (RelDataType) queryRowType;
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
