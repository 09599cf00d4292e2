package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * MIN and MAX of VARCHAR and CHAR, comparing UTF-8 bytes unsigned (code point order). Keeps one heap
 * byte array per group, replaced only when a new extreme arrives.
 */
final class StringMinMaxAccumulator
        extends Accumulator
{
    private final boolean minimum;
    private byte[][] values = new byte[0][];
    private long valueBytes;

    StringMinMaxAccumulator(AggregateCall call)
    {
        super(call);
        this.minimum = call.kind() == AggregateKind.MIN;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > values.length) {
            values = Arrays.copyOf(values, grownCapacity(values.length, groupCount));
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        MemorySegment bytes = column.values();
        boolean mayHaveNulls = column.mayHaveNulls();
        for (int i = 0; i < positionCount; i++) {
            if (mayHaveNulls && column.isNull(i)) {
                continue;
            }
            int group = groupIds[i];
            int start = column.stringStart(i);
            int length = column.stringLength(i);
            byte[] current = values[group];
            if (current == null || isBetter(compare(bytes, start, length, current))) {
                byte[] copy = new byte[length];
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, copy, 0, length);
                valueBytes += length - (current == null ? 0 : current.length);
                values[group] = copy;
            }
        }
    }

    private boolean isBetter(int comparison)
    {
        return minimum ? comparison < 0 : comparison > 0;
    }

    private static int compare(MemorySegment segment, int start, int length, byte[] other)
    {
        int common = Math.min(length, other.length);
        for (int i = 0; i < common; i++) {
            int left = segment.get(ValueLayout.JAVA_BYTE, start + i) & 0xFF;
            int right = other[i] & 0xFF;
            if (left != right) {
                return left - right;
            }
        }
        return Integer.compare(length, other.length);
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        addInput(page.column(firstChannel), groupIds, positionCount);
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        writeFinal(group, builders[firstBuilder]);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        byte[] value = values[group];
        if (value == null) {
            builder.appendNull();
        }
        else {
            builder.appendBytes(MemorySegment.ofArray(value), 0, value.length);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) values.length * Long.BYTES + valueBytes + (long) values.length * 16;
    }
}
