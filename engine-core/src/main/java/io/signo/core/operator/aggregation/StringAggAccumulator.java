package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * STRING_AGG (and LISTAGG): a group's non-null values with the separator between them, in the order
 * they arrive, which no query fixes. Per group a byte array that doubles as it fills; NULL for a group
 * without a value. A partial state is the string so far; the final step joins them with the separator too.
 */
final class StringAggAccumulator
        extends Accumulator
{
    private final byte[] separator;
    private byte[][] buffers = new byte[0][];
    private int[] lengths = new int[0];
    private long bufferBytes;

    StringAggAccumulator(AggregateCall call)
    {
        super(call);
        this.separator = call.separator().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > lengths.length) {
            int capacity = grownCapacity(lengths.length, groupCount);
            buffers = Arrays.copyOf(buffers, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
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
        MemorySegment bytes = column.values();
        MemorySegment offsets = column.offsets();
        MemorySegment nulls = column.nulls();
        for (int i = 0; i < positionCount; i++) {
            int row = rows == null ? i : rows[i];
            if (nulls != null && ColumnVector.isNullBit(nulls, row)) {
                continue;
            }
            int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row);
            int end = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row + 1);
            append(groupIds[i], bytes, start, end - start);
        }
    }

    private void append(int group, MemorySegment bytes, long start, int length)
    {
        byte[] buffer = buffers[group];
        boolean first = buffer == null;
        int used = first ? 0 : lengths[group];
        int needed = first ? length : used + separator.length + length;
        if (first || needed > buffer.length) {
            int capacity = Math.max(needed, first ? 16 : buffer.length * 2);
            bufferBytes += first ? capacity : capacity - buffer.length;
            buffer = first ? new byte[capacity] : Arrays.copyOf(buffer, capacity);
            buffers[group] = buffer;
        }
        if (!first) {
            System.arraycopy(separator, 0, buffer, used, separator.length);
            used += separator.length;
        }
        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, buffer, used, length);
        lengths[group] = used + length;
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
        byte[] buffer = buffers[group];
        if (buffer == null) {
            builder.appendNull();
        }
        else {
            builder.appendBytes(buffer, 0, lengths[group]);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) lengths.length * (Integer.BYTES + Integer.BYTES) + bufferBytes;
    }
}
