package io.signo.core.operator.window;

import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.GroupedAggregate;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

/**
 * An aggregate over each row's frame, through the GROUP BY's accumulators (one group per frame
 * state). Frames that all start at the partition's start grow row by row, so each row is added once
 * (running sums, and the whole partition); frames that all end at the partition's end do the same
 * from the end backwards; other frames (a moving window) aggregate each row's frame anew.
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

    AggregateEvaluator(WindowFunction function)
    {
        this.function = function;
        this.call = function.aggregate();
    }

    @Override
    public void evaluate(WindowPartition partition, OutputColumn output)
    {
        WindowFrame frame = function.frame();
        if (frame.start().kind() == FrameBound.Kind.UNBOUNDED_PRECEDING) {
            growingForward(partition, output);
        }
        else if (frame.end().kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING) {
            growingBackward(partition, output);
        }
        else {
            eachFrameAnew(partition, output);
        }
    }

    private void growingForward(WindowPartition partition, OutputColumn output)
    {
        int group = newGroup();
        int added = partition.start();
        for (int row = partition.start(); row < partition.end(); row++) {
            int frameEnd = partition.frameEnd(function.frame(), row);
            if (frameEnd > added) {
                add(partition.rows(), added, frameEnd, group);
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
                add(partition.rows(), frameStart, addedFrom, group);
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
                add(partition.rows(), frameStart, frameEnd, group);
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

    /** Adds rows {@code [from, to)} to {@code group}, a page of the sorted rows at a time. */
    private void add(SortedRows rows, int from, int to, int group)
    {
        int channel = call.inputChannel();
        while (from < to) {
            int pageEnd = Math.min(to, ((from >>> SortedRows.PAGE_SHIFT) + 1) << SortedRows.PAGE_SHIFT);
            int count = pageEnd - from;
            int firstPosition = SortedRows.position(from);
            for (int i = 0; i < count; i++) {
                positions[i] = firstPosition + i;
                groupIds[i] = group;
            }
            state.add(channel < 0 ? null : rows.column(channel, from), positions, groupIds, count);
            from = pageEnd;
        }
    }

    @Override
    public long retainedBytes()
    {
        return state == null ? 0 : state.retainedBytes();
    }
}
