package io.signo.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The output columns a statement's top-level ORDER BY sorts on, read from its text: each key an
 * output column's name (a table qualifier aside) or ordinal. Knowing them, a comparison can let rows
 * with equal keys come in any order, as SQL does.
 */
public final class OrderByKeys
{
    private static final Pattern DIRECTION = Pattern.compile("(?i)\\s+(asc|desc)?(\\s+nulls\\s+(first|last))?\\s*$");
    private static final Pattern LIMIT = Pattern.compile("(?i)^\\s*limit\\s+(\\d+)");

    private OrderByKeys() {}

    /** The key columns, or empty when there is no top-level ORDER BY or a key is an expression that is not an output column. */
    public static Optional<List<Integer>> of(String sql, List<String> columnNames)
    {
        List<Integer> keys = new ArrayList<>();
        for (String key : expressions(sql)) {
            int column = column(key, columnNames);
            if (column < 0) {
                return Optional.empty();
            }
            keys.add(column);
        }
        return keys.isEmpty() ? Optional.empty() : Optional.of(keys);
    }

    /**
     * The top-level ORDER BY's keys as written, without ASC/DESC or NULLS FIRST/LAST, an ordinal
     * replaced by the quoted name of its output column; empty without a top-level ORDER BY.
     */
    public static List<String> expressions(String sql, List<String> columnNames)
    {
        List<String> keys = new ArrayList<>();
        for (String key : expressions(sql)) {
            keys.add(key.matches("\\d+") && Integer.parseInt(key) - 1 < columnNames.size()
                    ? "\"" + columnNames.get(Integer.parseInt(key) - 1).replace("\"", "\"\"") + "\""
                    : key);
        }
        return keys;
    }

    private static List<String> expressions(String sql)
    {
        String text = blankNested(sql);
        String lower = text.toLowerCase(Locale.ROOT);
        int orderBy = lastWord(lower, "order by");
        if (orderBy < 0) {
            return List.of();
        }
        int end = lastWord(lower, "limit");
        String keysText = sql.substring(orderBy + "order by".length(), end > orderBy ? end : sql.length()).replace(";", "");
        List<String> keys = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= keysText.length(); i++) {
            char c = i < keysText.length() ? keysText.charAt(i) : ',';
            if (c == '(') {
                depth++;
            }
            else if (c == ')') {
                depth--;
            }
            else if (c == ',' && depth == 0) {
                keys.add(DIRECTION.matcher(" " + keysText.substring(start, i).strip()).replaceFirst("").strip());
                start = i + 1;
            }
        }
        return keys;
    }

    /** Whether the statement has a top-level ORDER BY. */
    public static boolean present(String sql)
    {
        return lastWord(blankNested(sql).toLowerCase(Locale.ROOT), "order by") >= 0;
    }

    /** The top-level LIMIT, if any. */
    public static OptionalLong limit(String sql)
    {
        String text = blankNested(sql);
        int limit = lastWord(text.toLowerCase(Locale.ROOT), "limit");
        if (limit < 0) {
            return OptionalLong.empty();
        }
        Matcher matcher = LIMIT.matcher(sql.substring(limit));
        return matcher.find() ? OptionalLong.of(Long.parseLong(matcher.group(1))) : OptionalLong.empty();
    }

    private static int column(String name, List<String> columnNames)
    {
        if (name.matches("\\d+")) {
            int ordinal = Integer.parseInt(name) - 1;
            return ordinal < columnNames.size() ? ordinal : -1;
        }
        String unqualified = name.substring(name.lastIndexOf('.') + 1);
        for (int i = 0; i < columnNames.size(); i++) {
            if (columnNames.get(i).equalsIgnoreCase(unqualified)) {
                return i;
            }
        }
        return -1;
    }

    /** The last occurrence of {@code word} as a whole word, or -1. */
    private static int lastWord(String text, String word)
    {
        Matcher matcher = Pattern.compile("\\b" + word.replace(" ", "\\s+") + "\\b").matcher(text);
        int last = -1;
        while (matcher.find()) {
            last = matcher.start();
        }
        return last;
    }

    /** The statement with everything inside parentheses, string literals and comments blanked out, positions kept. */
    private static String blankNested(String sql)
    {
        StringBuilder text = new StringBuilder(sql);
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-')) {
                int end = c == '\'' ? sql.indexOf('\'', i + 1) : sql.indexOf('\n', i);
                end = end < 0 ? text.length() - 1 : end;
                for (int j = i; j <= end; j++) {
                    text.setCharAt(j, ' ');
                }
                i = end;
                continue;
            }
            if (c == '(') {
                depth++;
            }
            if (depth > 0) {
                text.setCharAt(i, ' ');
            }
            if (c == ')') {
                depth--;
            }
        }
        return text.toString();
    }
}
