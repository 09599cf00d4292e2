package io.signo.sql.catalog;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.apache.calcite.schema.impl.AbstractSchema;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL standard's {@code information_schema} as JDBC tools and BI tools query it first, with the
 * columns DuckDB and PostgreSQL give: {@code schemata}, {@code tables}, {@code columns} and
 * {@code views}, answered from the catalog snapshot the statement plans against. Each is a small
 * table of constant rows built when a statement names it.
 */
public final class InformationSchema
        extends AbstractSchema
{
    public static final String NAME = "information_schema";
    /** What {@code table_catalog} and {@code catalog_name} say: the one catalog Signo has. */
    private static final String CATALOG = "signo";

    private final Catalog catalog;

    public InformationSchema(Catalog catalog)
    {
        this.catalog = catalog;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap()
    {
        Map<String, org.apache.calcite.schema.Table> tables = new HashMap<>();
        tables.put("schemata", schemataTable());
        tables.put("tables", tablesTable());
        tables.put("columns", columnsTable());
        tables.put("views", viewsTable());
        return tables;
    }

    private List<String> schemas()
    {
        List<String> schemas = new ArrayList<>();
        schemas.add(catalog.schemaName());
        schemas.addAll(catalog.otherSchemas());
        return schemas;
    }

    private org.apache.calcite.schema.Table schemataTable()
    {
        Rows rows = new Rows(List.of(varchar("catalog_name"), varchar("schema_name"), varchar("schema_owner")));
        for (String schema : schemas()) {
            rows.add(CATALOG, schema, CATALOG);
        }
        rows.add(CATALOG, NAME, CATALOG);
        rows.add(CATALOG, PgCatalog.NAME, CATALOG);
        return rows.table();
    }

    /** A table or view and its schema, in the order the tables list them. */
    private record Relation(String schema, String name, boolean view, List<Column> columns, String definition) {}

    private List<Relation> relations()
    {
        List<Relation> relations = new ArrayList<>();
        for (String schema : schemas()) {
            for (Table table : catalog.tables()) {
                if (catalog.inSchema(table.name(), schema)) {
                    relations.add(new Relation(schema, Catalog.localName(table.name()), false, table.columns(), null));
                }
            }
            for (Catalog.View view : catalog.views()) {
                if (catalog.inSchema(view.name(), schema)) {
                    relations.add(new Relation(schema, Catalog.localName(view.name()), true, view.columns(), view.sql()));
                }
            }
        }
        relations.sort(Comparator.comparing(Relation::schema).thenComparing(Relation::name));
        return relations;
    }

    private org.apache.calcite.schema.Table tablesTable()
    {
        Rows rows = new Rows(List.of(varchar("table_catalog"), varchar("table_schema"), varchar("table_name"), varchar("table_type"),
                varchar("is_insertable_into")));
        for (Relation relation : relations()) {
            rows.add(CATALOG, relation.schema(), relation.name(), relation.view() ? "VIEW" : "BASE TABLE", relation.view() ? "NO" : "YES");
        }
        return rows.table();
    }

    private org.apache.calcite.schema.Table columnsTable()
    {
        Rows rows = new Rows(List.of(varchar("table_catalog"), varchar("table_schema"), varchar("table_name"), varchar("column_name"),
                new Column("ordinal_position", Type.INTEGER), varchar("column_default"), varchar("is_nullable"), varchar("data_type"),
                new Column("character_maximum_length", Type.INTEGER), new Column("numeric_precision", Type.INTEGER), new Column("numeric_scale", Type.INTEGER),
                new Column("datetime_precision", Type.INTEGER)));
        for (Relation relation : relations()) {
            for (int i = 0; i < relation.columns().size(); i++) {
                Column column = relation.columns().get(i);
                Type type = column.type();
                rows.add(CATALOG, relation.schema(), relation.name(), column.name(), i + 1, null, column.notNull() ? "NO" : "YES", dataType(type),
                        type.isString() && type.length() > 0 ? type.length() : null, numericPrecision(type), numericScale(type), datetimePrecision(type));
            }
        }
        return rows.table();
    }

    private org.apache.calcite.schema.Table viewsTable()
    {
        Rows rows = new Rows(List.of(varchar("table_catalog"), varchar("table_schema"), varchar("table_name"), varchar("view_definition")));
        for (Relation relation : relations()) {
            if (relation.view()) {
                rows.add(CATALOG, relation.schema(), relation.name(), relation.definition());
            }
        }
        return rows.table();
    }

    /** The type as DuckDB's data_type writes it: {@code DECIMAL(15,2)}, {@code VARCHAR(25)}. */
    private static String dataType(Type type)
    {
        return SqlTypes.toSql(type).replace(", ", ",");
    }

    /** Binary digits of integers and floating-point numbers, decimal digits of DECIMALs, as PostgreSQL and DuckDB count them. */
    private static Integer numericPrecision(Type type)
    {
        return switch (type.kind()) {
            case INTEGER -> 32;
            case BIGINT -> 64;
            case REAL -> 24;
            case DOUBLE -> 53;
            case DECIMAL -> type.precision();
            default -> null;
        };
    }

    private static Integer numericScale(Type type)
    {
        return switch (type.kind()) {
            case INTEGER, BIGINT -> 0;
            case DECIMAL -> type.scale();
            default -> null;
        };
    }

    private static Integer datetimePrecision(Type type)
    {
        return switch (type.kind()) {
            case DATE -> 0;
            case TIMESTAMP, TIMESTAMP_TZ, TIME -> CalciteTypes.TIMESTAMP_PRECISION;
            default -> null;
        };
    }

    private static Column varchar(String name)
    {
        return new Column(name, Type.VARCHAR);
    }

    /** The rows of one information_schema table, appended a row at a time. */
    private static final class Rows
    {
        private final List<Column> columns;
        private final ConstantRowsTable.Rows rows = new ConstantRowsTable.Rows();

        Rows(List<Column> columns)
        {
            this.columns = columns;
        }

        void add(Object... values)
        {
            rows.add(values);
        }

        org.apache.calcite.schema.Table table()
        {
            List<List<Object>> list = rows.list();
            return new ConstantRowsTable(columns, () -> list);
        }
    }
}
