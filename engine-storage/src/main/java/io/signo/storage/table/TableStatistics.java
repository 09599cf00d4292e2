package io.signo.storage.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Row count and per-column statistics of a table, keyed by column name. */
public record TableStatistics(long rowCount, Map<String, ColumnStatistics> columns)
        implements java.io.Serializable
{
    /**
     * Nearly all values distinct within a part: then parts split by that column hold disjoint
     * values and the distinct counts add up (see {@link #merge}).
     */
    private static final double KEY_LIKE_FRACTION = 0.9;

    public ColumnStatistics column(String name)
    {
        return columns.get(name);
    }

    /**
     * The statistics of a table made of disjoint parts (such as each worker's partitions), from the
     * statistics of each part: row and null counts add up; min is the least of the parts' minimums and
     * max the greatest maximum; the average width is weighted by the parts' non-null rows. Distinct
     * counts come from merging the parts' HyperLogLog sketches register by register, which gives the
     * sketch of the whole table exactly (so the estimate has the sketch's error, about 2.3%, no more).
     * When some part has no sketch, the count is bounded between the largest part's count (values repeat
     * in every part) and their sum (parts hold disjoint values): key-like columns, whose values are
     * nearly all distinct within each part, take the sum, others the largest. Every estimate is then
     * kept within the non-null rows and, for whole numbers, the range between min and max.
     * Columns are those of the first part.
     */
    public static TableStatistics merge(List<TableStatistics> parts)
    {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no statistics to merge");
        }
        long rowCount = 0;
        for (TableStatistics part : parts) {
            rowCount += part.rowCount();
        }
        Map<String, ColumnStatistics> merged = new LinkedHashMap<>();
        for (String name : parts.getFirst().columns().keySet()) {
            merged.put(name, mergeColumn(name, parts));
        }
        return new TableStatistics(rowCount, merged);
    }

    private static ColumnStatistics mergeColumn(String name, List<TableStatistics> parts)
    {
        long nullCount = 0;
        long nonNullRows = 0;
        double widthSum = 0;
        Object min = null;
        Object max = null;
        long largestDistinct = 0;
        long distinctSum = 0;
        boolean keyLike = true;
        HyperLogLog sketch = new HyperLogLog();
        boolean sketched = true;
        for (TableStatistics part : parts) {
            ColumnStatistics column = part.column(name);
            if (column == null) {
                throw new IllegalArgumentException("a part has no statistics for column " + name);
            }
            long partNonNull = Math.max(part.rowCount() - column.nullCount(), 0);
            nullCount += column.nullCount();
            nonNullRows += partNonNull;
            widthSum += column.averageWidthBytes() * partNonNull;
            min = column.min() != null && (min == null || compare(column.min(), min) < 0) ? column.min() : min;
            max = column.max() != null && (max == null || compare(column.max(), max) > 0) ? column.max() : max;
            largestDistinct = Math.max(largestDistinct, column.distinctValues());
            distinctSum += column.distinctValues();
            keyLike &= partNonNull == 0 || column.distinctValues() >= KEY_LIKE_FRACTION * partNonNull;
            if (column.distinctSketch() == null) {
                sketched = false;
            }
            else if (sketched) {
                sketch.mergeFrom(HyperLogLog.fromRegisters(column.distinctSketch()));
            }
        }
        long distinct;
        if (sketched) {
            distinct = Math.max(sketch.estimate(), 1);
        }
        else {
            distinct = keyLike ? distinctSum : largestDistinct;
        }
        long upperBound = nonNullRows;
        if (min instanceof Integer || min instanceof Long) {
            long range = ((Number) max).longValue() - ((Number) min).longValue() + 1;
            if (range > 0) {
                upperBound = Math.min(upperBound, range);
            }
        }
        distinct = nonNullRows == 0 ? 0 : Math.clamp(distinct, 1, Math.max(upperBound, 1));
        double averageWidth = nonNullRows == 0 ? parts.getFirst().column(name).averageWidthBytes() : widthSum / nonNullRows;
        return new ColumnStatistics(distinct, nullCount, min, max, averageWidth, sketched ? sketch.registers() : null);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object left, Object right)
    {
        if (left.getClass() != right.getClass()) {
            throw new IllegalArgumentException("cannot merge statistics with values of " + left.getClass().getSimpleName() + " and " + right.getClass().getSimpleName());
        }
        return ((Comparable) left).compareTo(right);
    }
}
