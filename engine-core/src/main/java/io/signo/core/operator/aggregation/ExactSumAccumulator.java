package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * SUM and AVG of INTEGER, BIGINT and DECIMAL: the unscaled sum in 128 bits ({@link Int128}) plus a
 * count of non-null values. Nothing overflows while accumulating; the result is checked against the output type at the end.
 */
final class ExactSumAccumulator
        extends Accumulator
{
    private final boolean average;
    private final int scale;
    private long[] sums = new long[0];
    private long[] wraps = new long[0];
    private long[] counts = new long[0];

    ExactSumAccumulator(AggregateCall call)
    {
        super(call);
        this.average = call.kind() == AggregateKind.AVG;
        this.scale = call.inputType().scale();
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > counts.length) {
            int capacity = grownCapacity(counts.length, groupCount);
            sums = Arrays.copyOf(sums, capacity);
            wraps = Arrays.copyOf(wraps, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        addInput(column, null, groupIds, positionCount);
    }

    /** The loops read the column's memory directly, one loop per width, with and without a null test. */
    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        long[] sums = this.sums;
        long[] wraps = this.wraps;
        long[] counts = this.counts;
        MemorySegment values = column.values();
        MemorySegment nulls = column.nulls();
        boolean ints = column.type().physicalType() == PhysicalType.INT;
        if (nulls == null) {
            if (ints) {
                for (int i = 0; i < positionCount; i++) {
                    int group = groupIds[i];
                    Int128.add(sums, wraps, group, values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows == null ? i : rows[i]));
                    counts[group]++;
                }
            }
            else {
                for (int i = 0; i < positionCount; i++) {
                    int group = groupIds[i];
                    Int128.add(sums, wraps, group, values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows == null ? i : rows[i]));
                    counts[group]++;
                }
            }
            return;
        }
        for (int i = 0; i < positionCount; i++) {
            int row = rows == null ? i : rows[i];
            if (!ColumnVector.isNullBit(nulls, row)) {
                int group = groupIds[i];
                Int128.add(sums, wraps, group, ints ? values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row) : values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, row));
                counts[group]++;
            }
        }
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector highColumn = page.column(firstChannel);
        ColumnVector lowColumn = page.column(firstChannel + 1);
        ColumnVector countColumn = average ? page.column(firstChannel + 2) : null;
        for (int i = 0; i < positionCount; i++) {
            int group = groupIds[i];
            if (!highColumn.isNull(i)) {
                Int128.add(sums, wraps, group, highColumn.getLong(i), lowColumn.getLong(i));
                counts[group] += average ? countColumn.getLong(i) : 1;
            }
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        if (counts[group] == 0) {
            builders[firstBuilder].appendNull();
            builders[firstBuilder + 1].appendNull();
        }
        else {
            builders[firstBuilder].appendLong(Int128.high(wraps[group], sums[group]));
            builders[firstBuilder + 1].appendLong(sums[group]);
        }
        if (average) {
            builders[firstBuilder + 2].appendLong(counts[group]);
        }
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        if (counts[group] == 0) {
            builder.appendNull();
        }
        else if (average) {
            ResultWriter.writeExactAverage(Int128.high(wraps[group], sums[group]), sums[group], scale, counts[group], call.outputType(), builder);
        }
        else {
            ResultWriter.writeExactSum(Int128.high(wraps[group], sums[group]), sums[group], scale, call.outputType(), builder);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * Long.BYTES * 3;
    }
}
