package io.signo.sql.catalog;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Shows one schema of a Signo catalog to Calcite: its tables and views. */
public final class SignoCalciteSchema
        extends AbstractSchema
{
    private final Catalog catalog;
    private final String schema;
    /** The files named as tables, read once per statement though Calcite looks a name up more than once. */
    private final Map<String, SignoCalciteTable> files = new HashMap<>();
    private final ViewQueryTypes viewQueryTypes;
    /** The views, made once per statement, so that each validates its query once however often Calcite looks it up. */
    private final Map<String, SignoCalciteView> views = new HashMap<>();

    public SignoCalciteSchema(Catalog catalog, String schema)
    {
        this(catalog, schema, null);
    }

    /** @param viewQueryTypes validates a view's query in the statement that reads it (see {@link SignoCalciteView}); null for none */
    public SignoCalciteSchema(Catalog catalog, String schema, ViewQueryTypes viewQueryTypes)
    {
        this.catalog = catalog;
        this.schema = schema;
        this.viewQueryTypes = viewQueryTypes;
    }

    /**
     * The tables and views, and in the database's own schema also files named as tables, as DuckDB
     * reads {@code FROM 'sales.parquet'}: a name that no table has and that ends as a Parquet or CSV
     * file's does.
     */
    @Override
    public Lookup<org.apache.calcite.schema.Table> tables()
    {
        Lookup<org.apache.calcite.schema.Table> stored = super.tables();
        if (!schema.equals(catalog.schemaName())) {
            return stored;
        }
        return new Lookup<>()
        {
            @Override
            public org.apache.calcite.schema.Table get(String name)
            {
                org.apache.calcite.schema.Table table = stored.get(name);
                return table != null ? table : file(name);
            }

            @Override
            public Named<org.apache.calcite.schema.Table> getIgnoreCase(String name)
            {
                Named<org.apache.calcite.schema.Table> table = stored.getIgnoreCase(name);
                if (table != null) {
                    return table;
                }
                // a path keeps its case
                SignoCalciteTable file = file(name);
                return file == null ? null : new Named<>(name, file);
            }

            @Override
            public Set<String> getNames(LikePattern pattern)
            {
                return stored.getNames(pattern);
            }
        };
    }

    private SignoCalciteTable file(String name)
    {
        SignoCalciteTable file = files.get(name);
        if (file == null) {
            file = FileTableMacro.fileNamed(name);
            if (file != null) {
                files.put(name, file);
            }
        }
        return file;
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
                tables.put(Catalog.localName(view.name()), views.computeIfAbsent(view.name(), _ -> new SignoCalciteView(view, List.of(catalog.schemaName()), viewQueryTypes)));
            }
        }
        return tables;
    }
}
