package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/** MIN and MAX of a long DECIMAL, held as 128-bit values in two parallel arrays per group. */
final class Int128MinMaxAccumulator
        extends Accumulator
{
    private final boolean minimum;
    private long[] highs = new long[0];
    private long[] lows = new long[0];
    private boolean[] present = new boolean[0];

    Int128MinMaxAccumulator(AggregateCall call)
    {
        super(call);
        this.minimum = call.kind() == AggregateKind.MIN;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > present.length) {
            int capacity = grownCapacity(present.length, groupCount);
            highs = Arrays.copyOf(highs, capacity);
            lows = Arrays.copyOf(lows, capacity);
            present = Arrays.copyOf(present, capacity);
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        long[] highs = this.highs;
        long[] lows = this.lows;
        boolean[] present = this.present;
        // MIN keeps a value that compares below, MAX one that compares above
        int keep = minimum ? -1 : 1;
        for (int i = 0; i < positionCount; i++) {
            if (column.isNull(i)) {
                continue;
            }
            int group = groupIds[i];
            long high = column.getInt128High(i);
            long low = column.getInt128Low(i);
            if (!present[group] || Integer.signum(Int128Math.compare(high, low, highs[group], lows[group])) == keep) {
                highs[group] = high;
                lows[group] = low;
                present[group] = true;
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
            builder.appendInt128(highs[group], lows[group]);
        }
    }

    @Override
    long retainedBytes()
    {
        return (long) present.length * (2 * Long.BYTES + 1);
    }
}
