package io.signo.reference;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Compares answers whose top-level ORDER BY sorts on expressions of the output columns
 * ({@code ORDER BY sum_sales - avg_monthly_sales}), which {@link OrderByKeys} cannot read as columns:
 * DuckDB evaluates the key expressions over each side's rows (given as a VALUES list named like the
 * output columns), the keys are appended to the rows, and rows with equal keys may then come in any
 * order, as with column keys.
 */
final class ExpressionSortKeys
{
    private ExpressionSortKeys() {}

    /** The comparison on evaluated keys, or empty when the keys cannot be evaluated over the output columns alone. */
    static Optional<Optional<String>> difference(DuckDbDatabase duckDb, String sql, List<String> columnNames, List<List<Object>> expected, List<List<Object>> actual)
    {
        List<String> keys = OrderByKeys.expressions(sql, columnNames);
        if (keys.isEmpty() || expected.isEmpty() || expected.size() != actual.size() || !distinct(columnNames)) {
            return Optional.empty();
        }
        Optional<List<List<Object>>> expectedWithKeys = withKeys(duckDb, keys, columnNames, expected);
        Optional<List<List<Object>>> actualWithKeys = withKeys(duckDb, keys, columnNames, actual);
        if (expectedWithKeys.isEmpty() || actualWithKeys.isEmpty()) {
            return Optional.empty();
        }
        List<Integer> keyColumns = new ArrayList<>();
        for (int key = 0; key < keys.size(); key++) {
            keyColumns.add(columnNames.size() + key);
        }
        OptionalLong limit = OrderByKeys.limit(sql);
        boolean cut = limit.isPresent() && expected.size() == limit.getAsLong();
        return Optional.of(ResultComparison.differenceWithTies(expectedWithKeys.get(), actualWithKeys.get(), keyColumns, cut));
    }

    private static boolean distinct(List<String> columnNames)
    {
        Set<String> names = new HashSet<>();
        for (String name : columnNames) {
            if (!names.add(name.toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    /** Each row followed by its key values, in the rows' order; empty when DuckDB cannot evaluate a key over the output columns. */
    private static Optional<List<List<Object>>> withKeys(DuckDbDatabase duckDb, List<String> keys, List<String> columnNames, List<List<Object>> rows)
    {
        StringJoiner values = new StringJoiner(", ");
        for (int row = 0; row < rows.size(); row++) {
            StringJoiner literals = new StringJoiner(", ", "(", ")");
            literals.add(Integer.toString(row));
            for (Object value : rows.get(row)) {
                literals.add(literal(ResultComparison.normalize(value)));
            }
            values.add(literals.toString());
        }
        StringJoiner names = new StringJoiner(", ", "(", ")");
        names.add("\"row number\"");
        for (String name : columnNames) {
            names.add("\"" + name.replace("\"", "\"\"") + "\"");
        }
        String query = "SELECT " + String.join(", ", keys) + " FROM (VALUES " + values + ") AS result" + names + " ORDER BY \"row number\"";
        List<List<Object>> keyRows;
        try {
            keyRows = duckDb.query(query);
        }
        catch (SQLException e) {
            return Optional.empty();
        }
        List<List<Object>> extended = new ArrayList<>(rows.size());
        for (int row = 0; row < rows.size(); row++) {
            List<Object> withKeys = new ArrayList<>(rows.get(row));
            withKeys.addAll(keyRows.get(row));
            extended.add(withKeys);
        }
        return Optional.of(extended);
    }

    private static String literal(Object value)
    {
        return switch (value) {
            case null -> "NULL";
            case BigDecimal decimal -> decimal.toPlainString();
            case Double doubleValue -> "'" + doubleValue + "'::DOUBLE";
            case String string -> "'" + string.replace("'", "''") + "'";
            case LocalDate date -> "DATE '" + date + "'";
            case LocalDateTime timestamp -> "TIMESTAMP '" + timestamp + "'";
            default -> value.toString();
        };
    }
}
