package io.signo.core.operator.aggregation;

import java.util.Arrays;

/**
 * How many rows of one page went to each group, counted once for the page when the page holds few
 * groups, so that every accumulator over a column without NULLs adds those counts per group
 * instead of incrementing a count per row (TPC-H Q1 has six such counts over 4 groups). With many
 * groups adding every group's count would cost more than the rows, and {@link #fewGroups()} is false.
 * Not thread-safe: one per operator, {@link #reset} before each page.
 */
final class GroupRowCounts
{
    /** Above this many groups the per-group work of each page is not small enough to pay. */
    static final int MAX_GROUPS = 4096;

    private int[] rowsPerGroup = new int[16];
    private int[] groupIds;
    private int positionCount;
    private int groupCount;
    private boolean counted;

    /** Starts a page: {@code groupIds[0 .. positionCount)} are its rows' groups, all below {@code groupCount}. */
    void reset(int[] groupIds, int positionCount, int groupCount)
    {
        this.groupIds = groupIds;
        this.positionCount = positionCount;
        this.groupCount = groupCount;
        this.counted = false;
    }

    /**
     * Whether the page's groups are few against its rows: then {@link #addTo} is cheap and
     * accumulators may also keep per-group state of the page (see {@link ExactSumAccumulator}).
     */
    boolean fewGroups()
    {
        return groupCount <= MAX_GROUPS && groupCount <= positionCount >> 2;
    }

    int groupCount()
    {
        return groupCount;
    }

    /** Adds each group's row count of the page to {@code counts[group]}; only when {@link #fewGroups()}. */
    void addTo(long[] counts)
    {
        if (!counted) {
            count();
        }
        int[] rowsPerGroup = this.rowsPerGroup;
        for (int group = 0; group < groupCount; group++) {
            counts[group] += rowsPerGroup[group];
        }
    }

    private void count()
    {
        if (rowsPerGroup.length < groupCount) {
            rowsPerGroup = new int[Math.max(groupCount, rowsPerGroup.length * 2)];
        }
        int[] rowsPerGroup = this.rowsPerGroup;
        Arrays.fill(rowsPerGroup, 0, groupCount, 0);
        if (groupCount == 1) {
            rowsPerGroup[0] = positionCount;
        }
        else {
            int[] groupIds = this.groupIds;
            for (int i = 0; i < positionCount; i++) {
                rowsPerGroup[groupIds[i]]++;
            }
        }
        counted = true;
    }
}
