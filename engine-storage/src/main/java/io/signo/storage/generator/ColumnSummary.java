package io.signo.storage.generator;

import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.HyperLogLog;
import io.signo.storage.type.Type;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Statistics of one generated column over many segments, mergeable across generation chunks:
 * minimum, maximum and distinct values of the non-null values, and the count of NULLs.
 */
public final class ColumnSummary
{
    private final Type type;
    private final HyperLogLog distinct = new HyperLogLog();
    private long rowCount;
    private long nullCount;
    private long stringBytes;
    private long minimum = Long.MAX_VALUE;
    private long maximum = Long.MIN_VALUE;
    private byte[] minimumBytes;
    private byte[] maximumBytes;

    public ColumnSummary(Type type)
    {
        this.type = type;
    }

    void addFixedWidth(int rows, int nulls, long segmentMinimum, long segmentMaximum, HyperLogLog segmentDistinct)
    {
        rowCount += rows;
        nullCount += nulls;
        if (nulls < rows) {
            minimum = Math.min(minimum, segmentMinimum);
            maximum = Math.max(maximum, segmentMaximum);
        }
        distinct.mergeFrom(segmentDistinct);
    }

    void addString(int rows, int nulls, long bytes, byte[] source, int minimumStart, int minimumLength, int maximumStart, int maximumLength, HyperLogLog segmentDistinct)
    {
        rowCount += rows;
        nullCount += nulls;
        stringBytes += bytes;
        if (nulls < rows) {
            if (minimumBytes == null || Arrays.compareUnsigned(source, minimumStart, minimumStart + minimumLength, minimumBytes, 0, minimumBytes.length) < 0) {
                minimumBytes = Arrays.copyOfRange(source, minimumStart, minimumStart + minimumLength);
            }
            if (maximumBytes == null || Arrays.compareUnsigned(source, maximumStart, maximumStart + maximumLength, maximumBytes, 0, maximumBytes.length) > 0) {
                maximumBytes = Arrays.copyOfRange(source, maximumStart, maximumStart + maximumLength);
            }
        }
        distinct.mergeFrom(segmentDistinct);
    }

    public void mergeFrom(ColumnSummary other)
    {
        if (other.rowCount == 0) {
            return;
        }
        rowCount += other.rowCount;
        nullCount += other.nullCount;
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
    public ColumnStatistics toStatistics()
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
            return stringStatistics(type, distinct.estimate(), rowCount, nullCount, stringBytes,
                    minimumBytes == null ? null : new String(minimumBytes, StandardCharsets.UTF_8),
                    maximumBytes == null ? null : new String(maximumBytes, StandardCharsets.UTF_8));
        }
        return fixedWidthStatistics(type, distinct.estimate(), rowCount, nullCount, minimum, maximum);
    }

    static ColumnStatistics stringStatistics(Type type, long distinctEstimate, long rowCount, long nullCount, long stringBytes, String minimum, String maximum)
    {
        long valueCount = rowCount - nullCount;
        if (valueCount == 0) {
            return new ColumnStatistics(0, nullCount, null, null, 0);
        }
        return new ColumnStatistics(Math.clamp(distinctEstimate, 1, valueCount), nullCount, minimum, maximum, averageWidth(type, valueCount, stringBytes));
    }

    static ColumnStatistics fixedWidthStatistics(Type type, long distinctEstimate, long rowCount, long nullCount, long minimum, long maximum)
    {
        long valueCount = rowCount - nullCount;
        if (valueCount == 0) {
            return new ColumnStatistics(0, nullCount, null, null, type.physicalType().fixedWidth());
        }
        // a column of whole numbers cannot have more distinct values than its range holds
        long range = maximum - minimum + 1;
        long upperBound = range > 0 ? Math.min(valueCount, range) : valueCount;
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
        return new ColumnStatistics(distinctValues, nullCount, minimumValue, maximumValue, type.physicalType().fixedWidth());
    }

    static double averageWidth(Type type, long rowCount, long stringBytes)
    {
        if (!type.isString()) {
            return type.physicalType().fixedWidth();
        }
        return rowCount == 0 ? 0 : (double) stringBytes / rowCount;
    }
}
