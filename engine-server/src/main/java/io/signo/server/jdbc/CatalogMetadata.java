package io.signo.server.jdbc;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The rows of {@code DatabaseMetaData}'s schema, table and column listings, read from the catalog
 * with the columns JDBC defines for them. Signo has one schema and no catalogs (its SQL names
 * tables as {@code schema.table} or just {@code table}); its columns carry no NOT NULL constraint,
 * so every column is reported nullable.
 */
final class CatalogMetadata
{
    static final String TABLE_TYPE = "TABLE";
    static final String VIEW_TYPE = "VIEW";

    /** A table or a view, as the metadata lists them. */
    private record Relation(String schema, String name, String type, List<Column> columns) {}

    private CatalogMetadata() {}

    /** A listing: its column descriptions and rows. */
    record Listing(List<ColumnMetaData> columns, List<Object> rows) {}

    static Listing schemas(Catalog catalog, Meta.Pat schemaPattern)
    {
        List<Object> rows = new ArrayList<>();
        for (String schema : schemaNames(catalog)) {
            if (matches(schemaPattern, schema)) {
                rows.add(Arrays.asList(schema, null));
            }
        }
        return new Listing(columns("TABLE_SCHEM", String.class, "TABLE_CATALOG", String.class), rows);
    }

    static Listing catalogs()
    {
        return new Listing(columns("TABLE_CAT", String.class), List.of());
    }

    static Listing tableTypes()
    {
        return new Listing(columns("TABLE_TYPE", String.class), List.of(List.of(TABLE_TYPE), List.of(VIEW_TYPE)));
    }

    static Listing tables(Catalog catalog, Meta.Pat schemaPattern, Meta.Pat tablePattern, List<String> types)
    {
        List<Object> rows = new ArrayList<>();
        for (Relation relation : sorted(catalog)) {
            boolean typeMatches = types == null || types.stream().anyMatch(relation.type()::equalsIgnoreCase);
            if (typeMatches && matches(schemaPattern, relation.schema()) && matches(tablePattern, relation.name())) {
                rows.add(Arrays.asList(null, relation.schema(), relation.name(), relation.type(), null, null, null, null, null, null));
            }
        }
        return new Listing(columns(
                "TABLE_CAT", String.class, "TABLE_SCHEM", String.class, "TABLE_NAME", String.class, "TABLE_TYPE", String.class,
                "REMARKS", String.class, "TYPE_CAT", String.class, "TYPE_SCHEM", String.class, "TYPE_NAME", String.class,
                "SELF_REFERENCING_COL_NAME", String.class, "REF_GENERATION", String.class), rows);
    }

    static Listing columns(Catalog catalog, Meta.Pat schemaPattern, Meta.Pat tablePattern, Meta.Pat columnPattern)
    {
        List<Object> rows = new ArrayList<>();
        for (Relation table : sorted(catalog)) {
            if (!matches(schemaPattern, table.schema()) || !matches(tablePattern, table.name())) {
                continue;
            }
            int ordinal = 0;
            for (Column column : table.columns()) {
                ordinal++;
                if (!matches(columnPattern, column.name())) {
                    continue;
                }
                Type type = column.type();
                boolean string = type.isString();
                rows.add(Arrays.asList(
                        null, table.schema(), table.name(), column.name(),
                        JdbcTypes.sqlType(type), JdbcTypes.typeName(type), JdbcTypes.precision(type), null,
                        type.isNumeric() ? JdbcTypes.scale(type) : null, type.isNumeric() ? 10 : null,
                        column.notNull() ? DatabaseMetaData.columnNoNulls : DatabaseMetaData.columnNullable, null, null, null, null,
                        string ? JdbcTypes.precision(type) : null, ordinal, column.notNull() ? "NO" : "YES",
                        null, null, null, null, "NO", "NO"));
            }
        }
        return new Listing(columns(
                "TABLE_CAT", String.class, "TABLE_SCHEM", String.class, "TABLE_NAME", String.class, "COLUMN_NAME", String.class,
                "DATA_TYPE", Integer.class, "TYPE_NAME", String.class, "COLUMN_SIZE", Integer.class, "BUFFER_LENGTH", Integer.class,
                "DECIMAL_DIGITS", Integer.class, "NUM_PREC_RADIX", Integer.class, "NULLABLE", Integer.class, "REMARKS", String.class,
                "COLUMN_DEF", String.class, "SQL_DATA_TYPE", Integer.class, "SQL_DATETIME_SUB", Integer.class, "CHAR_OCTET_LENGTH", Integer.class,
                "ORDINAL_POSITION", Integer.class, "IS_NULLABLE", String.class, "SCOPE_CATALOG", String.class, "SCOPE_SCHEMA", String.class,
                "SCOPE_TABLE", String.class, "SOURCE_DATA_TYPE", Short.class, "IS_AUTOINCREMENT", String.class, "IS_GENERATEDCOLUMN", String.class), rows);
    }

    /** An empty listing with the given column names, all strings: for what Signo has none of. */
    static Listing empty(String... names)
    {
        Object[] columns = new Object[names.length * 2];
        for (int i = 0; i < names.length; i++) {
            columns[2 * i] = names[i];
            columns[2 * i + 1] = String.class;
        }
        return new Listing(columns(columns), List.of());
    }

    /** The catalog's tables and views by name, of one moment. */
    private static List<String> schemaNames(Catalog catalog)
    {
        List<String> schemas = new ArrayList<>();
        schemas.add(catalog.schemaName());
        schemas.addAll(catalog.otherSchemas());
        return schemas;
    }

    /** The tables and views of every schema, by schema and name. */
    private static List<Relation> sorted(Catalog catalog)
    {
        Catalog snapshot = catalog.snapshot();
        List<Relation> relations = new ArrayList<>();
        for (String schema : schemaNames(snapshot)) {
            for (Table table : snapshot.tables()) {
                if (snapshot.inSchema(table.name(), schema)) {
                    relations.add(new Relation(schema, Catalog.localName(table.name()), TABLE_TYPE, table.columns()));
                }
            }
            for (Catalog.View view : snapshot.views()) {
                if (snapshot.inSchema(view.name(), schema)) {
                    relations.add(new Relation(schema, Catalog.localName(view.name()), VIEW_TYPE, view.columns()));
                }
            }
        }
        relations.sort(Comparator.comparing(Relation::schema).thenComparing(Relation::name));
        return relations;
    }

    private static List<ColumnMetaData> columns(Object... namesAndClasses)
    {
        List<ColumnMetaData> columns = new ArrayList<>(namesAndClasses.length / 2);
        for (int i = 0; i < namesAndClasses.length; i += 2) {
            columns.add(MetaImpl.columnMetaData((String) namesAndClasses[i], i / 2, (Class<?>) namesAndClasses[i + 1], true));
        }
        return columns;
    }

    /** JDBC's name patterns: {@code %} any run, {@code _} one character, {@code \} escapes; null matches all. Case-insensitive, as Signo's names are. */
    static boolean matches(Meta.Pat pattern, String name)
    {
        if (pattern == null || pattern.s == null) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        String text = pattern.s;
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (character == '\\' && i + 1 < text.length()) {
                regex.append(Pattern.quote(String.valueOf(text.charAt(++i))));
            }
            else if (character == '%') {
                regex.append(".*");
            }
            else if (character == '_') {
                regex.append('.');
            }
            else {
                regex.append(Pattern.quote(String.valueOf(character)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.DOTALL).matcher(name.toLowerCase(Locale.ROOT)).matches();
    }
}
