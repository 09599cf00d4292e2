package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * PERCENTILE_CONT, PERCENTILE_DISC and MEDIAN: every non-null value of a group, as doubles, sorted
 * once at the end. CONT interpolates linearly between the two values around position
 * {@code fraction * (n - 1)}; DISC takes the first value whose cumulative share reaches the
 * fraction. A partial state is the values so far, as the bytes of a string.
 */
final class PercentileAccumulator
        extends Accumulator
{
    /** The intermediate column: a group's values as eight bytes each, NULL for a group without one. */
    static final Type VALUES_TYPE = Type.VARCHAR;

    private final double scale;
    private double[][] values = new double[0][];
    private int[] counts = new int[0];
    private long valueBytes;

    PercentileAccumulator(AggregateCall call)
    {
        super(call);
        this.scale = Math.pow(10, call.inputType().scale());
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > counts.length) {
            int capacity = grownCapacity(counts.length, groupCount);
            values = Arrays.copyOf(values, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        addInput(column, null, groupIds, positionCount);
    }

    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        for (int i = 0; i < positionCount; i++) {
            int row = rows == null ? i : rows[i];
            if (!column.isNull(row)) {
                add(groupIds[i], valueAt(column, row));
            }
        }
    }

    private double valueAt(ColumnVector column, int row)
    {
        return switch (call.inputType().physicalType()) {
            case INT -> column.getInt(row) / scale;
            case LONG -> column.getLong(row) / scale;
            case DOUBLE -> column.getDouble(row);
            case BYTE, BYTES, INT128 -> throw new IllegalStateException("a percentile of " + call.inputType());
        };
    }

    private void add(int group, double value)
    {
        double[] groupValues = values[group];
        int count = counts[group];
        if (groupValues == null || count == groupValues.length) {
            int capacity = groupValues == null ? 4 : groupValues.length * 2;
            valueBytes += (long) (capacity - (groupValues == null ? 0 : groupValues.length)) * Double.BYTES;
            groupValues = groupValues == null ? new double[capacity] : Arrays.copyOf(groupValues, capacity);
            values[group] = groupValues;
        }
        groupValues[count] = value;
        counts[group] = count + 1;
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector column = page.column(firstChannel);
        MemorySegment bytes = column.values();
        for (int i = 0; i < positionCount; i++) {
            if (column.isNull(i)) {
                continue;
            }
            int start = column.stringStart(i);
            int length = column.stringLength(i);
            for (int offset = 0; offset < length; offset += Double.BYTES) {
                add(groupIds[i], bytes.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, start + offset));
            }
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        int count = counts[group];
        if (count == 0) {
            builders[firstBuilder].appendNull();
            return;
        }
        byte[] bytes = new byte[count * Double.BYTES];
        MemorySegment target = MemorySegment.ofArray(bytes);
        for (int i = 0; i < count; i++) {
            target.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, (long) i * Double.BYTES, values[group][i]);
        }
        builders[firstBuilder].appendBytes(bytes, 0, bytes.length);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        int count = counts[group];
        if (count == 0) {
            builder.appendNull();
            return;
        }
        double[] sorted = Arrays.copyOf(values[group], count);
        Arrays.sort(sorted);
        double fraction = call.fraction();
        if (call.kind() == AggregateKind.PERCENTILE_DISC) {
            int index = Math.max(0, (int) Math.ceil(fraction * count) - 1);
            writeValue(sorted[index], builder);
            return;
        }
        double position = fraction * (count - 1);
        int lower = (int) Math.floor(position);
        int upper = (int) Math.ceil(position);
        double value = sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]);
        writeValue(value, builder);
    }

    /** A value of the output type: DOUBLE, or the input's exact type for PERCENTILE_DISC. */
    private void writeValue(double value, VectorBuilder builder)
    {
        Type type = call.outputType();
        switch (type.kind()) {
            case DOUBLE, REAL -> builder.appendDouble(value);
            case INTEGER -> builder.appendInt((int) Math.round(value));
            case BIGINT -> builder.appendLong(Math.round(value));
            case DECIMAL -> builder.appendLong(BigDecimal.valueOf(value).setScale(type.scale(), RoundingMode.HALF_UP).unscaledValue().longValueExact());
            default -> throw new IllegalStateException("a percentile as " + type);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * (Integer.BYTES + Long.BYTES) + valueBytes;
    }
}
