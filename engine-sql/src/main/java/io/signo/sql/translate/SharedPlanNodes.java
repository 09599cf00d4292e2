package io.signo.sql.translate;

import io.signo.sql.planner.SharedSubPlans;
import io.signo.sql.rel.PlanNode;

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
        return SharedSubPlans.withSeveralParents(root, PlanNode::sources);
    }
}
