package io.signo.storage.table;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tables and views of a database as they are now: those of its own schema ({@link #schemaName()})
 * by their names, and those of the other schemas it holds ({@link #otherSchemas()}) by
 * {@code schema.name}, which a name of the own schema cannot be (it has no dot). Thread safe: a
 * database replaces a table's entry when a statement commits, and a query plans against a
 * {@link #snapshot()} so that every table it reads is of one moment.
 */
public final class Catalog
{
    /** A view: the query it stands for and its columns as they were when it was created. */
    public record View(String name, String sql, List<Column> columns)
    {
        public View
        {
            columns = List.copyOf(columns);
        }
    }

    private final String schemaName;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final Map<String, View> views = new ConcurrentHashMap<>();
    private volatile List<String> otherSchemas = List.of();
    /** Guarded by this catalog; see {@link #version()}. */
    private long version;

    public Catalog(String schemaName)
    {
        this.schemaName = schemaName;
    }

    public String schemaName()
    {
        return schemaName;
    }

    /** The schemas besides {@link #schemaName()}, in the order they were created. */
    public List<String> otherSchemas()
    {
        return otherSchemas;
    }

    /** Whether a table or view of this name belongs to {@code schema}; {@link #localName} is then its name there. */
    public boolean inSchema(String name, String schema)
    {
        return schema.equalsIgnoreCase(schemaName) ? name.indexOf('.') < 0 : inOtherSchema(name, schema);
    }

    /** Whether a catalog name is {@code schema.name} for a schema beside the catalog's own. */
    public static boolean inOtherSchema(String name, String schema)
    {
        int dot = name.indexOf('.');
        return dot == schema.length() && name.regionMatches(true, 0, schema, 0, dot);
    }

    /** A catalog name without its schema. */
    public static String localName(String name)
    {
        return name.substring(name.indexOf('.') + 1);
    }

    public synchronized void addTable(Table table)
    {
        if (tables.putIfAbsent(key(table.name()), table) != null) {
            throw new IllegalArgumentException("table already exists: " + table.name());
        }
        version++;
    }

    /** Puts the table in place of the one of its name, or adds it. */
    public synchronized void putTable(Table table)
    {
        tables.put(key(table.name()), table);
        version++;
    }

    public synchronized void removeTable(String name)
    {
        tables.remove(key(name));
        version++;
    }

    /** The table, or null when there is none of that name (case-insensitive). */
    public Table table(String name)
    {
        return tables.get(key(name));
    }

    public Collection<Table> tables()
    {
        return tables.values();
    }

    public synchronized void putView(View view)
    {
        views.put(key(view.name()), view);
        version++;
    }

    public synchronized void removeView(String name)
    {
        views.remove(key(name));
        version++;
    }

    /**
     * How many changes the catalog has seen: two snapshots of the same version hold the same schemas,
     * tables and views (the same objects), so a plan made against one serves the other.
     */
    public synchronized long version()
    {
        return version;
    }

    /** The view, or null when there is none of that name (case-insensitive). */
    public View view(String name)
    {
        return views.get(key(name));
    }

    public Collection<View> views()
    {
        return views.values();
    }

    /** A copy of the catalog as it is now, which later changes leave alone. */
    public synchronized Catalog snapshot()
    {
        Catalog copy = new Catalog(schemaName);
        copy.tables.putAll(tables);
        copy.views.putAll(views);
        copy.otherSchemas = otherSchemas;
        copy.version = version;
        return copy;
    }

    /** Makes the catalog hold exactly these schemas, tables and views, at once for {@link #snapshot()}. */
    public synchronized void replaceAll(List<String> newSchemas, Collection<Table> newTables, Collection<View> newViews)
    {
        otherSchemas = List.copyOf(newSchemas);
        tables.clear();
        views.clear();
        for (Table table : newTables) {
            tables.put(key(table.name()), table);
        }
        for (View view : newViews) {
            views.put(key(view.name()), view);
        }
        version++;
    }

    private static String key(String name)
    {
        return name.toLowerCase(Locale.ROOT);
    }
}
