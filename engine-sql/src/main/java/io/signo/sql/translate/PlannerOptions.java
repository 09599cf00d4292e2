package io.signo.sql.translate;

/**
 * What the physical planner needs to know of the cluster and the session.
 *
 * @param workerCount the nodes that hold table partitions and run parallel stages
 * @param joinDistribution the session's {@code join_distribution}
 * @param broadcastLimitBytes above this estimated build size a join is never broadcast, whatever
 *        the costs say: it guards against a misestimate filling every node's memory
 * @param separateCoordinator the coordinator, where SINGLE stages run, is a node of its own even with
 *        one worker (a cluster of processes); otherwise a single worker is the coordinator too
 * @param runtimeFilters the session's {@code runtime_filters}: whether hash joins may publish runtime
 *        filters to the scans of their probe side
 * @param replicatedOnWorkers every worker holds each replicated table whole: a join whose build
 *        side reads only such tables reads them on every worker instead of a broadcast from the
 *        coordinator (unless every join must repartition)
 * @param maxRecursionDepth the session's {@code max_recursion_depth}: how many runs of a recursive
 *        CTE's recursive term may produce rows before the query fails
 */
public record PlannerOptions(int workerCount, JoinDistributionMode joinDistribution, long broadcastLimitBytes, boolean separateCoordinator, boolean runtimeFilters,
        boolean replicatedOnWorkers, int maxRecursionDepth)
{
    public static final long DEFAULT_BROADCAST_LIMIT_BYTES = 256L << 20;
    /** Far beyond the depth of real hierarchies and series, small enough that a recursion that never ends fails in seconds. */
    public static final int DEFAULT_MAX_RECURSION_DEPTH = 10_000;

    public PlannerOptions
    {
        if (workerCount < 1) {
            throw new IllegalArgumentException("workerCount must be positive: " + workerCount);
        }
        if (maxRecursionDepth < 0) {
            throw new IllegalArgumentException("maxRecursionDepth is negative: " + maxRecursionDepth);
        }
    }

    public PlannerOptions(int workerCount, JoinDistributionMode joinDistribution, long broadcastLimitBytes, boolean separateCoordinator, boolean runtimeFilters,
            boolean replicatedOnWorkers)
    {
        this(workerCount, joinDistribution, broadcastLimitBytes, separateCoordinator, runtimeFilters, replicatedOnWorkers, DEFAULT_MAX_RECURSION_DEPTH);
    }

    public PlannerOptions(int workerCount, JoinDistributionMode joinDistribution, long broadcastLimitBytes, boolean separateCoordinator, boolean runtimeFilters)
    {
        this(workerCount, joinDistribution, broadcastLimitBytes, separateCoordinator, runtimeFilters, false);
    }

    /** Options with runtime filters on, as a session starts. */
    public PlannerOptions(int workerCount, JoinDistributionMode joinDistribution, long broadcastLimitBytes, boolean separateCoordinator)
    {
        this(workerCount, joinDistribution, broadcastLimitBytes, separateCoordinator, true);
    }

    public static PlannerOptions singleNode()
    {
        return new PlannerOptions(1, JoinDistributionMode.AUTOMATIC, DEFAULT_BROADCAST_LIMIT_BYTES, false);
    }
}
