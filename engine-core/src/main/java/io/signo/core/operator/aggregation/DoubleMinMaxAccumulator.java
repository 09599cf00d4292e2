package io.signo.core.operator.aggregation;

import io.signo.core.expression.DoubleOrder;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/** MIN and MAX of DOUBLE. */
final class DoubleMinMaxAccumulator
        extends Accumulator
{
    private final boolean minimum;
    private double[] values = new double[0];
    private boolean[] present = new boolean[0];

    DoubleMinMaxAccumulator(AggregateCall call)
    {
        super(call);
        this.minimum = call.kind() == AggregateKind.MIN;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > values.length) {
            int capacity = grownCapacity(values.length, groupCount);
            values = Arrays.copyOf(values, capacity);
            present = Arrays.copyOf(present, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        double[] values = this.values;
        boolean[] present = this.present;
        boolean mayHaveNulls = column.mayHaveNulls();
        for (int i = 0; i < positionCount; i++) {
            if (!mayHaveNulls || !column.isNull(i)) {
                int group = groupIds[i];
                double value = column.getDouble(i);
                if (!present[group] || (minimum ? DoubleOrder.lessThan(value, values[group]) : DoubleOrder.lessThan(values[group], value))) {
                    values[group] = value;
                    present[group] = true;
                }
            }
        }
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
        if (!present[group]) {
            builder.appendNull();
        }
        else {
            builder.appendDouble(values[group]);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) values.length * (Double.BYTES + 1);
    }
}
