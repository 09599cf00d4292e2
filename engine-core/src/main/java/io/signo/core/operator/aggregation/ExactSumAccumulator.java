package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
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

    /**
     * A page without NULLs and with few groups adds its values unchecked ({@link #addUnchecked}) and takes its
     * counts from {@code groupRowCounts}; any other page goes through the checked loops below.
     */
    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount, GroupRowCounts groupRowCounts)
    {
        if (column.nulls() == null && groupRowCounts.fewGroups() && addUnchecked(column, rows, groupIds, positionCount, groupRowCounts.groupCount())) {
            groupRowCounts.addTo(state.counts);
            return;
        }
        addInput(column, rows, groupIds, positionCount);
    }

    /**
     * Adds the page's values to its groups' sums by plain long addition, with no overflow test per row,
     * and returns true; or leaves the sums as they were and returns false when the bound below fails.
     * While the page's rows times the largest magnitude of its values is at most Long.MAX_VALUE, each
     * group's sum changes by less than 2^63 in the page, so the change is the wrapped difference of the
     * sum after and before and the sum wrapped around at most once: one test per group after the page
     * finds it, as {@link Int128#add} does for one value (DuckDB likewise bounds the additions that
     * stay in 64 bits). The magnitude comes from the type (INTEGER, DECIMAL up to 18 digits) when that
     * bound is enough, else from the values as they are added. A long DECIMAL's values must each fit a
     * long, which the loop checks along the way.
     */
    private boolean addUnchecked(ColumnVector column, int[] rows, int[] groupIds, int positionCount, int groupCount)
    {
        long[] sums = state.sums;
        long[] before = state.before(groupCount);
        System.arraycopy(sums, 0, before, 0, groupCount);
        MemorySegment values = column.values();
        long largest = Long.MAX_VALUE / positionCount;
        long magnitude;
        switch (column.type().physicalType()) {
            case INT -> {
                for (int i = 0; i < positionCount; i++) {
                    sums[groupIds[i]] += values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows == null ? i : rows[i]);
                }
                magnitude = -(long) Integer.MIN_VALUE;
            }
            case LONG -> {
                long declared = declaredMagnitude(column);
                if (declared <= largest) {
                    for (int i = 0; i < positionCount; i++) {
                        sums[groupIds[i]] += values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows == null ? i : rows[i]);
                    }
                    magnitude = declared;
                }
                else {
                    // each value's |v| - 1 for a negative one, |v| for the others, or-ed: at least the largest of them
                    long bits = 0;
                    for (int i = 0; i < positionCount; i++) {
                        long value = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows == null ? i : rows[i]);
                        sums[groupIds[i]] += value;
                        bits |= value ^ (value >> 63);
                    }
                    magnitude = bits == Long.MAX_VALUE ? Long.MAX_VALUE : bits + 1;
                }
            }
            case INT128 -> {
                long bits = 0;
                long notLong = 0;
                for (int i = 0; i < positionCount; i++) {
                    long index = 2L * (rows == null ? i : rows[i]);
                    long low = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index);
                    long high = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index + 1);
                    sums[groupIds[i]] += low;
                    bits |= low ^ (low >> 63);
                    notLong |= high ^ (low >> 63);
                }
                magnitude = notLong != 0 || bits == Long.MAX_VALUE ? Long.MAX_VALUE : bits + 1;
            }
            default -> {
                return false;
            }
        }
        if (magnitude > largest) {
            System.arraycopy(before, 0, sums, 0, groupCount);
            return false;
        }
        long[] wraps = state.wraps;
        for (int group = 0; group < groupCount; group++) {
            long old = before[group];
            long sum = sums[group];
            long change = sum - old;
            if (((old ^ sum) & (change ^ sum)) < 0) {
                wraps[group] += change < 0 ? -1 : 1;
            }
        }
        return true;
    }

    /** The largest magnitude a value of the column's type can have: below 10^precision for a DECIMAL, else Long.MAX_VALUE. */
    private static long declaredMagnitude(ColumnVector column)
    {
        Type type = column.type();
        if (type.kind() != TypeKind.DECIMAL) {
            return Long.MAX_VALUE;
        }
        return ResultWriter.powerOfTen(type.precision()) - 1;
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
        MemorySegment values = column.values();
        MemorySegment nulls = column.nulls();
        try {
            for (int i = 0; i < positionCount; i++) {
                int row = rows == null ? i : rows[i];
                if (nulls == null || !ColumnVector.isNullBit(nulls, row)) {
                    int group = groupIds[i];
                    long low = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * row);
                    long high = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * row + 1);
                    Int128.add(sums, wraps, group, high, low);
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
        return readsSharedState ? 0 : (long) state.counts.length * Long.BYTES * 3 + (long) state.before.length * Long.BYTES;
    }

    /** Per group: the exact sum as {@link Int128} keeps it, and the count of values added. */
    private static final class Sums
    {
        long[] sums = new long[0];
        long[] wraps = new long[0];
        long[] counts = new long[0];
        /** Scratch: the sums before a page, for {@link #addUnchecked}. */
        private long[] before = new long[0];

        long[] before(int groupCount)
        {
            if (before.length < groupCount) {
                before = new long[Math.max(groupCount, before.length * 2)];
            }
            return before;
        }

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
