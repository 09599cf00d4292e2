package io.signo.sql.rel;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Numbers the nodes of a physical plan 0, 1, 2... in a walk from the root, sources in order, a
 * node that several parents read numbered once. A function of the plan's shape alone, so every
 * node of a cluster numbers the plan it decoded the same way; the runtime's operator statistics
 * name their plan node by this number.
 */
public final class PlanNodeNumbers
{
    private PlanNodeNumbers() {}

    public static Map<PlanNode, Integer> of(PlanNode root)
    {
        Map<PlanNode, Integer> numbers = new IdentityHashMap<>();
        number(root, numbers);
        return Collections.unmodifiableMap(numbers);
    }

    private static void number(PlanNode node, Map<PlanNode, Integer> numbers)
    {
        if (numbers.containsKey(node)) {
            return;
        }
        numbers.put(node, numbers.size());
        for (PlanNode source : node.sources()) {
            number(source, numbers);
        }
    }
}
