package io.signo.core.operator.aggregation;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import static java.util.Objects.requireNonNull;

/**
 * The state of one aggregate for every group, in primitive arrays indexed by group id. Updates run
 * a vector at a time: each implementation switches on the input layout once and then loops.
 */
abstract class Accumulator
{
    protected final AggregateCall call;

    protected Accumulator(AggregateCall call)
    {
        this.call = requireNonNull(call, "call is null");
    }

    /**
     * Whether this accumulator writes out the state of another one in the same step, which alone is
     * fed the input (and grown); see {@link ExactSumAccumulator#canShare}.
     */
    boolean readsSharedState()
    {
        return false;
    }

    /** Makes room for groups 0 .. groupCount - 1; new groups start empty. */
    abstract void ensureCapacity(int groupCount);

    /** Adds raw values: {@code column} (null for COUNT(*)) at positions 0 .. positionCount - 1 go to {@code groupIds[i]}. */
    abstract void addInput(ColumnVector column, int[] groupIds, int positionCount);

    /**
     * {@link #addInput(ColumnVector, int[], int)} of the rows {@code rows[i]} of {@code column} (of a
     * {@linkplain Page#selected selected page}); this default copies them first, the accumulators
     * on hot paths read through the rows.
     */
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        addInput(column == null ? null : column.copyPositions(rows, positionCount, PageAllocator.transientPages()), groupIds, positionCount);
    }

    /**
     * Adds raw values of a page whose rows' groups {@code groupRowCounts} counted: of the rows {@code rows[i]}
     * of {@code column}, or of its positions when {@code rows} is null. Accumulators that count a group's
     * rows may take the counts from {@code groupRowCounts} instead of counting row by row.
     */
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount, GroupRowCounts groupRowCounts)
    {
        if (rows == null) {
            addInput(column, groupIds, positionCount);
        }
        else {
            addInput(column, rows, groupIds, positionCount);
        }
    }

    /** Merges intermediate columns starting at {@code firstChannel} of {@code page}. */
    abstract void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount);

    /** Appends one group's intermediate values, one builder per intermediate column. */
    abstract void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder);

    abstract void writeFinal(int group, VectorBuilder builder);

    abstract long retainedBytes();

    static int grownCapacity(int current, int needed)
    {
        return Math.max(needed, Math.max(16, current + (current >> 1)));
    }
}
