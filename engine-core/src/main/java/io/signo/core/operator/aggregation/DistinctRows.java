package io.signo.core.operator.aggregation;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.List;

/**
 * The rows seen so far, over all columns: {@link #newRows} keeps of a page only the rows never seen
 * before (nor earlier in the same page), as a recursive {@code UNION} adds to its result only rows it
 * does not hold yet. NULLs are equal to each other, as in {@code GROUP BY}. Built on the aggregation's
 * {@link GroupByHash}: a row is new when the hash gives it the next unused group id.
 */
public final class DistinctRows
{
    private final GroupByHash hash;
    private final int[] channels;
    private int[] newPositions = new int[0];

    public DistinctRows(List<Type> types)
    {
        this.hash = GroupByHash.create(List.copyOf(types));
        this.channels = new int[types.size()];
        for (int i = 0; i < channels.length; i++) {
            channels[i] = i;
        }
    }

    /**
     * The rows of {@code page} not seen before, in their order, now remembered; the page itself when
     * all are new, null when none is.
     */
    public Page newRows(Page page, PageAllocator allocator)
    {
        int positionCount = page.positionCount();
        int seenGroups = hash.groupCount();
        int[] groupIds = GroupByHash.groupIdsOfDenseKeys(hash, page, channels);
        if (newPositions.length < positionCount) {
            newPositions = new int[positionCount];
        }
        int[] positions = newPositions;
        // ids are given in the order rows come: a row is new exactly when it takes the next id
        int nextGroup = seenGroups;
        int count = 0;
        for (int position = 0; position < positionCount; position++) {
            if (groupIds[position] == nextGroup) {
                positions[count++] = position;
                nextGroup++;
            }
        }
        if (count == positionCount) {
            return page;
        }
        if (count == 0) {
            return null;
        }
        ColumnVector[] columns = new ColumnVector[page.columnCount()];
        for (int column = 0; column < columns.length; column++) {
            columns[column] = page.column(column).copyPositions(positions, count, allocator);
        }
        return new Page(count, columns);
    }

    /** How many distinct rows were seen. */
    public int rowCount()
    {
        return hash.groupCount();
    }

    /** The heap the hash holds: its table and the copy of every distinct row's key. */
    public long retainedBytes()
    {
        return hash.retainedBytes() + (long) newPositions.length * Integer.BYTES;
    }
}
