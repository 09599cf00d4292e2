package io.signo.core.operator;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds pages from rows of Java objects and reads them back, for operator tests. */
public final class TestingPages
{
    private TestingPages() {}

    /** One row; unlike List.of it accepts NULLs. */
    public static List<Object> row(Object... values)
    {
        return Arrays.asList(values);
    }

    /** A page of the given column types; values are Boolean, Integer (INTEGER, DATE), Long (BIGINT, DECIMAL unscaled), Double, String or null. */
    public static Page page(List<Type> types, List<?>... rows)
    {
        return page(types, Arrays.asList(rows));
    }

    public static Page page(List<Type> types, List<? extends List<?>> rows)
    {
        VectorBuilder[] builders = new VectorBuilder[types.size()];
        for (int column = 0; column < builders.length; column++) {
            builders[column] = new VectorBuilder(types.get(column), rows.size());
        }
        for (List<?> row : rows) {
            if (row.size() != types.size()) {
                throw new IllegalArgumentException("row " + row + " does not match types " + types);
            }
            for (int column = 0; column < builders.length; column++) {
                append(builders[column], row.get(column));
            }
        }
        ColumnVector[] columns = new ColumnVector[builders.length];
        for (int column = 0; column < columns.length; column++) {
            columns[column] = builders[column].build();
        }
        return new Page(rows.size(), columns);
    }

    private static void append(VectorBuilder builder, Object value)
    {
        if (value == null) {
            builder.appendNull();
            return;
        }
        switch (builder.type().physicalType()) {
            case BYTE -> builder.appendBoolean((Boolean) value);
            case INT -> builder.appendInt((Integer) value);
            case LONG -> builder.appendLong(((Number) value).longValue());
            case DOUBLE -> builder.appendDouble(((Number) value).doubleValue());
            case BYTES -> builder.appendString((String) value);
        }
    }

    public static List<List<Object>> rows(List<Page> pages)
    {
        List<List<Object>> rows = new ArrayList<>();
        for (Page page : pages) {
            for (int position = 0; position < page.positionCount(); position++) {
                List<Object> row = new ArrayList<>();
                for (int column = 0; column < page.columnCount(); column++) {
                    row.add(page.column(column).getObject(position));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Asserts both row lists hold the same rows, in any order (rows compared by their printed form). */
    public static void assertRowsUnordered(List<? extends List<?>> expected, List<? extends List<?>> actual)
    {
        List<String> expectedRows = new ArrayList<>();
        for (List<?> row : expected) {
            expectedRows.add(row.toString());
        }
        List<String> actualRows = new ArrayList<>();
        for (List<?> row : actual) {
            actualRows.add(row.toString());
        }
        expectedRows.sort(null);
        actualRows.sort(null);
        org.junit.jupiter.api.Assertions.assertEquals(expectedRows, actualRows);
    }

    public static int rowCount(List<Page> pages)
    {
        int count = 0;
        for (Page page : pages) {
            count += page.positionCount();
        }
        return count;
    }
}
