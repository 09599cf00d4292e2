package io.signo.core.operator.scan;

import io.signo.storage.table.ColumnStatistics;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * What one conjunct of a scan's filter demands of one column, in the column's Java value form
 * (Integer for INTEGER and DATE days, Long for BIGINT and DECIMAL unscaled, Double, String with CHAR
 * trailing spaces removed). A constraint only ever proves that a segment has no matching row; when
 * the statistics are missing or of another kind than the bound, it keeps the segment.
 */
public sealed interface ColumnConstraint
        extends Serializable
        permits ColumnConstraint.Range, ColumnConstraint.In, ColumnConstraint.NotNull
{
    /** The table column (the index into {@code Segment.columnStatistics()}). */
    int column();

    /**
     * False only when the statistics prove that none of the {@code positionCount} values of the
     * column satisfy this constraint.
     */
    boolean mayMatch(ColumnStatistics statistics, int positionCount);

    /** The constraint as SQL-like text over the given column name, for EXPLAIN. */
    String describe(String columnName);

    static Range atLeast(int column, Object value)
    {
        return new Range(column, requireNonNull(value, "value is null"), true, null, false);
    }

    static Range greaterThan(int column, Object value)
    {
        return new Range(column, requireNonNull(value, "value is null"), false, null, false);
    }

    static Range atMost(int column, Object value)
    {
        return new Range(column, null, false, requireNonNull(value, "value is null"), true);
    }

    static Range lessThan(int column, Object value)
    {
        return new Range(column, null, false, requireNonNull(value, "value is null"), false);
    }

    static Range equalTo(int column, Object value)
    {
        requireNonNull(value, "value is null");
        return new Range(column, value, true, value, true);
    }

    static Range between(int column, Object lower, Object upper)
    {
        return new Range(column, requireNonNull(lower, "lower is null"), true, requireNonNull(upper, "upper is null"), true);
    }

    static In in(int column, List<?> values)
    {
        return new In(column, new ArrayList<>(values));
    }

    static NotNull notNull(int column)
    {
        return new NotNull(column);
    }

    /**
     * The values lie between {@code lower} and {@code upper}; a null bound is no bound (its
     * inclusive flag is then ignored). A bound excludes NULL values, as any comparison does.
     */
    record Range(int column, Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive)
            implements ColumnConstraint
    {
        public Range
        {
            if (column < 0) {
                throw new IllegalArgumentException("column is negative: " + column);
            }
            if (lower == null && upper == null) {
                throw new IllegalArgumentException("a range needs a lower or an upper bound");
            }
        }

        @Override
        public boolean mayMatch(ColumnStatistics statistics, int positionCount)
        {
            if (statistics == null) {
                return true;
            }
            if (allNull(statistics, positionCount)) {
                return false;
            }
            if (lower != null && statistics.max() != null) {
                int comparison = StatisticValues.compare(statistics.max(), lower);
                if (comparison != StatisticValues.UNORDERED && (comparison < 0 || (comparison == 0 && !lowerInclusive))) {
                    return false;
                }
            }
            if (upper != null && statistics.min() != null) {
                int comparison = StatisticValues.compare(statistics.min(), upper);
                if (comparison != StatisticValues.UNORDERED && (comparison > 0 || (comparison == 0 && !upperInclusive))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String describe(String columnName)
        {
            if (lower != null && upper != null && lowerInclusive && upperInclusive && lower.equals(upper)) {
                return columnName + " = " + StatisticValues.toText(lower);
            }
            StringBuilder text = new StringBuilder();
            if (lower != null) {
                text.append(columnName).append(lowerInclusive ? " >= " : " > ").append(StatisticValues.toText(lower));
            }
            if (upper != null) {
                if (lower != null) {
                    text.append(" AND ");
                }
                text.append(columnName).append(upperInclusive ? " <= " : " < ").append(StatisticValues.toText(upper));
            }
            return text.toString();
        }
    }

    /** The value is one of {@code values} (none of them null; an IN list never matches a NULL). */
    record In(int column, List<Object> values)
            implements ColumnConstraint
    {
        public In
        {
            if (column < 0) {
                throw new IllegalArgumentException("column is negative: " + column);
            }
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("an IN list needs at least one value");
            }
        }

        @Override
        public boolean mayMatch(ColumnStatistics statistics, int positionCount)
        {
            if (statistics == null) {
                return true;
            }
            if (allNull(statistics, positionCount)) {
                return false;
            }
            Object min = statistics.min();
            Object max = statistics.max();
            for (Object value : values) {
                if (StatisticValues.mayLieBetween(value, min, max)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String describe(String columnName)
        {
            List<String> texts = new ArrayList<>(values.size());
            for (Object value : values) {
                texts.add(StatisticValues.toText(value));
            }
            return columnName + " IN (" + String.join(", ", texts) + ")";
        }
    }

    /** The value is not NULL. */
    record NotNull(int column)
            implements ColumnConstraint
    {
        public NotNull
        {
            if (column < 0) {
                throw new IllegalArgumentException("column is negative: " + column);
            }
        }

        @Override
        public boolean mayMatch(ColumnStatistics statistics, int positionCount)
        {
            return statistics == null || !allNull(statistics, positionCount);
        }

        @Override
        public String describe(String columnName)
        {
            return columnName + " IS NOT NULL";
        }
    }

    private static boolean allNull(ColumnStatistics statistics, int positionCount)
    {
        return positionCount > 0 && statistics.nullCount() >= positionCount;
    }
}
