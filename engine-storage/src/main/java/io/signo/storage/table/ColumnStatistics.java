package io.signo.storage.table;

/**
 * What the planner knows of one column. {@code min} and {@code max} are in the column's Java value
 * representation (Integer days for DATE, Long unscaled for DECIMAL, String for strings), or null
 * when unknown.
 */
public record ColumnStatistics(long distinctValues, long nullCount, Object min, Object max, double averageWidthBytes) {}
