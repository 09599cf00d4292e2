package io.signo.sql.planner;

import io.signo.sql.planner.SqlTokens.Kind;
import io.signo.sql.planner.SqlTokens.Token;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lets PostgreSQL's and DuckDB's {@code value AT TIME ZONE zone} through Calcite's grammar, which
 * lacks it: before parsing, each becomes {@code TIMEZONE(zone, value)}, the function that computes
 * the same (a TIMESTAMP read as the zone's wall-clock time becomes an instant; an instant becomes the
 * zone's wall-clock time). As in PostgreSQL, {@code AT TIME ZONE} binds tighter than arithmetic and
 * comparisons: its value is the primary just before it (a column, possibly qualified, a literal with
 * its type keyword, a function call, a parenthesized expression, each with its {@code ::} casts) and
 * its zone the primary just after it. The text after the rewritten expression keeps its position, so
 * that error positions there stay right.
 */
final class AtTimeZoneSyntax
{
    /** Words before a parenthesis that make it an expression in parentheses, not a function's arguments. */
    private static final Set<String> KEYWORDS = Set.of(
            "select", "where", "and", "or", "not", "when", "then", "else", "on", "by", "in", "as", "between", "case", "having", "from",
            "exists", "any", "all", "some", "distinct", "return", "like", "is", "end");
    /** Type keywords that read the string literal after them as a value of the type. */
    private static final Set<String> TYPE_KEYWORDS = Set.of("timestamp", "timestamptz", "date", "time");

    private AtTimeZoneSyntax() {}

    static String rewrite(String sql)
    {
        String text = sql;
        // one at a time, left to right, so that a chained AT TIME ZONE takes the call made of the one before it
        for (int guard = 0; guard < 1_000; guard++) {
            String rewritten = rewriteFirst(text);
            if (rewritten == null) {
                return text;
            }
            text = rewritten;
        }
        return text;
    }

    /** The text with its first {@code AT TIME ZONE} rewritten, or null when it has none this can rewrite. */
    private static String rewriteFirst(String sql)
    {
        List<Token> tokens = SqlTokens.tokens(sql);
        for (int i = 1; i + 3 < tokens.size(); i++) {
            if (!(tokens.get(i).isWord("at") && tokens.get(i + 1).isWord("time") && tokens.get(i + 2).isWord("zone"))) {
                continue;
            }
            int valueStart = primaryStart(tokens, i - 1);
            int zoneEnd = primaryEnd(tokens, i + 3);
            if (valueStart < 0 || zoneEnd < 0) {
                continue;
            }
            int from = tokens.get(valueStart).start();
            int to = tokens.get(zoneEnd).end();
            String value = sql.substring(from, tokens.get(i - 1).end());
            String zone = sql.substring(tokens.get(i + 3).start(), to);
            String call = "TIMEZONE(" + zone + ", " + value + ")";
            // padded to the original length, so that what follows keeps its position
            String padding = " ".repeat(Math.max(0, (to - from) - call.length()));
            return sql.substring(0, from) + call + padding + sql.substring(to);
        }
        return null;
    }

    /** The first token of the primary that ends with token {@code last}, with its casts; -1 when it is none. */
    private static int primaryStart(List<Token> tokens, int last)
    {
        int i = last;
        // ::type casts bind tighter: x::timestamp AT TIME ZONE 'UTC'
        while (true) {
            int typeStart = castTypeStart(tokens, i);
            if (typeStart < 0) {
                break;
            }
            i = typeStart - 2;
            if (i < 0) {
                return -1;
            }
        }
        Token token = tokens.get(i);
        switch (token.kind()) {
            case CLOSE -> {
                int open = SqlTokens.matchingOpen(tokens, i);
                if (open < 0) {
                    return -1;
                }
                if (open > 0 && tokens.get(open - 1).kind() == Kind.WORD && !KEYWORDS.contains(tokens.get(open - 1).text().toLowerCase(Locale.ROOT))) {
                    return SqlTokens.qualifierStart(tokens, open - 1);
                }
                return open;
            }
            case STRING -> {
                int start = i;
                if (start > 0 && tokens.get(start - 1).kind() == Kind.WORD && TYPE_KEYWORDS.contains(tokens.get(start - 1).text().toLowerCase(Locale.ROOT))) {
                    start--;
                    // TIMESTAMP WITH TIME ZONE '...'
                    if (start >= 3 && tokens.get(start).isWord("zone") && tokens.get(start - 1).isWord("time") && tokens.get(start - 2).isWord("with")
                            && tokens.get(start - 3).isWord("timestamp")) {
                        start -= 3;
                    }
                }
                else if (start > 3 && tokens.get(start - 1).isWord("zone") && tokens.get(start - 2).isWord("time") && tokens.get(start - 3).isWord("with")
                        && tokens.get(start - 4).isWord("timestamp")) {
                    start -= 4;
                }
                return start;
            }
            case WORD, QUOTED_NAME -> {
                return SqlTokens.qualifierStart(tokens, i);
            }
            default -> {
                return -1;
            }
        }
    }

    /** When token {@code last} ends a {@code ::type} cast, the index of the type's first token; else -1. */
    private static int castTypeStart(List<Token> tokens, int last)
    {
        int i = last;
        if (tokens.get(i).kind() == Kind.CLOSE) {
            // DECIMAL(10, 2), TIMESTAMP(3)
            int open = SqlTokens.matchingOpen(tokens, i);
            if (open < 1) {
                return -1;
            }
            i = open - 1;
        }
        // TIMESTAMP WITH TIME ZONE, DOUBLE PRECISION: up to four words back to the ::, none a keyword (x::text ELSE y is no type)
        int start = i;
        while (start >= 0 && start > i - 4 && tokens.get(start).kind() == Kind.WORD && !KEYWORDS.contains(tokens.get(start).text().toLowerCase(Locale.ROOT))) {
            if (start >= 1 && tokens.get(start - 1).kind() == Kind.CAST) {
                return start;
            }
            start--;
        }
        return -1;
    }

    /** The last token of the primary that starts at token {@code first}: a string, a name, a call or parentheses; -1 when none. */
    private static int primaryEnd(List<Token> tokens, int first)
    {
        Token token = tokens.get(first);
        return switch (token.kind()) {
            case STRING -> first;
            case OPEN -> SqlTokens.matchingClose(tokens, first);
            case WORD, QUOTED_NAME -> {
                int i = first;
                while (i + 2 < tokens.size() && tokens.get(i + 1).kind() == Kind.DOT) {
                    i += 2;
                }
                yield i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.OPEN ? SqlTokens.matchingClose(tokens, i + 1) : i;
            }
            default -> -1;
        };
    }
}
