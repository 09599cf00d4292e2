package io.signo.sql.catalog;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Shows a Signo catalog to Calcite as one schema: its tables and views. */
public final class SignoCalciteSchema
        extends AbstractSchema
{
    private final Catalog catalog;

    public SignoCalciteSchema(Catalog catalog)
    {
        this.catalog = catalog;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap()
    {
        Map<String, org.apache.calcite.schema.Table> tables = new HashMap<>();
        for (Table table : catalog.tables()) {
            tables.put(table.name(), new SignoCalciteTable(table));
        }
        for (Catalog.View view : catalog.views()) {
            tables.put(view.name(), new SignoCalciteView(view, List.of(catalog.schemaName())));
        }
        return tables;
    }
}
