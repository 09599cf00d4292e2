package io.signo.core.operator.aggregation;

import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

/**
 * One aggregate's state for numbered groups, for operators outside the GROUP BY that aggregate rows
 * (a window's frames): the same accumulators, so the same result types, rounding and overflow rules.
 */
public final class GroupedAggregate
{
    private final Accumulator accumulator;
    private int groupCapacity;

    public GroupedAggregate(AggregateCall call)
    {
        this.accumulator = call.createAccumulator();
    }

    /** Makes room for groups 0 .. groupCount - 1; new groups start empty. */
    public void ensureGroups(int groupCount)
    {
        if (groupCount > groupCapacity) {
            accumulator.ensureCapacity(groupCount);
            groupCapacity = groupCount;
        }
    }

    /** Adds the values at {@code positions[i]} of {@code column} (null for COUNT(*)) to group {@code groupIds[i]}. */
    public void add(ColumnVector column, int[] positions, int[] groupIds, int count)
    {
        accumulator.addInput(column, positions, groupIds, count);
    }

    /** Appends the aggregate of one group's values so far. */
    public void writeFinal(int group, VectorBuilder builder)
    {
        accumulator.writeFinal(group, builder);
    }

    public long retainedBytes()
    {
        return accumulator.retainedBytes();
    }
}
