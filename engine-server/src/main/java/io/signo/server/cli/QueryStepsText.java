package io.signo.server.cli;

import io.signo.sql.QuerySteps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The {@code --stats} lines of a query's steps: one per node, each step with its time on that node. */
final class QueryStepsText
{
    private QueryStepsText() {}

    static List<String> render(List<QuerySteps.Step> steps)
    {
        List<String> nodes = new ArrayList<>();
        for (QuerySteps.Step step : steps) {
            if (!nodes.contains(step.node())) {
                nodes.add(step.node());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String node : nodes) {
            StringBuilder line = new StringBuilder("steps on the ").append(node).append(" (ms since ")
                    .append(node.equals(QuerySteps.COORDINATOR) ? "the query arrived" : "its start request arrived").append("):");
            String separator = " ";
            for (QuerySteps.Step step : steps) {
                if (step.node().equals(node)) {
                    line.append(separator).append(step.name()).append(String.format(Locale.ROOT, " %.2f", step.millis()));
                    separator = ", ";
                }
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
