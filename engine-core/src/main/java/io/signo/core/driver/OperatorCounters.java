package io.signo.core.driver;

import static java.util.Objects.requireNonNull;

/**
 * The counters of one operator of a pipeline, which every driver of the pipeline adds its own
 * instance's totals to when it closes. Thread safe; added to once per driver, so a lock is cheap.
 */
public final class OperatorCounters
{
    private final int planNodeId;
    private final String operator;
    private long instances;
    private long inputRows;
    private long inputPages;
    private long outputRows;
    private long outputPages;
    private long wallNanos;
    private long cpuNanos;
    private long peakMemoryBytes;

    public OperatorCounters(int planNodeId, String operator)
    {
        this.planNodeId = planNodeId;
        this.operator = requireNonNull(operator, "operator is null");
    }

    synchronized void add(long inputRows, long inputPages, long outputRows, long outputPages, long wallNanos, long cpuNanos, long peakMemoryBytes)
    {
        this.instances++;
        this.inputRows += inputRows;
        this.inputPages += inputPages;
        this.outputRows += outputRows;
        this.outputPages += outputPages;
        this.wallNanos += wallNanos;
        this.cpuNanos += cpuNanos;
        this.peakMemoryBytes += peakMemoryBytes;
    }

    /** What the drivers closed so far counted. */
    public synchronized OperatorStatistics snapshot()
    {
        return new OperatorStatistics(planNodeId, operator, instances, inputRows, inputPages, outputRows, outputPages, wallNanos, cpuNanos, peakMemoryBytes);
    }
}
