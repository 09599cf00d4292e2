package io.signo.storage.tpch;

import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.HyperLogLog;
import io.signo.storage.type.Type;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Statistics of one column over many segments, mergeable across generation chunks. TPC-H columns
 * have no NULLs, so the null count is always zero.
 */
final class ColumnSummary
{
    private final Type type;
    private final HyperLogLog distinct = new HyperLogLog();
    private long rowCount;
    private long stringBytes;
    private long minimum = Long.MAX_VALUE;
    private long maximum = Long.MIN_VALUE;
    private byte[] minimumBytes;
    private byte[] maximumBytes;

    ColumnSummary(Type type)
    {
        this.type = type;
    }

    void addFixedWidth(int rows, long segmentMinimum, long segmentMaximum, HyperLogLog segmentDistinct)
    {
        rowCount += rows;
        minimum = Math.min(minimum, segmentMinimum);
        maximum = Math.max(maximum, segmentMaximum);
        distinct.mergeFrom(segmentDistinct);
    }

    void addString(int rows, long bytes, byte[] source, int minimumStart, int minimumLength, int maximumStart, int maximumLength, HyperLogLog segmentDistinct)
    {
        rowCount += rows;
        stringBytes += bytes;
        if (minimumBytes == null || Arrays.compareUnsigned(source, minimumStart, minimumStart + minimumLength, minimumBytes, 0, minimumBytes.length) < 0) {
            minimumBytes = Arrays.copyOfRange(source, minimumStart, minimumStart + minimumLength);
        }
        if (maximumBytes == null || Arrays.compareUnsigned(source, maximumStart, maximumStart + maximumLength, maximumBytes, 0, maximumBytes.length) > 0) {
            maximumBytes = Arrays.copyOfRange(source, maximumStart, maximumStart + maximumLength);
        }
        distinct.mergeFrom(segmentDistinct);
    }

    void mergeFrom(ColumnSummary other)
    {
        if (other.rowCount == 0) {
            return;
        }
        rowCount += other.rowCount;
        stringBytes += other.stringBytes;
        minimum = Math.min(minimum, other.minimum);
        maximum = Math.max(maximum, other.maximum);
        if (other.minimumBytes != null && (minimumBytes == null || Arrays.compareUnsigned(other.minimumBytes, minimumBytes) < 0)) {
            minimumBytes = other.minimumBytes;
        }
        if (other.maximumBytes != null && (maximumBytes == null || Arrays.compareUnsigned(other.maximumBytes, maximumBytes) > 0)) {
            maximumBytes = other.maximumBytes;
        }
        distinct.mergeFrom(other.distinct);
    }

    /** The column's statistics, keeping the distinct-values sketch so that they merge with those of other parts. */
    ColumnStatistics toStatistics()
    {
        ColumnStatistics statistics = statisticsWithoutSketch();
        return new ColumnStatistics(statistics.distinctValues(), statistics.nullCount(), statistics.min(), statistics.max(), statistics.averageWidthBytes(), distinct.registers());
    }

    private ColumnStatistics statisticsWithoutSketch()
    {
        if (rowCount == 0) {
            return new ColumnStatistics(0, 0, null, null, averageWidth(type, 0, 0));
        }
        if (type.isString()) {
            long distinctValues = Math.clamp(distinct.estimate(), 1, rowCount);
            return new ColumnStatistics(
                    distinctValues,
                    0,
                    new String(minimumBytes, StandardCharsets.UTF_8),
                    new String(maximumBytes, StandardCharsets.UTF_8),
                    averageWidth(type, rowCount, stringBytes));
        }
        return fixedWidthStatistics(type, distinct.estimate(), rowCount, minimum, maximum);
    }

    static ColumnStatistics fixedWidthStatistics(Type type, long distinctEstimate, long rowCount, long minimum, long maximum)
    {
        // a column of whole numbers cannot have more distinct values than its range holds
        long range = maximum - minimum + 1;
        long upperBound = range > 0 ? Math.min(rowCount, range) : rowCount;
        long distinctValues = Math.clamp(distinctEstimate, 1, upperBound);
        Object minimumValue;
        Object maximumValue;
        if (type.physicalType().fixedWidth() == Integer.BYTES) {
            minimumValue = (int) minimum;
            maximumValue = (int) maximum;
        }
        else {
            minimumValue = minimum;
            maximumValue = maximum;
        }
        return new ColumnStatistics(distinctValues, 0, minimumValue, maximumValue, type.physicalType().fixedWidth());
    }

    static double averageWidth(Type type, long rowCount, long stringBytes)
    {
        if (!type.isString()) {
            return type.physicalType().fixedWidth();
        }
        return rowCount == 0 ? 0 : (double) stringBytes / rowCount;
    }
}
