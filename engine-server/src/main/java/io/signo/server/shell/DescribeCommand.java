package io.signo.server.shell;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shell's {@code \d} (the tables: schema and name) and {@code \d TABLE} (its columns: name,
 * type, nullable), read through {@link DatabaseMetaData} and returned as a result the table writer
 * prints like any other.
 */
final class DescribeCommand
{
    private DescribeCommand() {}

    static QueryResult tables(DatabaseMetaData metadata)
            throws SQLException
    {
        List<String[]> rows = new ArrayList<>();
        try (ResultSet tables = metadata.getTables(null, null, "%", null)) {
            while (tables.next()) {
                rows.add(new String[] {tables.getString("TABLE_SCHEM"), tables.getString("TABLE_NAME")});
            }
        }
        return textResult(List.of("schema", "table"), rows);
    }

    /** The columns of {@code name} ({@code table} or {@code schema.table}); names match as typed, else in lower case. */
    static QueryResult columns(DatabaseMetaData metadata, String name)
            throws SQLException
    {
        List<String[]> rows = columnRows(metadata, name);
        if (rows.isEmpty() && !name.equals(name.toLowerCase(Locale.ROOT))) {
            rows = columnRows(metadata, name.toLowerCase(Locale.ROOT));
        }
        if (rows.isEmpty()) {
            throw new SQLException("table not found: " + name);
        }
        return textResult(List.of("column", "type", "nullable"), rows);
    }

    private static List<String[]> columnRows(DatabaseMetaData metadata, String name)
            throws SQLException
    {
        int dot = name.lastIndexOf('.');
        String schema = dot < 0 ? null : name.substring(0, dot);
        String table = name.substring(dot + 1);
        String escape = metadata.getSearchStringEscape();
        List<String[]> rows = new ArrayList<>();
        try (ResultSet columns = metadata.getColumns(null, schema == null ? null : pattern(schema, escape), pattern(table, escape), "%")) {
            while (columns.next()) {
                // the pattern matched exactly already, unless the server ignores the escape: check again
                if (!columns.getString("TABLE_NAME").equals(table) || (schema != null && !schema.equals(columns.getString("TABLE_SCHEM")))) {
                    continue;
                }
                String type = typeText(columns.getInt("DATA_TYPE"), columns.getString("TYPE_NAME"), columns.getInt("COLUMN_SIZE"), columns.getInt("DECIMAL_DIGITS"));
                boolean nullable = columns.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls;
                rows.add(new String[] {columns.getString("COLUMN_NAME"), type, nullable ? "yes" : "no"});
            }
        }
        return rows;
    }

    /** The type as Signo's SQL writes it, e.g. {@code DECIMAL(15, 2)} or {@code CHAR(1)}. */
    private static String typeText(int jdbcType, String typeName, int size, int digits)
    {
        return switch (jdbcType) {
            case Types.DECIMAL, Types.NUMERIC -> Type.decimal(size, digits).toString();
            case Types.CHAR -> Type.character(size).toString();
            case Types.VARCHAR -> size > 0 && size < Integer.MAX_VALUE ? Type.varchar(size).toString() : Type.VARCHAR.toString();
            default -> typeName;
        };
    }

    private static String pattern(String name, String escape)
    {
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        StringBuilder pattern = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char character = name.charAt(i);
            if (character == '_' || character == '%' || escape.indexOf(character) >= 0) {
                pattern.append(escape);
            }
            pattern.append(character);
        }
        return pattern.toString();
    }

    private static QueryResult textResult(List<String> names, List<String[]> rows)
    {
        List<Type> types = new ArrayList<>(names.size());
        ColumnVector[] columns = new ColumnVector[names.size()];
        for (int column = 0; column < names.size(); column++) {
            types.add(Type.VARCHAR);
            VectorBuilder builder = new VectorBuilder(Type.VARCHAR, rows.size());
            for (String[] row : rows) {
                if (row[column] == null) {
                    builder.appendNull();
                }
                else {
                    builder.appendString(row[column]);
                }
            }
            columns[column] = builder.build();
        }
        List<Page> pages = rows.isEmpty() ? List.of() : List.of(new Page(rows.size(), columns));
        return new QueryResult(names, types, pages);
    }
}
