package io.signo.reference;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Compares two query results the way the engine tests do (a copy of their ResultComparison, which
 * lives in test code): numbers by value with a small tolerance (DuckDB's AVG returns DOUBLE where
 * Signo keeps decimals), strings without trailing spaces (CHAR padding), dates as
 * {@link LocalDate}. Unordered results are sorted canonically on both sides first.
 */
public final class ResultComparison
{
    private static final BigDecimal ABSOLUTE_TOLERANCE = new BigDecimal("0.01");
    private static final BigDecimal RELATIVE_TOLERANCE = new BigDecimal("1e-9");
    private static final Comparator<List<Object>> CANONICAL_ROW_ORDER = ResultComparison::compareRows;

    private ResultComparison() {}

    /** The first difference between the results, described with both rows; empty when they agree. */
    public static Optional<String> difference(List<List<Object>> expected, List<List<Object>> actual, boolean ordered)
    {
        List<List<Object>> expectedRows = normalizeRows(expected);
        List<List<Object>> actualRows = normalizeRows(actual);
        if (!ordered) {
            expectedRows.sort(CANONICAL_ROW_ORDER);
            actualRows.sort(CANONICAL_ROW_ORDER);
        }
        int commonRows = Math.min(expectedRows.size(), actualRows.size());
        for (int row = 0; row < commonRows; row++) {
            List<Object> expectedRow = expectedRows.get(row);
            List<Object> actualRow = actualRows.get(row);
            if (expectedRow.size() != actualRow.size()) {
                return Optional.of("row " + row + " has " + actualRow.size() + " columns, expected " + expectedRow.size()
                        + "\n  expected: " + expectedRow + "\n  actual:   " + actualRow);
            }
            for (int column = 0; column < expectedRow.size(); column++) {
                if (!sameValue(expectedRow.get(column), actualRow.get(column))) {
                    return Optional.of((ordered ? "" : "after sorting, ") + "row " + row + " differs in column " + column
                            + " (expected " + describe(expectedRow.get(column)) + ", actual " + describe(actualRow.get(column)) + ")"
                            + "; " + expectedRows.size() + " rows expected, " + actualRows.size() + " actual"
                            + "\n  expected: " + expectedRow + "\n  actual:   " + actualRow);
                }
            }
        }
        if (expectedRows.size() != actualRows.size()) {
            String firstExtra = expectedRows.size() > actualRows.size()
                    ? "first missing row: " + expectedRows.get(commonRows)
                    : "first unexpected row: " + actualRows.get(commonRows);
            return Optional.of("expected " + expectedRows.size() + " rows, actual " + actualRows.size()
                    + " (the first " + commonRows + " agree); " + firstExtra);
        }
        return Optional.empty();
    }

    /**
     * The first difference between two answers to the query {@code sql}, whose output columns are
     * {@code columnNames}; empty when they agree. Rows with equal keys of the statement's top-level
     * ORDER BY may come in any order, and a LIMIT may cut the last of them differently; without an
     * ORDER BY the rows may come in any order, and with one whose keys are not all output columns
     * the order must be exactly the same.
     */
    public static Optional<String> differenceOfAnswers(String sql, List<String> columnNames, List<List<Object>> expected, List<List<Object>> actual)
    {
        Optional<List<Integer>> keys = OrderByKeys.of(sql, columnNames);
        if (keys.isEmpty()) {
            return difference(expected, actual, OrderByKeys.present(sql));
        }
        OptionalLong limit = OrderByKeys.limit(sql);
        boolean cut = limit.isPresent() && expected.size() == limit.getAsLong();
        return differenceWithTies(expected, actual, keys.get(), cut);
    }

