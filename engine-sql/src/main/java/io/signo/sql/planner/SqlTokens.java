package io.signo.sql.planner;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement's text as tokens, for the rewrites that run before Calcite's parser
 * ({@link AtTimeZoneSyntax}, {@link CastSyntax}) and the parentheses check ({@link NestingDepth}): words,
 * quoted names, strings, parentheses, dots
 * and {@code ::}, each with its position in the text; comments and spaces left out.
 */
final class SqlTokens
{
    private SqlTokens() {}

    enum Kind
    {
        WORD, QUOTED_NAME, STRING, OPEN, CLOSE, DOT, CAST, OTHER
    }

    record Token(Kind kind, int start, int end, String text)
    {
        boolean isWord(String word)
        {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }
    }

    /** The first token of the name that ends with token {@code last}: {@code schema.table.column}. */
    static int qualifierStart(List<Token> tokens, int last)
    {
        int i = last;
        while (i >= 2 && tokens.get(i - 1).kind() == Kind.DOT && (tokens.get(i - 2).kind() == Kind.WORD || tokens.get(i - 2).kind() == Kind.QUOTED_NAME)) {
            i -= 2;
        }
        return i;
    }

    static int matchingOpen(List<Token> tokens, int close)
    {
        int depth = 0;
        for (int i = close; i >= 0; i--) {
            Kind kind = tokens.get(i).kind();
            if (kind == Kind.CLOSE) {
                depth++;
            }
            else if (kind == Kind.OPEN && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    static int matchingClose(List<Token> tokens, int open)
    {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            Kind kind = tokens.get(i).kind();
            if (kind == Kind.OPEN) {
                depth++;
            }
            else if (kind == Kind.CLOSE && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The statement's tokens, comments and spaces left out. */
    static List<Token> tokens(String sql)
    {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < sql.length()) {
            int comment = SqlText.endOfComment(sql, i);
            if (comment >= 0) {
                i = comment;
                continue;
            }
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i = SqlText.skipSpaces(sql, i);
                continue;
            }
            int start = i;
            Kind kind;
            if (c == '\'' || c == '"') {
                i = SqlText.endOfQuoted(sql, i);
                kind = c == '\'' ? Kind.STRING : Kind.QUOTED_NAME;
            }
            else if (Character.isLetterOrDigit(c) || c == '_') {
                i = SqlText.endOfWord(sql, i);
                kind = Kind.WORD;
            }
            else if (c == ':' && sql.startsWith("::", i)) {
                i += 2;
                kind = Kind.CAST;
            }
            else {
                i++;
                kind = switch (c) {
                    case '(' -> Kind.OPEN;
                    case ')' -> Kind.CLOSE;
                    case '.' -> Kind.DOT;
                    default -> Kind.OTHER;
                };
            }
            tokens.add(new Token(kind, start, i, sql.substring(start, i)));
        }
        return tokens;
    }
}
