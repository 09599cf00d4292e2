package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/** MIN and MAX of BOOLEAN, INTEGER, DATE, BIGINT and DECIMAL, held as longs. */
final class LongMinMaxAccumulator
        extends Accumulator
{
    private final boolean minimum;
    private long[] values = new long[0];
    private boolean[] present = new boolean[0];
    private long[] scratch = new long[0];
    private boolean[] scratchNulls = new boolean[0];

    LongMinMaxAccumulator(AggregateCall call)
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
        if (scratch.length < positionCount) {
            scratch = new long[positionCount];
            scratchNulls = new boolean[positionCount];
        }
        long[] input = scratch;
        boolean anyNull = KeyHashing.loadLongKeys(column, positionCount, input, scratchNulls);
        boolean[] nulls = scratchNulls;
        long[] values = this.values;
        boolean[] present = this.present;
        if (minimum) {
            for (int i = 0; i < positionCount; i++) {
                if (!anyNull || !nulls[i]) {
                    int group = groupIds[i];
                    long value = input[i];
                    if (!present[group] || value < values[group]) {
                        values[group] = value;
                        present[group] = true;
                    }
                }
            }
        }
        else {
            for (int i = 0; i < positionCount; i++) {
                if (!anyNull || !nulls[i]) {
                    int group = groupIds[i];
                    long value = input[i];
                    if (!present[group] || value > values[group]) {
                        values[group] = value;
                        present[group] = true;
                    }
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
            ResultWriter.writeLong(values[group], call.inputType(), builder);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) values.length * (Long.BYTES + 1) + (long) scratch.length * (Long.BYTES + 1);
    }
}
