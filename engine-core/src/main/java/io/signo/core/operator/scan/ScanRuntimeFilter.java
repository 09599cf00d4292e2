package io.signo.core.operator.scan;

import io.signo.core.operator.join.RuntimeFilterSource;

import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * A hash join's runtime filter as one scan under its probe side applies it: where the filter comes
 * from once the build is done (the join's bridge in the same task, or the filter merged from every
 * node's build beyond an exchange), which of the scan's output columns are the join's
 * probe keys (in the build keys' order), and counters shared by the scan's drivers.
 * Valid only when every row the scan drops could not have joined: the planner's business (the scan
 * feeds the join's probe through filters, projections, exchanges and groupings on its keys, and the join is an inner
 * or semi join, or one that keeps only matched or unmatched build rows).
 */
public final class ScanRuntimeFilter
{
    private final RuntimeFilterSource source;
    private final int[] keyChannels;
    private final String description;
    private final AtomicLong rowsTested = new AtomicLong();
    private final AtomicLong rowsRejected = new AtomicLong();

    /**
     * @param keyChannels the scan's output columns holding the probe keys, in the build keys' order
     * @param description how EXPLAIN and the counters name the filter
     */
    public ScanRuntimeFilter(RuntimeFilterSource source, int[] keyChannels, String description)
    {
        this.source = requireNonNull(source, "source is null");
        this.keyChannels = keyChannels.clone();
        this.description = requireNonNull(description, "description is null");
        if (keyChannels.length == 0) {
            throw new IllegalArgumentException("a runtime filter needs key columns");
        }
    }

    public RuntimeFilterSource source()
    {
        return source;
    }

    public int[] keyChannels()
    {
        return keyChannels.clone();
    }

    public String description()
    {
        return description;
    }

    /** Rows the scan's drivers tested against the filter. */
    public long rowsTested()
    {
        return rowsTested.get();
    }

    /** Rows that failed the filter (some may also fail another filter of the scan). */
    public long rowsRejected()
    {
        return rowsRejected.get();
    }

    public void record(long tested, long rejected)
    {
        rowsTested.addAndGet(tested);
        rowsRejected.addAndGet(rejected);
    }

    @Override
    public String toString()
    {
        return description + " (rejected " + rowsRejected() + " of " + rowsTested() + " rows)";
    }
}
