package io.signo.server.cli;

import java.util.Locale;

/** The text of one SQL statement as the command line receives it. */
public final class StatementText
{
    private StatementText() {}

    /** Trims whitespace and the trailing semicolons people type out of habit. */
    public static String normalize(String sql)
    {
        int end = sql.length();
        while (end > 0 && (Character.isWhitespace(sql.charAt(end - 1)) || sql.charAt(end - 1) == ';')) {
            end--;
        }
        int start = 0;
        while (start < end && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        return sql.substring(start, end);
    }

    /** Whether the first word of the statement, after comments, is EXPLAIN. */
    public static boolean isExplain(String sql)
    {
        int position = skipWhitespaceAndComments(sql, 0);
        int end = position;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql.substring(position, end).toLowerCase(Locale.ROOT).equals("explain");
    }

    private static int skipWhitespaceAndComments(String sql, int position)
    {
        int length = sql.length();
        while (position < length) {
            char character = sql.charAt(position);
            if (Character.isWhitespace(character)) {
                position++;
            }
            else if (sql.startsWith("--", position)) {
                int newline = sql.indexOf('\n', position);
                position = newline < 0 ? length : newline + 1;
            }
            else if (sql.startsWith("/*", position)) {
                int close = sql.indexOf("*/", position + 2);
                position = close < 0 ? length : close + 2;
            }
            else {
                return position;
            }
        }
        return position;
    }
}
