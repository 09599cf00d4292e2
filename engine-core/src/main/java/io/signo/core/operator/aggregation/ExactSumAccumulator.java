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
    private final Sums state;
    /** Whether {@link #state} is another accumulator's, which alone is fed. */
    private final boolean readsSharedState;

    ExactSumAccumulator(AggregateCall call)
    {
        super(call);
        this.average = call.kind() == AggregateKind.AVG;
        this.scale = call.inputType().scale();
        this.state = new Sums();
        this.readsSharedState = false;
    }

    /**
     * An accumulator for {@code call} that writes out {@code owner}'s sums and counts: Q1's SUM and AVG of
     * one column add each value once. Only the owner may be fed input; see {@link #canShare}.
     */
    ExactSumAccumulator(AggregateCall call, ExactSumAccumulator owner)
    {
        super(call);
        if (!canShare(owner.call, call)) {
            throw new IllegalArgumentException(call + " cannot share the state of " + owner.call);
        }
        this.average = call.kind() == AggregateKind.AVG;
        this.scale = call.inputType().scale();
        this.state = owner.state;
        this.readsSharedState = true;
    }

    /** Whether the two calls add up the same raw values: SUM or AVG of one exact column. */
    static boolean canShare(AggregateCall first, AggregateCall second)
    {
        return isExactSum(first) && isExactSum(second)
                && first.inputChannel() == second.inputChannel()
                && first.inputType().equals(second.inputType());
    }

    private static boolean isExactSum(AggregateCall call)
    {
        return (call.kind() == AggregateKind.SUM || call.kind() == AggregateKind.AVG) && !call.inputType().isFloatingPoint();
    }

    @Override
    boolean readsSharedState()
    {
        return readsSharedState;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        state.ensureCapacity(groupCount);
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
        long[] sums = state.sums;
        long[] wraps = state.wraps;
        long[] counts = state.counts;
        MemorySegment values = column.values();
        MemorySegment nulls = column.nulls();
        if (column.type().physicalType() == PhysicalType.INT128) {
            addLongDecimals(column, rows, groupIds, positionCount);
            return;
        }
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

    /** A long DECIMAL's 128-bit values: added with a check, since their sums can leave 128 bits. */
    private void addLongDecimals(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        long[] sums = state.sums;
        long[] wraps = state.wraps;
        long[] counts = state.counts;
        try {
            for (int i = 0; i < positionCount; i++) {
                int row = rows == null ? i : rows[i];
                if (!column.isNull(row)) {
                    int group = groupIds[i];
                    Int128.add(sums, wraps, group, column.getInt128High(row), column.getInt128Low(row));
                    counts[group]++;
                }
            }
        }
        catch (ArithmeticException e) {
            throw ResultWriter.decimalOverflow();
        }
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector highColumn = page.column(firstChannel);
        ColumnVector lowColumn = page.column(firstChannel + 1);
        ColumnVector countColumn = average ? page.column(firstChannel + 2) : null;
        try {
            for (int i = 0; i < positionCount; i++) {
                int group = groupIds[i];
                if (!highColumn.isNull(i)) {
                    Int128.add(state.sums, state.wraps, group, highColumn.getLong(i), lowColumn.getLong(i));
                    state.counts[group] += average ? countColumn.getLong(i) : 1;
                }
            }
        }
        catch (ArithmeticException e) {
            throw ResultWriter.decimalOverflow();
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        if (state.counts[group] == 0) {
            builders[firstBuilder].appendNull();
            builders[firstBuilder + 1].appendNull();
        }
        else {
            builders[firstBuilder].appendLong(state.high(group));
            builders[firstBuilder + 1].appendLong(state.sums[group]);
        }
        if (average) {
            builders[firstBuilder + 2].appendLong(state.counts[group]);
        }
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        if (state.counts[group] == 0) {
            builder.appendNull();
        }
        else if (average) {
            ResultWriter.writeExactAverage(state.high(group), state.sums[group], scale, state.counts[group], call.outputType(), builder);
        }
        else {
            ResultWriter.writeExactSum(state.high(group), state.sums[group], scale, call.outputType(), builder);
        }
    }

    @Override
    long retainedBytes()
    {
        return readsSharedState ? 0 : (long) state.counts.length * Long.BYTES * 3;
    }

    /** Per group: the exact sum as {@link Int128} keeps it, and the count of values added. */
    private static final class Sums
    {
        long[] sums = new long[0];
        long[] wraps = new long[0];
        long[] counts = new long[0];

        void ensureCapacity(int groupCount)
        {
            if (groupCount > counts.length) {
                int capacity = grownCapacity(counts.length, groupCount);
                sums = Arrays.copyOf(sums, capacity);
                wraps = Arrays.copyOf(wraps, capacity);
                counts = Arrays.copyOf(counts, capacity);
            }
        }

        long high(int group)
        {
            return Int128.high(wraps[group], sums[group]);
        }
    }
}
