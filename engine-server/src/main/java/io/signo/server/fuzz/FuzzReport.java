package io.signo.server.fuzz;

import io.signo.net.exchange.ExchangeFrameFuzzer;
import io.signo.server.fuzz.SqlFuzzer.Failure;
import io.signo.server.fuzz.SqlFuzzer.Outcome;
import io.signo.server.fuzz.SqlFuzzer.Report;

import java.time.Duration;
import java.util.List;
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

    /** The HTTP fuzzer's run: requests, answers by status, distinct failures. */
    public static String summary(HttpFuzzer.Result result)
    {
        return protocolSummary("HTTP fuzzer", result.seed(), result.requests() + " requests", result.elapsed(), result.answers(), "answers",
                result.failures());
    }

    public static String markdown(HttpFuzzer.Result result)
    {
        return protocolMarkdown("HTTP fuzzer", result.seed(), result.requests() + " requests", result.elapsed(), result.answers(), "status",
                result.failures());
    }

    /** The PostgreSQL protocol fuzzer's run: sessions, the server's messages by type (and errors by SQLSTATE), distinct failures. */
    public static String summary(PgWireFuzzer.Result result)
    {
        return protocolSummary("PostgreSQL protocol fuzzer", result.seed(), result.sessions() + " sessions", result.elapsed(), result.answers(), "server messages",
                result.failures());
    }

    public static String markdown(PgWireFuzzer.Result result)
    {
        return protocolMarkdown("PostgreSQL protocol fuzzer", result.seed(), result.sessions() + " sessions", result.elapsed(), result.answers(), "server message",
                result.failures());
    }

    /** The exchange frame fuzzer's run: cases, outcomes by kind of input, distinct failures. */
    public static String summary(ExchangeFrameFuzzer.Result result)
    {
        return protocolSummary("Exchange frame fuzzer", result.seed(), result.cases() + " cases (" + result.decoded() + " decoded)", result.elapsed(), result.outcomes(),
                "outcomes", result.failures().stream().map(failure -> new FailureTally.Failure(failure.kind(), failure.count(), failure.firstCase(), failure.detail())).toList());
    }

    public static String markdown(ExchangeFrameFuzzer.Result result)
    {
        return protocolMarkdown("Exchange frame fuzzer", result.seed(), result.cases() + " cases (" + result.decoded() + " decoded)", result.elapsed(), result.outcomes(),
                "input and outcome", result.failures().stream().map(failure -> new FailureTally.Failure(failure.kind(), failure.count(), failure.firstCase(), failure.detail())).toList());
    }

    private static String protocolSummary(String fuzzer, long seed, String work, Duration elapsed, Map<String, Integer> counts, String countsName, List<FailureTally.Failure> failures)
    {
        StringBuilder text = new StringBuilder();
        text.append(fuzzer).append(", seed ").append(seed).append(": ").append(work).append(" in ").append(elapsed.toSeconds()).append(" s\n");
        text.append(countsName).append(":\n");
        counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(count -> text.append(String.format("  %-40s %d%n", count.getKey(), count.getValue())));
        text.append("distinct failures: ").append(failures.size()).append('\n');
        for (FailureTally.Failure failure : failures) {
            text.append("  ").append(failure.kind()).append(" x").append(failure.count()).append(" (first: ").append(failure.first()).append(")\n");
        }
        return text.toString();
    }

    private static String protocolMarkdown(String fuzzer, long seed, String work, Duration elapsed, Map<String, Integer> counts, String countsName, List<FailureTally.Failure> failures)
    {
        StringBuilder text = new StringBuilder();
        text.append("# ").append(fuzzer).append(" report, seed ").append(seed).append("\n\n");
        text.append(work).append(" in ").append(elapsed.toSeconds()).append(" s.\n\n");
        text.append("| ").append(countsName).append(" | count |\n|---|---|\n");
        counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(count -> text.append("| ").append(count.getKey()).append(" | ").append(count.getValue()).append(" |\n"));
        text.append("\n## Distinct failures\n\n");
        if (failures.isEmpty()) {
            text.append("None.\n");
        }
        for (FailureTally.Failure failure : failures) {
            text.append("### ").append(failure.kind()).append(" (").append(failure.count()).append(")\n\nFirst: ").append(failure.first())
                    .append("\n\n```\n").append(failure.detail().strip()).append("\n```\n\n");
        }
        return text.toString();
    }
}
