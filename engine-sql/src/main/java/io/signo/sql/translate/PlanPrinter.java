package io.signo.sql.translate;

import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.TableScanNode;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders a physical plan as indented lines for EXPLAIN: each node with its estimated rows and
 * distribution, and each exchange between nodes as the start of a new stage, numbered from the
 * root stage 0 down, with where that stage runs. A hash join that publishes a runtime filter is
 * numbered ("join 1: HashJoin[...]") and the scan that applies it says so ("runtime filter:
 * l_orderkey from join 1"); see {@link RuntimeFilterPlan}. A node that several parents read,
 * computed once, is printed whole under the first ("shared 1: Aggregate[...]") and named under the
 * others ("- shared 1, computed once above"); see {@link SharedPlanNodes}.
 */
public final class PlanPrinter
{
    private final RuntimeFilterPlan runtimeFilters;
    private final Set<PlanNode> sharedNodes;
    private final Map<PlanNode, Integer> sharedNumbers = new IdentityHashMap<>();
    private int nextStage = 1;

    private PlanPrinter(RuntimeFilterPlan runtimeFilters, Set<PlanNode> sharedNodes)
    {
        this.runtimeFilters = runtimeFilters;
        this.sharedNodes = sharedNodes;
    }

    public static List<String> render(PlanNode root)
    {
        List<String> lines = new ArrayList<>();
        lines.add("Stage 0 on the coordinator");
        RuntimeFilterPlan runtimeFilters = RuntimeFilterPlan.of(root);
        new PlanPrinter(runtimeFilters, runtimeFilters.sharedNodes()).render(root, 0, lines);
        return lines;
    }

    private void render(PlanNode node, int depth, List<String> lines)
    {
        String indent = "  ".repeat(depth);
        String shared = "";
        if (sharedNodes.contains(node)) {
            Integer number = sharedNumbers.get(node);
            if (number != null) {
                lines.add(indent + "- shared " + number + ", computed once above  {rows: " + formatRows(node.estimatedRows()) + ", " + node.distribution() + "}");
                return;
            }
            number = sharedNumbers.size() + 1;
            sharedNumbers.put(node, number);
            shared = "shared " + number + ": ";
        }
        lines.add(indent + "- " + shared + describe(node) + "  {rows: " + formatRows(node.estimatedRows()) + ", " + node.distribution() + "}");
        boolean remote = node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE;
        List<PlanNode> sources = node.sources();
        for (int i = 0; i < sources.size(); i++) {
            PlanNode source = sources.get(i);
            if (node instanceof RecursiveUnionNode) {
                lines.add(indent + "  " + (i == 0 ? "seed" : i == sources.size() - 1 ? "recursive term, run for each working table" : "input " + i + ", computed once") + ":");
            }
            if (remote) {
                int stage = nextStage++;
                lines.add(indent + "  Stage " + stage + (source.distribution().isSingle() ? " on the coordinator" : " on every worker"));
            }
            render(source, depth + 1, lines);
        }
    }

    /** The node's own description, with the runtime filters a join publishes ("join N: ") and a scan applies. */
    private String describe(PlanNode node)
    {
        if (node instanceof HashJoinNode join && runtimeFilters.publishes(join)) {
            return "join " + runtimeFilters.joinNumber(join) + ": " + join.describe();
        }
        if (node instanceof TableScanNode scan && !runtimeFilters.targets(scan).isEmpty()) {
            List<String> filters = new ArrayList<>();
            for (RuntimeFilterPlan.Target target : runtimeFilters.targets(scan)) {
                filters.add("runtime filter: " + RuntimeFilterPlan.describe(scan, target));
            }
            return scan.describe() + ", " + String.join(", ", filters);
        }
        return node.describe();
    }

    private static String formatRows(double rows)
    {
        if (Double.isNaN(rows) || Double.isInfinite(rows)) {
            return "?";
        }
        return Long.toString(Math.round(rows));
    }
}
