package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/**
 * SUM and AVG of INTEGER, BIGINT and DECIMAL: the unscaled sum in 128 bits plus a count of non-null
 * values. Nothing overflows while accumulating; the result is checked against the output type at the end.
 */
final class ExactSumAccumulator
        extends Accumulator
{
    private final boolean average;
    private final int scale;
    private long[] high = new long[0];
    private long[] low = new long[0];
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
            high = Arrays.copyOf(high, capacity);
            low = Arrays.copyOf(low, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        long[] high = this.high;
        long[] low = this.low;
        long[] counts = this.counts;
        boolean mayHaveNulls = column.mayHaveNulls();
        if (column.type().physicalType() == PhysicalType.INT) {
            for (int i = 0; i < positionCount; i++) {
                if (!mayHaveNulls || !column.isNull(i)) {
                    int group = groupIds[i];
                    Int128.add(high, low, group, column.getInt(i));
                    counts[group]++;
                }
            }
            return;
        }
        for (int i = 0; i < positionCount; i++) {
            if (!mayHaveNulls || !column.isNull(i)) {
                int group = groupIds[i];
                Int128.add(high, low, group, column.getLong(i));
                counts[group]++;
            }
        }
    }

    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        long[] high = this.high;
        long[] low = this.low;
        long[] counts = this.counts;
        boolean mayHaveNulls = column.mayHaveNulls();
        boolean ints = column.type().physicalType() == PhysicalType.INT;
        for (int i = 0; i < positionCount; i++) {
            int row = rows[i];
            if (!mayHaveNulls || !column.isNull(row)) {
                int group = groupIds[i];
                Int128.add(high, low, group, ints ? column.getInt(row) : column.getLong(row));
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
                Int128.add(high, low, group, highColumn.getLong(i), lowColumn.getLong(i));
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
            builders[firstBuilder].appendLong(high[group]);
            builders[firstBuilder + 1].appendLong(low[group]);
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
            ResultWriter.writeExactAverage(high[group], low[group], scale, counts[group], call.outputType(), builder);
        }
        else {
            ResultWriter.writeExactSum(high[group], low[group], scale, call.outputType(), builder);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * Long.BYTES * 3;
    }
}
