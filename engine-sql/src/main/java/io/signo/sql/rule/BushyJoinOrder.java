package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * When join ordering tries a bushy order ({@link SignoRules#BUSHY_JOIN_ORDER}) beside Calcite's
 * left-deep one, and which of the two plans it keeps. A left-deep order joins every input with the
 * join of all before it, so the few rows that two small inputs leave when joined first (TPC-H Q9's
 * filtered part and partsupp) are out of its reach. With fewer than four inner-joined inputs every
 * tree is left-deep, so the second search is skipped; otherwise the plan with the lower cumulative
 * cost (the rows every node produces) is kept, and a tie keeps the left-deep plan.
 */
public final class BushyJoinOrder
{
    /** Inner-joined inputs from which some join tree is not left-deep. */
    static final int MIN_INPUTS = 4;

    private BushyJoinOrder() {}

    /** Whether the plan before join ordering holds inner joins of at least four inputs together, where bushy and left-deep orders differ. */
    public static boolean mayDiffer(RelNode rel)
    {
        RelNode node = current(rel);
        if (innerJoinInputs(node) >= MIN_INPUTS) {
            return true;
        }
        for (RelNode input : node.getInputs()) {
            if (mayDiffer(input)) {
                return true;
            }
        }
        return false;
    }

    /** The plan of the two with the lower cumulative cost; the left-deep one when they tie or either has no cost. */
    public static RelNode cheaper(RelNode leftDeep, RelNode bushy)
    {
        RelMetadataQuery metadata = leftDeep.getCluster().getMetadataQuery();
        RelOptCost leftDeepCost = metadata.getCumulativeCost(leftDeep);
        RelOptCost bushyCost = metadata.getCumulativeCost(bushy);
        return leftDeepCost != null && bushyCost != null && bushyCost.isLt(leftDeepCost) ? bushy : leftDeep;
    }

    /** The inputs that the inner joins at {@code rel} join together, seen through projections and filters as MultiJoins merge them; 1 for any other node. */
    private static int innerJoinInputs(RelNode rel)
    {
        RelNode node = current(rel);
        if (node instanceof Join join && join.getJoinType() == JoinRelType.INNER) {
            return innerJoinInputs(join.getLeft()) + innerJoinInputs(join.getRight());
        }
        if (node instanceof Project || node instanceof Filter) {
            int below = innerJoinInputs(node.getInput(0));
            if (below > 1) {
                return below;
            }
        }
        return 1;
    }

    private static RelNode current(RelNode rel)
    {
        return rel instanceof HepRelVertex vertex ? vertex.getCurrentRel() : rel;
    }
}
