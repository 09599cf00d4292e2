package io.signo.storage.file.parquet;

import dev.hardwood.metadata.LogicalType;
import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.schema.ColumnSchema;
import io.signo.storage.type.CivilTimestamp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Parquet's timestamps as Signo's microseconds since the epoch: INT64 in milliseconds, microseconds
 * or nanoseconds (rounded to the nearest microsecond), and the legacy INT96 (nanoseconds of the
 * day, truncated, then the Julian day, little-endian): what DuckDB gives for each. A UTC-adjusted timestamp keeps its UTC wall-clock time.
 */
final class ParquetTimestamps
{
    private static final int JULIAN_DAY_OF_EPOCH = 2_440_588;
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private ParquetTimestamps() {}

    /** Whether the column holds timestamps Signo reads. */
    static boolean isTimestamp(ColumnSchema column)
    {
        return column.type() == PhysicalType.INT96 || column.type() == PhysicalType.INT64 && column.logicalType() instanceof LogicalType.TimestampType;
    }

    /** A stored INT64 value of the column in microseconds. */
    static long toMicros(long value, ColumnSchema column)
    {
        if (!(column.logicalType() instanceof LogicalType.TimestampType timestamp)) {
            return value;
        }
        return switch (timestamp.unit()) {
            case MILLIS -> millisToMicros(value);
            case MICROS -> value;
            case NANOS -> nanosToMicros(value);
        };
    }

    /** Converts {@code count} INT64 values of the column from {@code row} in place. */
    static void toMicros(MemorySegment values, int row, int count, ColumnSchema column)
    {
        if (!(column.logicalType() instanceof LogicalType.TimestampType timestamp) || timestamp.unit() == LogicalType.TimeUnit.MICROS) {
            return;
        }
        for (int i = row; i < row + count; i++) {
            values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, toMicros(values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i), column));
        }
    }

    /** The INT96 value of 12 bytes at {@code offset}. */
    static long int96ToMicros(MemorySegment bytes, long offset)
    {
        long nanosOfDay = bytes.get(LONG_LE, offset);
        int julianDay = bytes.get(INT_LE, offset + 8);
        // truncated, as DuckDB reads INT96
        return (julianDay - (long) JULIAN_DAY_OF_EPOCH) * CivilTimestamp.MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000);
    }

    /** Rounded to the nearest microsecond, as DuckDB casts a TIMESTAMP_NS to a TIMESTAMP. */
    private static long nanosToMicros(long nanos)
    {
        return Math.floorDiv(nanos + 500, 1000);
    }

    private static long millisToMicros(long millis)
    {
        try {
            return Math.multiplyExact(millis, 1000);
        }
        catch (ArithmeticException e) {
            throw new IllegalArgumentException("timestamp of " + millis + " milliseconds is out of range");
        }
    }
}
