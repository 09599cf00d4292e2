package io.signo.sql.translate;

import io.signo.core.driver.OperatorStatistics;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.PlanNodeNumbers;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.TableScanNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
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
 *
 * <p>For EXPLAIN ANALYZE each node is followed by a line of what its operators did, summed over
 * drivers and nodes: the rows and pages it produced, the rows it was given, the time spent in its
 * operators' calls (wall, and the share of the threads' CPU time), and its operators' peak memory
 * ("actual: 25 rows (1 page) from 0 input rows, wall 0.21 ms, cpu 0.18 ms, peak memory 0 B"); a node
 * run by several operators (a hash join's build and probe) names each one's time.
 */
public final class PlanPrinter
{
    private final RuntimeFilterPlan runtimeFilters;
    private final Set<PlanNode> sharedNodes;
    private final Map<PlanNode, Integer> sharedNumbers = new IdentityHashMap<>();
    /** The plan's node numbers and the operators of each, for EXPLAIN ANALYZE; null for EXPLAIN. */
    private final Map<PlanNode, Integer> planNodeIds;
    private final Map<Integer, List<OperatorStatistics>> operators;
    private int nextStage = 1;

    private PlanPrinter(RuntimeFilterPlan runtimeFilters, Set<PlanNode> sharedNodes, Map<PlanNode, Integer> planNodeIds, Map<Integer, List<OperatorStatistics>> operators)
    {
        this.runtimeFilters = runtimeFilters;
        this.sharedNodes = sharedNodes;
        this.planNodeIds = planNodeIds;
        this.operators = operators;
    }

    public static List<String> render(PlanNode root)
    {
        return render(root, null);
    }

    /**
     * The plan with what its operators did under each node, for EXPLAIN ANALYZE.
     *
     * @param statistics the query's operators, by plan node number ({@link PlanNodeNumbers}); null for EXPLAIN
     */
    public static List<String> render(PlanNode root, List<OperatorStatistics> statistics)
    {
        List<String> lines = new ArrayList<>();
        lines.add("Stage 0 on the coordinator");
        RuntimeFilterPlan runtimeFilters = RuntimeFilterPlan.of(root);
        Map<Integer, List<OperatorStatistics>> byNode = null;
        if (statistics != null) {
            byNode = new HashMap<>();
            for (OperatorStatistics operator : statistics) {
                byNode.computeIfAbsent(operator.planNodeId(), _ -> new ArrayList<>()).add(operator);
            }
        }
        new PlanPrinter(runtimeFilters, runtimeFilters.sharedNodes(), statistics == null ? null : PlanNodeNumbers.of(root), byNode).render(root, 0, lines);
        return lines;
    }

    /** What a node's operators did, summed: its output rows are those of the operators that hand pages on (a sink hands none). */
    public record NodeActuals(long outputRows, long outputPages, long inputRows, long wallNanos, long cpuNanos, long peakMemoryBytes)
    {
        public static NodeActuals of(List<OperatorStatistics> operators)
        {
            long outputRows = 0;
            long outputPages = 0;
            long inputRows = 0;
            long wallNanos = 0;
            long cpuNanos = 0;
            long peakMemoryBytes = 0;
            for (OperatorStatistics operator : operators) {
                outputRows += operator.outputRows();
                outputPages += operator.outputPages();
                inputRows += operator.inputRows();
                wallNanos += operator.wallNanos();
                cpuNanos += operator.cpuNanos();
                peakMemoryBytes += operator.peakMemoryBytes();
            }
            return new NodeActuals(outputRows, outputPages, inputRows, wallNanos, cpuNanos, peakMemoryBytes);
        }
    }

    private void renderActuals(PlanNode node, String indent, List<String> lines)
    {
        if (operators == null) {
            return;
        }
        List<OperatorStatistics> nodeOperators = operators.getOrDefault(planNodeIds.getOrDefault(node, -1), List.of());
        if (nodeOperators.isEmpty()) {
            lines.add(indent + "    actual: not run");
            return;
        }
        NodeActuals actuals = NodeActuals.of(nodeOperators);
        StringBuilder line = new StringBuilder(indent).append("    actual: ")
                .append(actuals.outputRows()).append(actuals.outputRows() == 1 ? " row (" : " rows (")
                .append(actuals.outputPages()).append(actuals.outputPages() == 1 ? " page)" : " pages)")
                .append(" from ").append(actuals.inputRows()).append(" input rows")
                .append(", wall ").append(millis(actuals.wallNanos()))
                .append(", cpu ").append(millis(actuals.cpuNanos()))
                .append(", peak memory ").append(bytes(actuals.peakMemoryBytes()));
        if (nodeOperators.size() > 1) {
            List<String> parts = new ArrayList<>();
            for (OperatorStatistics operator : nodeOperators) {
                parts.add(operator.operator() + " " + operator.inputRows() + " in, " + operator.outputRows() + " out, wall " + millis(operator.wallNanos()));
            }
            line.append(" [").append(String.join("; ", parts)).append("]");
        }
        lines.add(line.toString());
    }

    static String millis(long nanos)
    {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }

    static String bytes(long bytes)
    {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f kB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
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
        renderActuals(node, indent, lines);
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
