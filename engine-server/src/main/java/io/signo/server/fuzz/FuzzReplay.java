package io.signo.server.fuzz;

import io.signo.server.fuzz.SqlFuzzer.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The distinct failures of an earlier run, read back from its Markdown report and run again: what
 * each minimized statement gives now, so that the fixes of a run's findings are checked on the
 * statements themselves and a report can say which findings are still open.
 */
public final class FuzzReplay
{
    /** A finding's heading ({@code ### MISMATCH (3 statements; ...)}) and the minimized statement below it. */
    private static final Pattern FINDING = Pattern.compile("^### ([A-Z_]+) \\(.*?\\R\\R```sql\\R(.*?)\\R```", Pattern.MULTILINE | Pattern.DOTALL);

    /** One finding: what the report said, and what the statement gives now. */
    public record Replayed(Outcome before, String sql, SqlFuzzer.Result now) {}

    private FuzzReplay() {}

    /** The findings of a report, in its order; a report without any gives none. */
    public static List<Finding> findings(String markdown)
    {
        List<Finding> findings = new ArrayList<>();
        Matcher matcher = FINDING.matcher(markdown);
        while (matcher.find()) {
            Outcome outcome;
            try {
                outcome = Outcome.valueOf(matcher.group(1));
            }
            catch (IllegalArgumentException e) {
                continue;
            }
            findings.add(new Finding(outcome, matcher.group(2).strip()));
        }
        return findings;
    }

    /** A failure a report lists: its outcome then and its minimized statement. */
    public record Finding(Outcome outcome, String sql) {}

    public static List<Replayed> replay(SqlFuzzer fuzzer, List<Finding> findings)
    {
        List<Replayed> replayed = new ArrayList<>();
        for (Finding finding : findings) {
            replayed.add(new Replayed(finding.outcome(), finding.sql(), fuzzer.run(finding.sql())));
        }
        return replayed;
    }

    /** One line per finding ("MISMATCH -> MATCH: SELECT ..."), the statement cut to one line. */
    public static String summary(List<Replayed> replayed)
    {
        StringBuilder text = new StringBuilder();
        for (Replayed finding : replayed) {
            String sql = SqlFuzzer.oneLine(finding.sql());
            text.append(finding.before()).append(" -> ").append(finding.now().outcome()).append(": ")
                    .append(sql.length() > 160 ? sql.substring(0, 160) + "..." : sql).append('\n');
        }
        long open = replayed.stream().filter(finding -> finding.now().outcome().bug()).count();
        text.append(replayed.size()).append(" findings replayed; ").append(open).append(" still a wrong answer or an internal error\n");
        return text.toString();
    }

    /** A Markdown table of the findings, their outcome then and now, for a report that says which are open. */
    public static String markdown(List<Replayed> replayed)
    {
        StringBuilder text = new StringBuilder("| finding | then | now | now, in detail |\n|---|---|---|---|\n");
        int number = 1;
        for (Replayed finding : replayed) {
            String detail = SqlFuzzer.oneLine(finding.now().detail()).replace("|", "\\|");
            text.append("| ").append(number++).append(" | ").append(finding.before()).append(" | ").append(finding.now().outcome()).append(" | ")
                    .append(detail.length() > 200 ? detail.substring(0, 200) + "..." : detail).append(" |\n");
        }
        return text.toString();
    }

    public static boolean anyOpenBug(List<Replayed> replayed)
    {
        return replayed.stream().anyMatch(finding -> finding.now().outcome().bug());
    }
}
