package io.signo.storage.table;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The tables of one schema (the seam for persistence and DDL later). Thread safe. */
public final class Catalog
{
    private final String schemaName;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();

    public Catalog(String schemaName)
    {
        this.schemaName = schemaName;
    }

    public String schemaName()
    {
        return schemaName;
    }

    public void addTable(Table table)
    {
        if (tables.putIfAbsent(table.name().toLowerCase(java.util.Locale.ROOT), table) != null) {
            throw new IllegalArgumentException("table already exists: " + table.name());
        }
    }

    /** The table, or null when there is none of that name (case-insensitive). */
    public Table table(String name)
    {
        return tables.get(name.toLowerCase(java.util.Locale.ROOT));
    }

    public Collection<Table> tables()
    {
        return tables.values();
    }
}
