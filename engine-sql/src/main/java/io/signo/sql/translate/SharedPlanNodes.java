package io.signo.sql.translate;

import io.signo.sql.rel.PlanNode;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The nodes of a physical plan that more than one parent reads: the physical planner gives a
 * sub-plan that Calcite found twice in a query (the same aggregate or join, by digest) one node,
 * and execution computes it once per node into a {@link io.signo.core.exchange.Spool} that each
 * parent reads. Nodes are compared by identity.
 */
public final class SharedPlanNodes
{
    private SharedPlanNodes() {}

    public static Set<PlanNode> of(PlanNode root)
    {
        Map<PlanNode, Integer> parents = new IdentityHashMap<>();
        countParents(root, parents);
        Set<PlanNode> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        parents.forEach((node, count) -> {
            if (count > 1) {
                shared.add(node);
            }
        });
        return shared;
    }

    private static void countParents(PlanNode node, Map<PlanNode, Integer> parents)
    {
        if (parents.merge(node, 1, Integer::sum) > 1) {
            // its sources were counted the first time: below a shared node each source has the one parent
            return;
        }
        for (PlanNode source : node.sources()) {
            countParents(source, parents);
        }
    }
}
