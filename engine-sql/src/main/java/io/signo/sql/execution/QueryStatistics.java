package io.signo.sql.execution;

import io.signo.core.driver.DriverFactory;
import io.signo.core.driver.OperatorCounters;
import io.signo.core.driver.OperatorStatistics;
import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.List;

/**
 * What one query's operators did and the memory it holds, gathered from every node it runs on: the
 * pipelines and memory pools in this process are read live, the other nodes' totals are added when
 * their tasks report. Thread safe: the query's nodes add, the admin API and EXPLAIN ANALYZE read.
 */
public final class QueryStatistics
{
    /** Only the counters of this process's pipelines: a finished query the server still lists must not keep its operators' factories (and what they hold) alive. */
    private final List<OperatorCounters> localCounters = new ArrayList<>();
    private final List<MemoryPool> localPools = new ArrayList<>();
    private final List<OperatorStatistics> reported = new ArrayList<>();
    private long reportedPeakMemoryBytes;

    /** Pipelines of the query in this process; their drivers add to them as they close. */
    public synchronized void addPipelines(List<DriverFactory> pipelines)
    {
        for (DriverFactory pipeline : pipelines) {
            localCounters.addAll(pipeline.counters());
        }
    }

    /** A memory pool of the query in this process. */
    public synchronized void addPool(MemoryPool pool)
    {
        localPools.add(pool);
    }

    /** The totals another node reported when its task ended: its operators and the peak of its memory pool. */
    public synchronized void addReported(List<OperatorStatistics> operators, long peakMemoryBytes)
    {
        reported.addAll(operators);
        reportedPeakMemoryBytes += peakMemoryBytes;
    }

    /**
     * What the operators did so far, summed by plan node and operator over drivers and nodes: a driver
     * counts once it closed, another node once its task ended. Operators of no plan node are left out.
     */
    public synchronized List<OperatorStatistics> operators()
    {
        List<OperatorStatistics> all = new ArrayList<>();
        for (OperatorCounters counters : localCounters) {
            OperatorStatistics operator = counters.snapshot();
            if (operator.planNodeId() >= 0 && operator.instances() > 0) {
                all.add(operator);
            }
        }
        for (OperatorStatistics operator : reported) {
            if (operator.planNodeId() >= 0 && operator.instances() > 0) {
                all.add(operator);
            }
        }
        return OperatorStatistics.merge(all);
    }

    /** The bytes the query holds now in this process's pools (a cluster's workers report only their peak, at the end). */
    public synchronized long reservedBytes()
    {
        long bytes = 0;
        for (MemoryPool pool : localPools) {
            bytes += pool.reservedBytes();
        }
        return bytes;
    }

    /** The sum of the peaks of the query's pools: this process's, and every other node's that reported. */
    public synchronized long peakBytes()
    {
        long bytes = reportedPeakMemoryBytes;
        for (MemoryPool pool : localPools) {
            bytes += pool.peakBytes();
        }
        return bytes;
    }
}
