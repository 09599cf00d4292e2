package io.signo.sql.planner;

/**
 * Positions in a statement's text, for the rewrites that run before Calcite's parser
 * ({@link TypedLiterals}, {@link QuotedFileNames}, {@link DatePartArguments}): where a comment, a
 * quoted string or identifier, a word or a run of spaces ends, so that a rewrite never looks inside a
 * comment or a string.
 */
final class SqlText
{
    private SqlText() {}

    /** The index after the comment ({@code -- ...} to the line's end, or a block comment) starting at {@code start}, or -1 when none starts there. */
    static int endOfComment(String sql, int start)
    {
        if (sql.startsWith("--", start)) {
            int end = sql.indexOf('\n', start);
            return end < 0 ? sql.length() : end;
        }
        if (sql.startsWith("/*", start)) {
            int end = sql.indexOf("*/", start + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return -1;
    }

    /** The index after the quoted text starting at {@code start}, a doubled quote inside it included. */
    static int endOfQuoted(String sql, int start)
    {
        char quote = sql.charAt(start);
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** The index after the word (letters, digits, underscores) starting at {@code start}. */
    static int endOfWord(String sql, int start)
    {
        int end = start;
        while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
        }
        return end;
    }

    /** The first index from {@code from} on that is not white space. */
    static int skipSpaces(String sql, int from)
    {
        int i = from;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }
}
