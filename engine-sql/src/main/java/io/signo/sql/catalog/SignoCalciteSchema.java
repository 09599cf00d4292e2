package io.signo.sql.catalog;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Shows one schema of a Signo catalog to Calcite: its tables and views. */
public final class SignoCalciteSchema
        extends AbstractSchema
{
    private final Catalog catalog;
    private final String schema;

    public SignoCalciteSchema(Catalog catalog, String schema)
    {
        this.catalog = catalog;
        this.schema = schema;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap()
    {
        Map<String, org.apache.calcite.schema.Table> tables = new HashMap<>();
        for (Table table : catalog.tables()) {
            if (catalog.inSchema(table.name(), schema)) {
                tables.put(Catalog.localName(table.name()), new SignoCalciteTable(table));
            }
        }
        for (Catalog.View view : catalog.views()) {
            if (catalog.inSchema(view.name(), schema)) {
                // a view's query names tables as its author did, from the database's own schema
                tables.put(Catalog.localName(view.name()), new SignoCalciteView(view, List.of(catalog.schemaName())));
            }
        }
        return tables;
    }
}
