package io.signo.server.pg;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The {@code $1}, {@code $2}, ... parameters of a statement's text. Signo's planner has no dynamic
 * parameters, so a bound statement is its text with each parameter replaced by its value written as
 * a literal ({@link PgParameterValues}); to learn the types of parameters a client left
 * unspecified, the text is validated with each parameter as Calcite's {@code ?}. A {@code $n}
 * inside a string, a quoted name or a comment, or right after a letter, digit or {@code _} (part of
 * a name), is not a parameter.
 */
final class PgParameters
{
    /** One parameter in the text: characters [start, end) and its number (from 1). */
    record Placeholder(int start, int end, int number) {}

    private final String sql;
    private final List<Placeholder> placeholders;
    private final int count;

    private PgParameters(String sql, List<Placeholder> placeholders)
    {
        this.sql = sql;
        this.placeholders = placeholders;
        int highest = 0;
        for (Placeholder placeholder : placeholders) {
            highest = Math.max(highest, placeholder.number());
        }
        this.count = highest;
    }

    static PgParameters of(String sql)
    {
        List<Placeholder> found = new ArrayList<>();
        int length = sql.length();
        int index = 0;
        while (index < length) {
            char character = sql.charAt(index);
            if (character == '\'' || character == '"') {
                index = endOfQuoted(sql, index);
            }
            else if (character == '-' && index + 1 < length && sql.charAt(index + 1) == '-') {
                int end = sql.indexOf('\n', index);
                index = end < 0 ? length : end + 1;
            }
            else if (character == '/' && index + 1 < length && sql.charAt(index + 1) == '*') {
                int end = sql.indexOf("*/", index + 2);
                index = end < 0 ? length : end + 2;
            }
            else if (character == '$' && index + 1 < length && isDigit(sql.charAt(index + 1)) && (index == 0 || !isNamePart(sql.charAt(index - 1)))) {
                int end = index + 1;
                while (end < length && isDigit(sql.charAt(end))) {
                    end++;
                }
                if (end - index - 1 > 5) {
                    throw new PgException(SqlStates.PROTOCOL_VIOLATION, "parameter " + sql.substring(index, end) + " is out of range: a statement has at most 65535 parameters");
                }
                int number = Integer.parseInt(sql, index + 1, end, 10);
                if (number < 1 || number > 65535) {
                    throw new PgException(SqlStates.PROTOCOL_VIOLATION, "parameter $" + number + " is out of range: parameters are numbered from $1 to $65535");
                }
                found.add(new Placeholder(index, end, number));
                index = end;
            }
            else {
                index++;
            }
        }
        return new PgParameters(sql, List.copyOf(found));
    }

    String sql()
    {
        return sql;
    }

    /** The highest parameter number: how many values a Bind gives. */
    int count()
    {
        return count;
    }

    /** The parameters in the order they appear (a number may appear more than once). */
    List<Placeholder> placeholders()
    {
        return placeholders;
    }

    /** The text with each parameter replaced by {@code text.apply(number)}. */
    String replace(IntFunction<String> text)
    {
        if (placeholders.isEmpty()) {
            return sql;
        }
        StringBuilder replaced = new StringBuilder(sql.length() + 16 * placeholders.size());
        int from = 0;
        for (Placeholder placeholder : placeholders) {
            replaced.append(sql, from, placeholder.start());
            replaced.append(text.apply(placeholder.number()));
            from = placeholder.end();
        }
        replaced.append(sql, from, sql.length());
        return replaced.toString();
    }

    private static int endOfQuoted(String sql, int start)
    {
        char quote = sql.charAt(start);
        int index = start + 1;
        int length = sql.length();
        while (index < length) {
            if (sql.charAt(index) == quote) {
                if (index + 1 < length && sql.charAt(index + 1) == quote) {
                    index += 2;
                    continue;
                }
                return index + 1;
            }
            index++;
        }
        return length;
    }

    private static boolean isDigit(char character)
    {
        return character >= '0' && character <= '9';
    }

    private static boolean isNamePart(char character)
    {
        return Character.isLetterOrDigit(character) || character == '_' || character == '$';
    }
}
