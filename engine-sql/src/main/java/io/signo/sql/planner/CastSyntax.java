package io.signo.sql.planner;

import io.signo.sql.planner.SqlTokens.Kind;
import io.signo.sql.planner.SqlTokens.Token;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Makes PostgreSQL's {@code value::type} bind as PostgreSQL binds it: tighter than any operator,
 * unary minus included, so that {@code 2 * 3::int} casts only the 3, {@code -x::int} negates the
 * cast, and {@code a::int = 1 AND b::text = 'x'} casts the two columns. Calcite's grammar binds
 * {@code ::} to the whole expression before it instead ({@code (2 * 3)::int}); before parsing, each
 * cast is therefore put in parentheses with its operand, the primary just before it: a name,
 * possibly qualified, a literal (with its type keyword: {@code DATE '2024-01-01'}), a parameter, a
 * function call, a {@code CASE ... END}, an expression in parentheses, each with the casts already
 * put around it ({@code a::int::text}). A cast whose operand is none of these is left to Calcite.
 * The parentheses move the text after a cast by two characters.
 */
final class CastSyntax
{
    /** Words before a parenthesis that make it an expression in parentheses, not a function's arguments. */
    private static final Set<String> KEYWORDS = Set.of(
            "select", "where", "and", "or", "not", "when", "then", "else", "on", "by", "in", "as", "between", "case", "having", "from",
            "any", "all", "some", "distinct", "return", "like", "is", "end", "using", "values", "over", "filter", "within");
    /** Type keywords that read the string literal after them as a value of the type. */
    private static final Set<String> TYPE_KEYWORDS = Set.of("timestamp", "timestamptz", "date", "time", "interval");

    private CastSyntax() {}

    static String rewrite(String sql)
    {
        if (!sql.contains("::")) {
            return sql;
        }
        String text = sql;
        int from = 0;
        // one cast at a time, left to right: a chained cast takes the parentheses made of the one before it
        for (int guard = 0; guard < 10_000; guard++) {
            List<Token> tokens = SqlTokens.tokens(text);
            int rewritten = -1;
            for (int i = 1; i + 1 < tokens.size(); i++) {
                Token cast = tokens.get(i);
                if (cast.kind() != Kind.CAST || cast.start() < from) {
                    continue;
                }
                int operandStart = operandStart(tokens, i - 1);
                int typeEnd = typeEnd(tokens, i + 1);
                if (operandStart < 0 || typeEnd < 0) {
                    // left to Calcite: go on after it
                    from = cast.end();
                    continue;
                }
                int start = tokens.get(operandStart).start();
                int end = tokens.get(typeEnd).end();
                text = text.substring(0, start) + "(" + text.substring(start, end) + ")" + text.substring(end);
                from = end + 2;
                rewritten = i;
                break;
            }
            if (rewritten < 0) {
                return text;
            }
        }
        return text;
    }

    /** The first token of the primary that ends with token {@code last}; -1 when it is none this knows. */
    private static int operandStart(List<Token> tokens, int last)
    {
        Token token = tokens.get(last);
        switch (token.kind()) {
            case CLOSE -> {
                int open = SqlTokens.matchingOpen(tokens, last);
                if (open < 0) {
                    return -1;
                }
                if (open > 0 && (tokens.get(open - 1).kind() == Kind.WORD || tokens.get(open - 1).kind() == Kind.QUOTED_NAME)
                        && !KEYWORDS.contains(tokens.get(open - 1).text().toLowerCase(Locale.ROOT))) {
                    return SqlTokens.qualifierStart(tokens, open - 1);
                }
                return open;
            }
            case STRING -> {
                int start = last;
                // DATE '2024-01-01', or a prefix written against the quote: E'a\tb', X'00'
                if (start > 0 && tokens.get(start - 1).kind() == Kind.WORD
                        && (TYPE_KEYWORDS.contains(tokens.get(start - 1).text().toLowerCase(Locale.ROOT)) || tokens.get(start - 1).end() == tokens.get(start).start())) {
                    start--;
                }
                return start;
            }
            case WORD -> {
                if (token.isWord("end")) {
                    return caseStart(tokens, last);
                }
                if (KEYWORDS.contains(token.text().toLowerCase(Locale.ROOT))) {
                    return -1;
                }
                int start = SqlTokens.qualifierStart(tokens, last);
                // a PostgreSQL parameter: $1
                if (start > 0 && tokens.get(start - 1).text().equals("$") && tokens.get(start - 1).end() == tokens.get(start).start()) {
                    return start - 1;
                }
                return start;
            }
            case QUOTED_NAME -> {
                return SqlTokens.qualifierStart(tokens, last);
            }
            case OTHER -> {
                // a JDBC parameter
                return token.text().equals("?") ? last : -1;
            }
            default -> {
                return -1;
            }
        }
    }

    /** The CASE of the CASE ... END that ends with token {@code end}, or -1. */
    private static int caseStart(List<Token> tokens, int end)
    {
        int depth = 0;
        for (int i = end; i >= 0; i--) {
            if (tokens.get(i).isWord("end")) {
                depth++;
            }
            else if (tokens.get(i).isWord("case") && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The last token of the type that starts at token {@code first}: a name, possibly qualified
     * ({@code pg_catalog.int4}), of one or more words ({@code DOUBLE PRECISION},
     * {@code TIMESTAMP(3) WITH TIME ZONE}), with its arguments ({@code DECIMAL(10, 2)}); -1 when none.
     */
    private static int typeEnd(List<Token> tokens, int first)
    {
        Token token = tokens.get(first);
        if (token.kind() != Kind.WORD && token.kind() != Kind.QUOTED_NAME) {
            return -1;
        }
        int i = first;
        while (i + 2 < tokens.size() && tokens.get(i + 1).kind() == Kind.DOT && (tokens.get(i + 2).kind() == Kind.WORD || tokens.get(i + 2).kind() == Kind.QUOTED_NAME)) {
            i += 2;
        }
        String name = tokens.get(i).text().toLowerCase(Locale.ROOT);
        if (name.equals("double") && isWord(tokens, i + 1, "precision")) {
            i++;
        }
        else if ((name.equals("character") || name.equals("char") || name.equals("bit")) && isWord(tokens, i + 1, "varying")) {
            i++;
        }
        if (i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.OPEN) {
            i = SqlTokens.matchingClose(tokens, i + 1);
            if (i < 0) {
                return -1;
            }
        }
        if ((name.equals("timestamp") || name.equals("time")) && (isWord(tokens, i + 1, "with") || isWord(tokens, i + 1, "without"))
                && isWord(tokens, i + 2, "time") && isWord(tokens, i + 3, "zone")) {
            i += 3;
        }
        return i;
    }

    private static boolean isWord(List<Token> tokens, int index, String word)
    {
        return index < tokens.size() && tokens.get(index).isWord(word);
    }
}
