package io.signo.sql.translate;

import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.PlanNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a physical plan as indented lines for EXPLAIN: each node with its estimated rows and
 * distribution, and each exchange between nodes as the start of a new stage, numbered from the
 * root stage 0 down, with where that stage runs.
 */
public final class PlanPrinter
{
    private int nextStage = 1;

    private PlanPrinter() {}

    public static List<String> render(PlanNode root)
    {
        List<String> lines = new ArrayList<>();
        lines.add("Stage 0 on the coordinator");
        new PlanPrinter().render(root, 0, lines);
        return lines;
    }

    private void render(PlanNode node, int depth, List<String> lines)
    {
        String indent = "  ".repeat(depth);
        lines.add(indent + "- " + node.describe() + "  {rows: " + formatRows(node.estimatedRows()) + ", " + node.distribution() + "}");
        boolean remote = node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE;
        for (PlanNode source : node.sources()) {
            if (remote) {
                int stage = nextStage++;
                lines.add(indent + "  Stage " + stage + (source.distribution().isSingle() ? " on the coordinator" : " on every worker"));
            }
            render(source, depth + 1, lines);
        }
    }

    private static String formatRows(double rows)
    {
        if (Double.isNaN(rows) || Double.isInfinite(rows)) {
            return "?";
        }
        return Long.toString(Math.round(rows));
    }
}
