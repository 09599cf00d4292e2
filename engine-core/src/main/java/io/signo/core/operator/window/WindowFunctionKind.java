package io.signo.core.operator.window;

/** What a window function computes for each row of a partition. */
public enum WindowFunctionKind
{
    ROW_NUMBER,
    RANK,
    DENSE_RANK,
    PERCENT_RANK,
    CUME_DIST,
    /** NTILE(n): the bucket 1 .. n of the row, buckets as equal as possible and the larger first. */
    NTILE,
    /** LAG(x, offset, default): x of the row {@code offset} rows before, in the partition, else the default. */
    LAG,
    LEAD,
    FIRST_VALUE,
    LAST_VALUE,
    /** NTH_VALUE(x, n): x of the frame's n-th row, NULL when the frame has fewer rows. */
    NTH_VALUE,
    /** An aggregate (COUNT, SUM, AVG, MIN, MAX, the variances and standard deviations) of the rows of the frame. */
    AGGREGATE;

    /** LAG, LEAD, FIRST_VALUE, LAST_VALUE and NTH_VALUE: a value of another row, which may skip NULLs (IGNORE NULLS). */
    public boolean takesValue()
    {
        return this == LAG || this == LEAD || this == FIRST_VALUE || this == LAST_VALUE || this == NTH_VALUE;
    }

    /** Whether the function reads the frame; the ranking functions and LAG and LEAD ignore it. */
    public boolean usesFrame()
    {
        return this == FIRST_VALUE || this == LAST_VALUE || this == NTH_VALUE || this == AGGREGATE;
    }
}
