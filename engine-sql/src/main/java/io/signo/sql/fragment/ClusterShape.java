package io.signo.sql.fragment;

import java.util.ArrayList;
import java.util.List;

/**
 * The nodes a plan is cut for: how many workers run the parallel stages, whether the coordinator is
 * a node of its own, and how many drivers each node runs a parallel pipeline with. Nodes are
 * numbered: workers 0 to n - 1, then the coordinator (or worker 0 itself, when one worker is also the
 * coordinator).
 *
 * @param separateCoordinator the coordinator is a node of its own even with one worker (a cluster of
 *        processes); otherwise a single worker is also the coordinator
 */
public record ClusterShape(int workerCount, int driversPerNode, boolean separateCoordinator)
{
    public ClusterShape
    {
        if (workerCount < 1 || driversPerNode < 1) {
            throw new IllegalArgumentException("need at least one worker and one driver per node");
        }
    }

    /** One process that is its own worker and coordinator. */
    public static ClusterShape singleNode(int driversPerNode)
    {
        return new ClusterShape(1, driversPerNode, false);
    }

    /** The coordinator's node index. */
    public int coordinator()
    {
        return workerCount == 1 && !separateCoordinator ? 0 : workerCount;
    }

    /** Every node index, the workers first. */
    public List<Integer> nodes()
    {
        List<Integer> nodes = new ArrayList<>();
        for (int i = 0; i < workerCount; i++) {
            nodes.add(i);
        }
        if (coordinator() != 0) {
            nodes.add(coordinator());
        }
        return nodes;
    }
}
