package io.signo.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.RepeatUnion;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The aggregates, joins and recursive CTEs of a logical plan that more than one parent reads.
 * Calcite's rule planner keeps one node per digest, so a WITH query used twice, or the same join
 * under a query and under its sub-query, is one node after optimization; Signo computes it once. Scans, filters
 * and projections are recomputed for each parent instead: they stream, so holding their rows for
 * the slower parent would cost more memory than reading them again costs time.
 */
public final class SharedSubPlans
{
    private SharedSubPlans() {}

    /** By identity. */
    public static Set<RelNode> of(RelNode root)
    {
        Set<RelNode> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        for (RelNode rel : withSeveralParents(root, RelNode::getInputs)) {
            if (rel instanceof Aggregate || rel instanceof Join || rel instanceof RepeatUnion) {
                shared.add(rel);
            }
        }
        return shared;
    }

    /** The nodes of a plan, logical or physical, that more than one parent reads, by identity. */
    public static <T> Set<T> withSeveralParents(T root, Function<T, List<? extends T>> inputs)
    {
        Map<T, Integer> parents = new IdentityHashMap<>();
        countParents(root, inputs, parents);
        Set<T> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        parents.forEach((node, count) -> {
            if (count > 1) {
                shared.add(node);
            }
        });
        return shared;
    }

    private static <T> void countParents(T node, Function<T, List<? extends T>> inputs, Map<T, Integer> parents)
    {
        if (parents.merge(node, 1, Integer::sum) > 1) {
            // its inputs were counted the first time: below a shared node each input has the one parent
            return;
        }
        for (T input : inputs.apply(node)) {
            countParents(input, inputs, parents);
        }
    }
}