    /**
     * The first difference between two results ordered on the given key columns, where rows with
     * equal keys (ties, whose order SQL leaves open) may come in any order; empty when they agree.
     * With {@code lastTiesMayBeCut} (a LIMIT that cut the result), the last run of ties may hold
     * different rows on each side, as long as their keys agree.
     */
    public static Optional<String> differenceWithTies(List<List<Object>> expected, List<List<Object>> actual, List<Integer> keyColumns, boolean lastTiesMayBeCut)
    {
        List<List<Object>> expectedRows = normalizeRows(expected);
        List<List<Object>> actualRows = normalizeRows(actual);
        if (expectedRows.size() != actualRows.size()) {
            return difference(expected, actual, true);
        }
        int start = 0;
        while (start < expectedRows.size()) {
            int end = start + 1;
            while (end < expectedRows.size() && sameKeys(expectedRows.get(start), expectedRows.get(end), keyColumns)) {
                end++;
            }
            for (int row = start; row < end; row++) {
                if (!sameKeys(expectedRows.get(start), actualRows.get(row), keyColumns)) {
                    return Optional.of("row " + row + " has other sort keys " + keyColumns + "; " + expectedRows.size() + " rows"
                            + "\n  expected: " + expectedRows.get(row) + "\n  actual:   " + actualRows.get(row));
                }
            }
            boolean cut = lastTiesMayBeCut && end == expectedRows.size();
            if (!cut) {
                Optional<String> ties = difference(expectedRows.subList(start, end), actualRows.subList(start, end), false);
                if (ties.isPresent()) {
                    return Optional.of("among the rows " + start + " to " + (end - 1) + " with equal sort keys: " + ties.get());
                }
            }
            start = end;
        }
        return Optional.empty();
    }

    private static boolean sameKeys(List<Object> left, List<Object> right, List<Integer> keyColumns)
    {
        for (int column : keyColumns) {
            if (column >= left.size() || column >= right.size() || !sameValue(left.get(column), right.get(column))) {
                return false;
            }
        }
        return true;
    }

    private static String describe(Object value)
    {
        return value == null ? "NULL" : value + " (" + value.getClass().getSimpleName() + ")";
    }

    private static List<List<Object>> normalizeRows(List<List<Object>> rows)
    {
        List<List<Object>> normalized = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<Object> values = new ArrayList<>(row.size());
            for (Object value : row) {
                values.add(normalize(value));
            }
            normalized.add(values);
        }
        return normalized;
    }

    /** Numbers to BigDecimal (non-finite doubles stay Double), strings without trailing spaces, dates to LocalDate, instants to their UTC LocalDateTime. */
    public static Object normalize(Object value)
    {
        return switch (value) {
            case null -> null;
            case BigDecimal decimal -> decimal;
            case Double doubleValue when doubleValue.isNaN() || doubleValue.isInfinite() -> doubleValue;
            case Float floatValue when floatValue.isNaN() || floatValue.isInfinite() -> floatValue.doubleValue();
            case Double doubleValue -> BigDecimal.valueOf(doubleValue);
            case Float floatValue -> new BigDecimal(floatValue.toString());
            case BigInteger integer -> new BigDecimal(integer);
            case Long longValue -> BigDecimal.valueOf(longValue);
            case Integer intValue -> BigDecimal.valueOf(intValue);
            case Short shortValue -> BigDecimal.valueOf(shortValue);
            case Byte byteValue -> BigDecimal.valueOf(byteValue);
            case String string -> stripTrailingSpaces(string);
            case java.sql.Date date -> date.toLocalDate();
            // an instant, compared in UTC whichever offset each side gives it
            case java.time.OffsetDateTime timestamp -> timestamp.withOffsetSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
            default -> value;
        };
    }

    private static String stripTrailingSpaces(String value)
    {
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == ' ') {
            end--;
        }
        return value.substring(0, end);
    }

    static boolean sameValue(Object expected, Object actual)
    {
        if (expected == null || actual == null) {
            return expected == actual;
        }
        if (expected instanceof BigDecimal left && actual instanceof BigDecimal right) {
            BigDecimal difference = left.subtract(right).abs();
            if (difference.compareTo(ABSOLUTE_TOLERANCE) <= 0) {
                return true;
            }
            BigDecimal magnitude = left.abs().max(right.abs());
            return difference.compareTo(magnitude.multiply(RELATIVE_TOLERANCE, MathContext.DECIMAL64)) <= 0;
        }
        return expected.equals(actual);
    }

    private static int compareRows(List<Object> left, List<Object> right)
    {
        int columns = Math.min(left.size(), right.size());
        for (int i = 0; i < columns; i++) {
            int comparison = compareValues(left.get(i), right.get(i));
            if (comparison != 0) {
                return comparison;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object left, Object right)
    {
        if (left == null || right == null) {
            return left == null ? (right == null ? 0 : -1) : 1;
        }
        if (left.getClass() != right.getClass()) {
            return left.getClass().getName().compareTo(right.getClass().getName());
        }
        if (left instanceof Comparable comparable) {
            return comparable.compareTo(right);
        }
        return left.toString().compareTo(right.toString());
    }
}
