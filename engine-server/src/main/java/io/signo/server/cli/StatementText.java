package io.signo.server.cli;

import io.signo.sql.ddl.StatementKind;

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
        return StatementKind.firstWord(sql).equals("explain");
    }
}
