package io.signo.core.operator.window;

import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.GroupedAggregate;
import io.signo.core.operator.sort.AddressSort;
import io.signo.core.operator.sort.RowComparator;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.List;

/**
 * An aggregate over each row's frame, through the GROUP BY's accumulators (one group per frame
 * state). Frames that all start at the partition's start grow row by row, so each row is added once
 * (running sums, and the whole partition); frames that all end at the partition's end do the same
 * from the end backwards; other frames (a moving window) aggregate each row's frame anew.
 *
 * <p>A DISTINCT aggregate adds only the first row of each value (the last, growing backwards): the
 * partition's rows are sorted by the value, stably, and the first (last) of each run of equal values
 * is marked. Frames that grow hold a value exactly when they hold its first (last) row.
 */
final class AggregateEvaluator
        implements FunctionEvaluator
{
    /** Groups per accumulator before a fresh one is started, so that the state stays small. */
    private static final int GROUPS_PER_STATE = SortedRows.PAGE_ROWS;

    private final WindowFunction function;
    private final AggregateCall call;
    private final int[] positions = new int[SortedRows.PAGE_ROWS];
    private final int[] groupIds = new int[SortedRows.PAGE_ROWS];
    private GroupedAggregate state;
    private int groupCount;
    /** DISTINCT: per row of the partition (index row - start), whether it is the row that adds its value. */
    private boolean[] addsValue = new boolean[0];
    private long[] byValue = new long[0];
    private SortedRows comparedRows;
    private RowComparator valueComparator;

    AggregateEvaluator(WindowFunction function)
    {
        this.function = function;
        this.call = function.aggregate();
    }

    @Override
    public void evaluate(WindowPartition partition, OutputColumn output)
    {
        WindowFrame frame = function.frame();
        boolean forward = frame.start().kind() == FrameBound.Kind.UNBOUNDED_PRECEDING;
        if (function.distinct()) {
            markDistinctValues(partition, forward);
        }
        if (forward) {
            growingForward(partition, output);
        }
        else if (frame.end().kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING) {
            growingBackward(partition, output);
        }
        else {
            eachFrameAnew(partition, output);
        }
    }

    /** Marks in {@link #addsValue} the first row of each value in the partition, or the last when not {@code first}. */
    private void markDistinctValues(WindowPartition partition, boolean first)
    {
        int size = partition.size();
        int start = partition.start();
        if (addsValue.length < size) {
            addsValue = new boolean[Math.max(size, addsValue.length * 2)];
            byValue = new long[addsValue.length];
        }
        if (comparedRows != partition.rows()) {
            comparedRows = partition.rows();
            valueComparator = comparedRows.comparator(List.of(call.inputChannel()));
        }
        for (int i = 0; i < size; i++) {
            byValue[i] = SortedRows.address(start + i);
        }
        // stable: equal values keep their rows' order
        AddressSort.sort(byValue, size, valueComparator);
        for (int i = 0; i < size; i++) {
            boolean marked = first
                    ? i == 0 || valueComparator.compare(byValue[i - 1], byValue[i]) != 0
                    : i == size - 1 || valueComparator.compare(byValue[i], byValue[i + 1]) != 0;
            addsValue[SortedRows.row(byValue[i]) - start] = marked;
        }
    }

    private void growingForward(WindowPartition partition, OutputColumn output)
    {
        int group = newGroup();
        int added = partition.start();
        for (int row = partition.start(); row < partition.end(); row++) {
            int frameEnd = partition.frameEnd(function.frame(), row);
            if (frameEnd > added) {
                add(partition, added, frameEnd, group);
                added = frameEnd;
            }
            state.writeFinal(group, output.next());
        }
    }

    private void growingBackward(WindowPartition partition, OutputColumn output)
    {
        int group = newGroup();
        int addedFrom = partition.end();
        VectorBuilder reversed = new VectorBuilder(output.type(), partition.size());
        for (int row = partition.end() - 1; row >= partition.start(); row--) {
            int frameStart = partition.frameStart(function.frame(), row);
            if (frameStart < addedFrom) {
                add(partition, frameStart, addedFrom, group);
                addedFrom = frameStart;
            }
            state.writeFinal(group, reversed);
        }
        ColumnVector values = reversed.build();
        for (int i = values.positionCount() - 1; i >= 0; i--) {
            output.next().appendFrom(values, i);
        }
    }

    private void eachFrameAnew(WindowPartition partition, OutputColumn output)
    {
        for (int row = partition.start(); row < partition.end(); row++) {
            int group = newGroup();
            int frameStart = partition.frameStart(function.frame(), row);
            int frameEnd = partition.frameEnd(function.frame(), row);
            if (frameStart < frameEnd) {
                add(partition, frameStart, frameEnd, group);
            }
            state.writeFinal(group, output.next());
        }
    }

    /** A group with no rows yet, in the current state or a fresh one. */
    private int newGroup()
    {
        if (state == null || groupCount == GROUPS_PER_STATE) {
            state = new GroupedAggregate(call);
            groupCount = 0;
        }
        state.ensureGroups(groupCount + 1);
        return groupCount++;
    }

    /** Adds rows {@code [from, to)} to {@code group} (of DISTINCT, those marked to add their value), a page of the sorted rows at a time. */
    private void add(WindowPartition partition, int from, int to, int group)
    {
        SortedRows rows = partition.rows();
        int channel = call.inputChannel();
        boolean distinct = function.distinct();
        while (from < to) {
            int pageEnd = Math.min(to, ((from >>> SortedRows.PAGE_SHIFT) + 1) << SortedRows.PAGE_SHIFT);
            int rowCount = pageEnd - from;
            int firstPosition = SortedRows.position(from);
            int count = 0;
            for (int i = 0; i < rowCount; i++) {
                if (distinct && !addsValue[from + i - partition.start()]) {
                    continue;
                }
                positions[count] = firstPosition + i;
                groupIds[count++] = group;
            }
            if (count > 0) {
                state.add(channel < 0 ? null : rows.column(channel, from), positions, groupIds, count);
            }
            from = pageEnd;
        }
    }

    @Override
    public long retainedBytes()
    {
        return (state == null ? 0 : state.retainedBytes()) + addsValue.length + (long) byValue.length * Long.BYTES * 2;
    }
}
