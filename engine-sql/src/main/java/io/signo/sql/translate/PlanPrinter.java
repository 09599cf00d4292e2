package io.signo.sql.translate;

import io.signo.sql.rel.PlanNode;

import java.util.ArrayList;
import java.util.List;

/** Renders a physical plan as indented lines, each node with its estimated rows, for EXPLAIN. */
public final class PlanPrinter
{
    private PlanPrinter() {}

    public static List<String> render(PlanNode root)
    {
        List<String> lines = new ArrayList<>();
        render(root, 0, lines);
        return lines;
    }

    private static void render(PlanNode node, int depth, List<String> lines)
    {
        lines.add("  ".repeat(depth) + "- " + node.describe() + "  {rows: " + formatRows(node.estimatedRows()) + ", " + node.distribution() + "}");
        for (PlanNode source : node.sources()) {
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
