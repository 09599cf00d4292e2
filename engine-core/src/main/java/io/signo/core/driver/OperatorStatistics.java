package io.signo.core.driver;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * What the instances of one operator of a plan node did, summed over the drivers that ran it (and,
 * once merged, over the nodes of a cluster): the pages and rows it was given and handed on, the
 * time spent in its calls, and the sum of each instance's peak reserved memory. Counted by the
 * {@link Driver} a page at a time, never per row.
 *
 * @param planNodeId the plan node the operator runs, numbered as the plan is walked from its root; -1 for
 *        an operator that belongs to no plan node (the result's collector, a shared node's spool)
 * @param operator the operator's short name, such as "LookupJoin"
 * @param instances how many operator instances (drivers) were summed
 * @param wallNanos time spent in the operator's calls ({@code getOutput}, {@code addInput}, {@code finish})
 * @param cpuNanos the CPU time of its driver's thread, shared among the driver's operators in
 *        proportion to their wall time in each quantum
 * @param peakMemoryBytes the sum over instances of the most each reserved at once
 */
public record OperatorStatistics(int planNodeId, String operator, long instances, long inputRows, long inputPages, long outputRows, long outputPages, long wallNanos,
        long cpuNanos, long peakMemoryBytes)
        implements Serializable
{
    public OperatorStatistics
    {
        requireNonNull(operator, "operator is null");
    }

    public OperatorStatistics plus(OperatorStatistics other)
    {
        if (planNodeId != other.planNodeId || !operator.equals(other.operator)) {
            throw new IllegalArgumentException("cannot add the statistics of " + other.operator + " of node " + other.planNodeId + " to " + operator + " of node " + planNodeId);
        }
        return new OperatorStatistics(planNodeId, operator, instances + other.instances, inputRows + other.inputRows, inputPages + other.inputPages,
                outputRows + other.outputRows, outputPages + other.outputPages, wallNanos + other.wallNanos, cpuNanos + other.cpuNanos,
                peakMemoryBytes + other.peakMemoryBytes);
    }

    /** The statistics summed by plan node and operator name, in the order each pair first appears. */
    public static List<OperatorStatistics> merge(Collection<OperatorStatistics> statistics)
    {
        Map<String, OperatorStatistics> merged = new LinkedHashMap<>();
        for (OperatorStatistics operator : statistics) {
            merged.merge(operator.planNodeId + "/" + operator.operator, operator, OperatorStatistics::plus);
        }
        return new ArrayList<>(merged.values());
    }
}
