package io.signo.storage.db;

import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.HyperLogLog;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Writes and reads column statistics in segment file footers. */
final class StatisticsFormat
{
    private static final byte NONE = 0;
    private static final byte INTEGER = 1;
    private static final byte LONG = 2;
    private static final byte DOUBLE = 3;
    private static final byte STRING = 4;
    private static final byte BOOLEAN = 5;
    /** Longer string bounds are cut or dropped: they cost footer space and prune little. */
    private static final int MAX_BOUND_CHARS = 256;

    private StatisticsFormat() {}

    static void write(DataOutput out, ColumnStatistics statistics)
            throws IOException
    {
        out.writeLong(statistics.distinctValues());
        out.writeLong(statistics.nullCount());
        writeValue(out, lowerBound(statistics.min()));
        writeValue(out, upperBound(statistics.max()));
        out.writeDouble(statistics.averageWidthBytes());
        byte[] sketch = statistics.distinctSketch();
        out.writeBoolean(sketch != null);
        if (sketch != null) {
            out.write(sketch);
        }
    }

    static ColumnStatistics read(DataInput in)
            throws IOException
    {
        long distinct = in.readLong();
        long nulls = in.readLong();
        Object min = readValue(in);
        Object max = readValue(in);
        double width = in.readDouble();
        byte[] sketch = null;
        if (in.readBoolean()) {
            sketch = new byte[HyperLogLog.REGISTER_COUNT];
            in.readFully(sketch);
        }
        return new ColumnStatistics(distinct, nulls, min, max, width, sketch);
    }

    /** A minimum string kept short: a prefix is still no greater than every value. */
    private static Object lowerBound(Object min)
    {
        if (min instanceof String string && string.length() > MAX_BOUND_CHARS) {
            int end = Character.isHighSurrogate(string.charAt(MAX_BOUND_CHARS - 1)) ? MAX_BOUND_CHARS - 1 : MAX_BOUND_CHARS;
            return string.substring(0, end);
        }
        return min;
    }

    /** A long maximum string is dropped: cut, it would be below the value it bounds. */
    private static Object upperBound(Object max)
    {
        return max instanceof String string && string.length() > MAX_BOUND_CHARS ? null : max;
    }

    private static void writeValue(DataOutput out, Object value)
            throws IOException
    {
        switch (value) {
            case null -> out.writeByte(NONE);
            case Integer integer -> {
                out.writeByte(INTEGER);
                out.writeInt(integer);
            }
            case Long longValue -> {
                out.writeByte(LONG);
                out.writeLong(longValue);
            }
            case Double doubleValue -> {
                out.writeByte(DOUBLE);
                out.writeDouble(doubleValue);
            }
            case String string -> {
                out.writeByte(STRING);
                out.writeUTF(string);
            }
            case Boolean booleanValue -> {
                out.writeByte(BOOLEAN);
                out.writeBoolean(booleanValue);
            }
            default -> throw new IllegalArgumentException("no statistics format for " + value.getClass().getSimpleName());
        }
    }

    private static Object readValue(DataInput in)
            throws IOException
    {
        byte tag = in.readByte();
        return switch (tag) {
            case NONE -> null;
            case INTEGER -> in.readInt();
            case LONG -> in.readLong();
            case DOUBLE -> in.readDouble();
            case STRING -> in.readUTF();
            case BOOLEAN -> in.readBoolean();
            default -> throw new IOException("unknown statistics value tag " + tag);
        };
    }
}
