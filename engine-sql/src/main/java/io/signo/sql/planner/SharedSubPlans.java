package io.signo.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The aggregates and joins of a logical plan that more than one parent reads. Calcite's rule
 * planner keeps one node per digest, so a WITH query used twice, or the same join under a query
 * and under its sub-query, is one node after optimization; Signo computes it once. Scans, filters
 * and projections are recomputed for each parent instead: they stream, so holding their rows for
 * the slower parent would cost more memory than reading them again costs time.
 */
public final class SharedSubPlans
{
    private SharedSubPlans() {}

    /** By identity. */
    public static Set<RelNode> of(RelNode root)
    {
        Map<RelNode, Integer> parents = new IdentityHashMap<>();
        countParents(root, parents);
        Set<RelNode> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        parents.forEach((rel, count) -> {
            if (count > 1 && (rel instanceof Aggregate || rel instanceof Join)) {
                shared.add(rel);
            }
        });
        return shared;
    }

    private static void countParents(RelNode rel, Map<RelNode, Integer> parents)
    {
        if (parents.merge(rel, 1, Integer::sum) > 1) {
            // its inputs were counted the first time: below a shared node each input has the one parent
            return;
        }
        for (RelNode input : rel.getInputs()) {
            countParents(input, parents);
        }
    }
}
