package io.signo.server.fuzz;

import io.signo.server.fuzz.SqlFuzzer.Failure;
import io.signo.server.fuzz.SqlFuzzer.Outcome;
import io.signo.server.fuzz.SqlFuzzer.Report;

import java.util.Map;

/** A fuzzer run written for people: a one-paragraph summary and a Markdown report. */
public final class FuzzReport
{
    private FuzzReport() {}

    /** A few lines: statements run, counts per outcome, the distinct failures by outcome. */
    public static String summary(Report report)
    {
        StringBuilder text = new StringBuilder();
        text.append("SQL fuzzer, seed ").append(report.seed()).append(": ").append(report.queries()).append(" statements in ")
                .append(report.elapsed().toSeconds()).append(" s\n");
        for (Map.Entry<Outcome, Integer> count : report.counts().entrySet()) {
            text.append(String.format("  %-21s %d%n", count.getKey(), count.getValue()));
        }
        long bugs = report.failures().stream().filter(failure -> failure.outcome().bug()).count();
        text.append("distinct failures: ").append(report.failures().size()).append(" (").append(bugs).append(" wrong answers or internal errors)\n");
        for (Failure failure : report.failures()) {
            text.append("  ").append(failure.outcome()).append(" x").append(failure.count()).append(": ").append(SqlFuzzer.oneLine(failure.minimized())).append('\n');
        }
        return text.toString();
    }

    /** The whole report in Markdown: counts, known differences with their reasons, each distinct failure minimized. */
    public static String markdown(Report report)
    {
        StringBuilder text = new StringBuilder();
        text.append("# SQL fuzzer report, seed ").append(report.seed()).append("\n\n");
        text.append(report.queries()).append(" statements in ").append(report.elapsed().toSeconds()).append(" s.\n\n");
        text.append("| outcome | statements |\n|---|---|\n");
        for (Map.Entry<Outcome, Integer> count : report.counts().entrySet()) {
            text.append("| ").append(count.getKey()).append(" | ").append(count.getValue()).append(" |\n");
        }
        text.append("\n## Known differences\n\n");
        if (report.knownDifferences().isEmpty()) {
            text.append("None seen.\n");
        }
        for (Map.Entry<String, Integer> known : report.knownDifferences().entrySet()) {
            text.append("- ").append(known.getKey()).append(" (").append(known.getValue()).append(" statements), for example:\n\n```sql\n")
                    .append(report.knownDifferenceExamples().get(known.getKey()).strip()).append("\n```\n\n");
        }
        text.append("\n## Distinct failures, minimized\n\n");
        if (report.failures().isEmpty()) {
            text.append("None.\n");
        }
        for (Failure failure : report.failures()) {
            text.append("### ").append(failure.outcome()).append(" (").append(failure.count()).append(" statements; first: seed ")
                    .append(failure.querySeed()).append(")\n\n```sql\n").append(failure.minimized().strip()).append("\n```\n\n")
                    .append("```\n").append(failure.detail().strip()).append("\n```\n\n");
        }
        return text.toString();
    }

    /** A protocol fuzzer's run: cases, the other side's answers by kind, distinct failures. */
    public static String summary(ProtocolFuzzResult result)
    {
        StringBuilder text = new StringBuilder();
        text.append(result.fuzzer()).append(", seed ").append(result.seed()).append(": ").append(result.cases()).append(' ').append(result.caseNoun())
                .append(" in ").append(result.elapsed().toSeconds()).append(" s\n");
        text.append(result.countsName()).append(":\n");
        result.counts().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(count -> text.append(String.format("  %-40s %d%n", count.getKey(), count.getValue())));
        text.append("distinct failures: ").append(result.failures().size()).append('\n');
        for (FailureTally.Failure failure : result.failures()) {
            text.append("  ").append(failure.kind()).append(" x").append(failure.count()).append(" (first: ").append(failure.first()).append(")\n");
        }
        return text.toString();
    }

    public static String markdown(ProtocolFuzzResult result)
    {
        StringBuilder text = new StringBuilder();
        text.append("# ").append(result.fuzzer()).append(" report, seed ").append(result.seed()).append("\n\n");
        text.append(result.cases()).append(' ').append(result.caseNoun()).append(" in ").append(result.elapsed().toSeconds()).append(" s.\n\n");
        text.append("| ").append(result.countsName()).append(" | count |\n|---|---|\n");
        result.counts().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(count -> text.append("| ").append(count.getKey()).append(" | ").append(count.getValue()).append(" |\n"));
        text.append("\n## Distinct failures\n\n");
        if (result.failures().isEmpty()) {
            text.append("None.\n");
        }
        for (FailureTally.Failure failure : result.failures()) {
            text.append("### ").append(failure.kind()).append(" (").append(failure.count()).append(")\n\nFirst: ").append(failure.first())
                    .append("\n\n```\n").append(failure.detail().strip()).append("\n```\n\n");
        }
        return text.toString();
    }
}
