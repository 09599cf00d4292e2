package io.signo.sql.ddl;

import io.signo.storage.db.TableLayout;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code WITH (name = value, ...)} clause of CREATE TABLE, which Calcite's DDL grammar lacks:
 * taken out of the statement text before parsing and turned into a {@link TableLayout}. It stands
 * after the column list, or before {@code AS} in CREATE TABLE ... AS (Trino's places):
 *
 * <pre>
 * CREATE TABLE orders (...) WITH (partitioned_by = 'o_orderkey', sorted_by = 'o_orderdate')
 * CREATE TABLE nation WITH (replicated = true) AS SELECT * FROM tpch.sf1.nation
 * </pre>
 *
 * <p>Values are strings, numbers, {@code true}/{@code false}, or {@code ARRAY['a', 'b']}; a
 * string naming columns may list several, separated by commas.
 */
public record TableOptions(String statement, Map<String, String> options)
{
    private static final List<String> NAMES = List.of("partitioned_by", "partitions", "replicated", "sorted_by");

    /** The statement without its WITH clause, and the clause's options (none when it has none). */
    public static TableOptions split(String sql)
    {
        int depth = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = endOfQuoted(sql, i);
            }
            else if (c == '(') {
                depth++;
            }
            else if (c == ')') {
                depth--;
            }
            else if (depth == 0 && isWordAt(sql, i, "as")) {
                // what follows AS is the query, whose WITH is a common table expression
                return new TableOptions(sql, Map.of());
            }
            else if (depth == 0 && isWordAt(sql, i, "with")) {
                int open = skipSpaces(sql, i + 4);
                if (open < sql.length() && sql.charAt(open) == '(') {
                    int close = closingParenthesis(sql, open);
                    Map<String, String> options = parseOptions(sql.substring(open + 1, close));
                    return new TableOptions(sql.substring(0, i) + " " + sql.substring(close + 1), options);
                }
            }
        }
        return new TableOptions(sql, Map.of());
    }

    /** The layout the options declare for a table of {@code columns}; each name they give must be a column. */
    public TableLayout layout(String table, List<Column> columns)
    {
        List<String> partitionedBy = columnNames(table, "partitioned_by", columns);
        List<String> sortedBy = columnNames(table, "sorted_by", columns);
        boolean replicated = false;
        String replicatedValue = options.get("replicated");
        if (replicatedValue != null) {
            replicated = switch (replicatedValue.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw invalid("table option replicated is true or false, not " + replicatedValue);
            };
        }
        if (replicated && !partitionedBy.isEmpty()) {
            throw invalid("table " + table + " cannot be both replicated and partitioned_by " + String.join(", ", partitionedBy));
        }
        int partitions = partitionedBy.isEmpty() ? 1 : TableLayout.DEFAULT_PARTITIONS;
        String count = options.get("partitions");
        if (count != null) {
            if (partitionedBy.isEmpty()) {
                throw invalid("table option partitions needs partitioned_by: the key columns that place each row in a partition");
            }
            try {
                partitions = Integer.parseInt(count);
            }
            catch (NumberFormatException e) {
                partitions = -1;
            }
            if (partitions < 1 || partitions > TableLayout.MAX_PARTITIONS) {
                throw invalid("table option partitions must be a whole number from 1 to " + TableLayout.MAX_PARTITIONS + ", not " + count);
            }
        }
        return new TableLayout(partitionedBy, partitions, replicated, sortedBy);
    }

    private List<String> columnNames(String table, String option, List<Column> columns)
    {
        String value = options.get(option);
        if (value == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String name : value.split(",")) {
            String trimmed = name.strip();
            Column column = columns.stream().filter(candidate -> candidate.name().equalsIgnoreCase(trimmed)).findFirst()
                    .orElseThrow(() -> invalid("table option " + option + " names column " + trimmed + ", which table " + table + " does not have"));
            if (names.stream().anyMatch(column.name()::equalsIgnoreCase)) {
                throw invalid("table option " + option + " names column " + trimmed + " twice");
            }
            names.add(column.name());
        }
        return names;
    }

    private static Map<String, String> parseOptions(String text)
    {
        Map<String, String> options = new LinkedHashMap<>();
        for (String entry : splitTopLevel(text)) {
            int equals = entry.indexOf('=');
            if (equals < 0) {
                throw invalid("table option " + entry.strip() + " has no value: write name = value");
            }
            String name = entry.substring(0, equals).strip().toLowerCase(Locale.ROOT);
            if (!NAMES.contains(name)) {
                throw invalid("unknown table option " + name + "; the options are " + String.join(", ", NAMES));
            }
            if (options.put(name, value(entry.substring(equals + 1).strip(), name)) != null) {
                throw invalid("table option " + name + " is given twice");
            }
        }
        return options;
    }

    /** A value as text: a string's contents, an array's strings joined by commas, or a bare word or number. */
    private static String value(String text, String name)
    {
        if (text.regionMatches(true, 0, "array", 0, 5)) {
            String elements = text.substring(5).strip();
            if (!elements.startsWith("[") || !elements.endsWith("]")) {
                throw invalid("table option " + name + ": an array is written ARRAY['a', 'b']");
            }
            List<String> values = new ArrayList<>();
            for (String element : splitTopLevel(elements.substring(1, elements.length() - 1))) {
                values.add(value(element.strip(), name));
            }
            return String.join(",", values);
        }
        if (text.startsWith("'")) {
            if (text.length() < 2 || !text.endsWith("'")) {
                throw invalid("table option " + name + " has an unterminated string: " + text);
            }
            return text.substring(1, text.length() - 1).replace("''", "'");
        }
        if (text.isEmpty() || !text.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
            throw invalid("table option " + name + " has a value that is not a string, number, true or false: " + text);
        }
        return text;
    }

    private static List<String> splitTopLevel(String text)
    {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                i = endOfQuoted(text, i);
            }
            else if (c == '(' || c == '[') {
                depth++;
            }
            else if (c == ')' || c == ']') {
                depth--;
            }
            else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (!text.substring(start).isBlank() || !parts.isEmpty()) {
            parts.add(text.substring(start));
        }
        return parts;
    }

    /** The index of the quote that ends the quoted text opening at {@code start}; a doubled quote is part of it. */
    private static int endOfQuoted(String text, int start)
    {
        char quote = text.charAt(start);
        for (int i = start + 1; i < text.length(); i++) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i++;
                }
                else {
                    return i;
                }
            }
        }
        throw invalid("unterminated " + (quote == '\'' ? "string" : "quoted name") + " in the statement");
    }

    private static int closingParenthesis(String text, int open)
    {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                i = endOfQuoted(text, i);
            }
            else if (c == '(') {
                depth++;
            }
            else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw invalid("the WITH clause of CREATE TABLE has no closing parenthesis");
    }

    private static boolean isWordAt(String text, int index, String word)
    {
        return text.regionMatches(true, index, word, 0, word.length())
                && (index == 0 || !isWordCharacter(text.charAt(index - 1)))
                && (index + word.length() == text.length() || !isWordCharacter(text.charAt(index + word.length())));
    }

    private static boolean isWordCharacter(char c)
    {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int skipSpaces(String text, int index)
    {
        while (index < text.length() && Character.isWhitespace(text.charAt(index))) {
            index++;
        }
        return index;
    }

    private static SignoException invalid(String message)
    {
        return new SignoException(ErrorCode.VALIDATION_ERROR, message);
    }
}
