package io.signo.sql.planner;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Lets {@code FROM 'sales.parquet'}, {@code JOIN 'people.csv'} and {@code FROM a, 'b.csv'}
 * through the parser, which takes no string where a table goes: a string naming a Parquet or CSV
 * file ({@code .parquet}, {@code .csv}, {@code .tsv}, {@code .tbl}) right after FROM or JOIN, or
 * after a comma of a FROM list (outside the parentheses of a function call or a sub-query in it),
 * becomes the quoted identifier
 * {@code "sales.parquet"}, which the database's schema resolves to the file when no table has that
 * name. The text keeps its length when the name has no quotes, so error positions stay right;
 * comments and other strings are left as they are.
 */
final class QuotedFileNames
{
    /** Only a string that names a file is rewritten: {@code TRIM(BOTH 'x' FROM 'xyx')} keeps its string. */
    private static final Pattern FILE_NAME = Pattern.compile("(?i)'.+\\.(parquet|csv|tsv|tbl)'");
    /** The words that end a FROM list at its level of parentheses. */
    private static final Set<String> AFTER_FROM = Set.of("where", "group", "having", "order", "limit", "offset", "fetch", "union", "intersect", "except", "window", "qualify", "select", "values", "set");
    /** What a file name may follow: FROM, JOIN, or a comma of a FROM list. */
    private static final Set<String> BEFORE_TABLE = Set.of("from", "join", ",");

    private QuotedFileNames() {}

    static String rewrite(String sql)
    {
        if (sql.indexOf('\'') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length());
        String previousWord = "";
        // whether the text at each level of parentheses is inside a FROM list
        Deque<Boolean> inFromList = new ArrayDeque<>();
        inFromList.push(false);
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int comment = SqlText.endOfComment(sql, i);
            if (comment >= 0) {
                out.append(sql, i, comment);
                i = comment;
            }
            else if (c == '\'' || c == '"') {
                int end = SqlText.endOfQuoted(sql, i);
                String token = sql.substring(i, end);
                if (c == '\'' && token.length() >= 2 && token.endsWith("'") && BEFORE_TABLE.contains(previousWord)
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
                if (previousWord.equals("from")) {
                    inFromList.pop();
                    inFromList.push(true);
                }
                else if (AFTER_FROM.contains(previousWord)) {
                    inFromList.pop();
                    inFromList.push(false);
                }
                out.append(sql, i, end);
                i = end;
            }
            else {
                if (c == '(') {
                    inFromList.push(false);
                }
                else if (c == ')' && inFromList.size() > 1) {
                    inFromList.pop();
                }
                if (c == ',' && inFromList.peek()) {
                    previousWord = ",";
                }
                else if (!Character.isWhitespace(c)) {
                    previousWord = "";
                }
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
