package io.signo.sql.planner;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Lets {@code FROM 'sales.parquet'} and {@code JOIN 'people.csv'} through the parser, which takes
 * no string where a table goes: a string naming a Parquet or CSV file ({@code .parquet}, {@code
 * .csv}, {@code .tsv}, {@code .tbl}) right after FROM or JOIN becomes the quoted identifier
 * {@code "sales.parquet"}, which the database's schema resolves to the file when no table has that
 * name. The text keeps its length when the name has no quotes, so error positions stay right;
 * comments and other strings are left as they are.
 */
final class QuotedFileNames
{
    /** Only a string that names a file is rewritten: {@code TRIM(BOTH 'x' FROM 'xyx')} keeps its string. */
    private static final Pattern FILE_NAME = Pattern.compile("(?i)'.+\\.(parquet|csv|tsv|tbl)'");

    private QuotedFileNames() {}

    static String rewrite(String sql)
    {
        if (sql.indexOf('\'') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length());
        String previousWord = "";
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '-' && sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? sql.length() : end;
                out.append(sql, i, end);
                i = end;
            }
            else if (c == '/' && sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                end = end < 0 ? sql.length() : end + 2;
                out.append(sql, i, end);
                i = end;
            }
            else if (c == '\'' || c == '"') {
                int end = endOfQuoted(sql, i);
                String token = sql.substring(i, end);
                if (c == '\'' && token.length() >= 2 && token.endsWith("'") && (previousWord.equals("from") || previousWord.equals("join"))
                        && FILE_NAME.matcher(token).matches()) {
                    String name = token.substring(1, token.length() - 1).replace("''", "'");
                    token = "\"" + name.replace("\"", "\"\"") + "\"";
                }
                out.append(token);
                previousWord = "";
                i = end;
            }
            else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                previousWord = sql.substring(i, end).toLowerCase(Locale.ROOT);
                out.append(sql, i, end);
                i = end;
            }
            else {
                if (!Character.isWhitespace(c)) {
                    previousWord = "";
                }
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index after the quoted text starting at {@code start}, a doubled quote inside it included. */
    private static int endOfQuoted(String sql, int start)
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
}
