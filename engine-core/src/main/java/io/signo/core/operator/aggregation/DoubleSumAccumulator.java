package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/** SUM and AVG of DOUBLE: a double sum and a count of non-null values per group. */
final class DoubleSumAccumulator
        extends Accumulator
{
    private final boolean average;
    private double[] sums = new double[0];
    private long[] counts = new long[0];

    DoubleSumAccumulator(AggregateCall call)
    {
        super(call);
        if (call.outputType().kind() != TypeKind.DOUBLE) {
            throw new IllegalArgumentException(call.kind() + " of DOUBLE must return DOUBLE, not " + call.outputType());
        }
        this.average = call.kind() == AggregateKind.AVG;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > counts.length) {
            int capacity = grownCapacity(counts.length, groupCount);
            sums = Arrays.copyOf(sums, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        double[] sums = this.sums;
        long[] counts = this.counts;
        boolean mayHaveNulls = column.mayHaveNulls();
        for (int i = 0; i < positionCount; i++) {
            if (!mayHaveNulls || !column.isNull(i)) {
                int group = groupIds[i];
                sums[group] += column.getDouble(i);
                counts[group]++;
            }
        }
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector sumColumn = page.column(firstChannel);
        ColumnVector countColumn = average ? page.column(firstChannel + 1) : null;
        for (int i = 0; i < positionCount; i++) {
            if (!sumColumn.isNull(i)) {
                int group = groupIds[i];
                sums[group] += sumColumn.getDouble(i);
                counts[group] += average ? countColumn.getLong(i) : 1;
            }
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        if (counts[group] == 0) {
            builders[firstBuilder].appendNull();
        }
        else {
            builders[firstBuilder].appendDouble(sums[group]);
        }
        if (average) {
            builders[firstBuilder + 1].appendLong(counts[group]);
        }
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        if (counts[group] == 0) {
            builder.appendNull();
        }
        else {
            builder.appendDouble(average ? sums[group] / counts[group] : sums[group]);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * (Long.BYTES + Double.BYTES);
    }
}
