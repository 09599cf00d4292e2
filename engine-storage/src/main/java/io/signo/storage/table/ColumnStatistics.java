package io.signo.storage.table;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the planner knows of one column. {@code min} and {@code max} are in the column's Java value
 * representation (Integer days for DATE, Long unscaled for DECIMAL, String for strings), or null
 * when unknown.
 *
 * @param distinctSketch the registers of a {@link HyperLogLog} sketch of the column's values, or
 *        null when not kept (segment statistics); with it the statistics of a table's parts merge
 *        into an exact sketch of the whole (see {@link TableStatistics#merge})
 */
public record ColumnStatistics(long distinctValues, long nullCount, Object min, Object max, double averageWidthBytes, byte[] distinctSketch)
        implements java.io.Serializable
{
    public ColumnStatistics
    {
        if (distinctSketch != null && distinctSketch.length != HyperLogLog.REGISTER_COUNT) {
            throw new IllegalArgumentException("a distinct sketch has " + HyperLogLog.REGISTER_COUNT + " registers, got " + distinctSketch.length);
        }
    }

    public ColumnStatistics(long distinctValues, long nullCount, Object min, Object max, double averageWidthBytes)
    {
        this(distinctValues, nullCount, min, max, averageWidthBytes, null);
    }

    // value semantics for the sketch too: records compare arrays by identity
    @Override
    public boolean equals(Object other)
    {
        return other instanceof ColumnStatistics that
                && distinctValues == that.distinctValues
                && nullCount == that.nullCount
                && Objects.equals(min, that.min)
                && Objects.equals(max, that.max)
                && Double.compare(averageWidthBytes, that.averageWidthBytes) == 0
                && Arrays.equals(distinctSketch, that.distinctSketch);
    }

    @Override
    public int hashCode()
    {
        return Objects.hash(distinctValues, nullCount, min, max, averageWidthBytes, Arrays.hashCode(distinctSketch));
    }

    @Override
    public String toString()
    {
        return "ColumnStatistics[distinctValues=" + distinctValues + ", nullCount=" + nullCount + ", min=" + min + ", max=" + max
                + ", averageWidthBytes=" + averageWidthBytes + (distinctSketch == null ? "" : ", with sketch") + "]";
    }
}
