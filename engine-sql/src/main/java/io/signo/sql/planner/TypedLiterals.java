package io.signo.sql.planner;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lets the typed literals DuckDB and PostgreSQL read through Calcite's grammar, which takes only its
 * own canonical text: before parsing, {@code TIMESTAMP '2024-03-01 00:00'}, {@code DATE '2024-1-2'} and
 * {@code TIME '1:02'} (text the grammar refuses) become {@code CAST('...' AS TIMESTAMP)} and its
 * kin, which Signo reads as a cast reads text and folds to a literal while planning;
 * {@code TIMESTAMPTZ '...'} and {@code TIMESTAMP WITH TIME ZONE '...'} always become a cast (an
 * offset or a zone's name in the text is read, the session's zone otherwise); and an interval
 * without a qualifier, {@code INTERVAL '3 days'}, becomes {@code INTERVAL '3' DAY}, or a cast of its
 * text to an interval when it has several parts ({@code INTERVAL '1 day 2 hours'}). Literals in the
 * canonical text are left as they are; comments, strings and quoted names too.
 */
final class TypedLiterals
{
    private static final Pattern CANONICAL_TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d+)?");
    private static final Pattern CANONICAL_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern CANONICAL_TIME = Pattern.compile("\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?");
    /** One count and one unit: {@code '3 days'}, {@code '-1 hour'}, {@code '1.5 seconds'}. */
    private static final Pattern ONE_UNIT = Pattern.compile("\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*");
    private static final Pattern UNIT_WORD = Pattern.compile("[a-z]+");
    /** DuckDB's unit names and the qualifier each is in Calcite's grammar. */
    private static final Map<String, String> UNITS = Map.ofEntries(
            Map.entry("year", "YEAR"), Map.entry("years", "YEAR"), Map.entry("y", "YEAR"), Map.entry("yr", "YEAR"), Map.entry("yrs", "YEAR"),
            Map.entry("month", "MONTH"), Map.entry("months", "MONTH"), Map.entry("mon", "MONTH"), Map.entry("mons", "MONTH"),
            Map.entry("day", "DAY"), Map.entry("days", "DAY"), Map.entry("d", "DAY"),
            Map.entry("hour", "HOUR"), Map.entry("hours", "HOUR"), Map.entry("h", "HOUR"), Map.entry("hr", "HOUR"), Map.entry("hrs", "HOUR"),
            Map.entry("minute", "MINUTE"), Map.entry("minutes", "MINUTE"), Map.entry("min", "MINUTE"), Map.entry("mins", "MINUTE"), Map.entry("m", "MINUTE"),
            Map.entry("second", "SECOND"), Map.entry("seconds", "SECOND"), Map.entry("sec", "SECOND"), Map.entry("secs", "SECOND"), Map.entry("s", "SECOND"));
    /** The words that may follow an interval's string in Calcite's grammar: its qualifier. */
    private static final Set<String> QUALIFIERS = Set.of("year", "month", "day", "hour", "minute", "second", "quarter", "week",
            "years", "months", "days", "hours", "minutes", "seconds");

    private TypedLiterals() {}

    static String rewrite(String sql)
    {
        if (sql.indexOf('\'') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 16);
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
                out.append(sql, i, end);
                i = end;
            }
            else if (Character.isLetter(c) || c == '_') {
                int end = SqlText.endOfWord(sql, i);
                boolean qualified = i > 0 && sql.charAt(i - 1) == '.';
                int next = qualified ? -1 : literal(sql, i, end, out);
                if (next < 0) {
                    out.append(sql, i, end);
                    i = end;
                }
                else {
                    i = next;
                }
            }
            else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /**
     * Writes the typed literal whose type name is the word [start, end) and returns the index after
     * it, or returns -1 (writing nothing) when the word starts no literal that needs rewriting.
     */
    private static int literal(String sql, int start, int end, StringBuilder out)
    {
        String word = sql.substring(start, end).toLowerCase(Locale.ROOT);
        String type;
        int afterType = end;
        switch (word) {
            case "timestamptz" -> type = "TIMESTAMP WITH TIME ZONE";
            case "timestamp" -> {
                int withZone = afterWords(sql, end, "with", "time", "zone");
                int withoutZone = afterWords(sql, end, "without", "time", "zone");
                type = withZone > 0 ? "TIMESTAMP WITH TIME ZONE" : "TIMESTAMP";
                afterType = withZone > 0 ? withZone : withoutZone > 0 ? withoutZone : end;
            }
            case "date" -> type = "DATE";
            case "time" -> type = "TIME";
            case "interval" -> type = "INTERVAL";
            default -> {
                return -1;
            }
        }
        int quote = SqlText.skipSpaces(sql, afterType);
        if (quote >= sql.length() || sql.charAt(quote) != '\'') {
            return -1;
        }
        int afterString = SqlText.endOfQuoted(sql, quote);
        String token = sql.substring(quote, afterString);
        String text = token.length() >= 2 ? token.substring(1, token.length() - 1).replace("''", "'").strip() : "";
        if (type.equals("INTERVAL")) {
            return interval(sql, token, text, afterString, out);
        }
        boolean canonical = switch (type) {
            case "TIMESTAMP" -> CANONICAL_TIMESTAMP.matcher(text).matches();
            case "DATE" -> CANONICAL_DATE.matcher(text).matches();
            case "TIME" -> CANONICAL_TIME.matcher(text).matches();
            default -> false;
        };
        if (canonical) {
            return -1;
        }
        out.append("CAST(").append(token).append(" AS ").append(type).append(')');
        return afterString;
    }

    private static int interval(String sql, String token, String text, int afterString, StringBuilder out)
    {
        int next = SqlText.skipSpaces(sql, afterString);
        int wordEnd = next < sql.length() && Character.isLetter(sql.charAt(next)) ? SqlText.endOfWord(sql, next) : next;
        if (QUALIFIERS.contains(sql.substring(next, wordEnd).toLowerCase(Locale.ROOT))) {
            return -1;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        Matcher one = ONE_UNIT.matcher(lower);
        if (one.matches() && (UNITS.containsKey(one.group(2)) || one.group(2).equals("week") || one.group(2).equals("weeks"))) {
            String count = one.group(1);
            String unit = UNITS.get(one.group(2));
            if (unit == null) {
                // a week is seven days
                unit = "DAY";
                count = count.contains(".") ? null : Long.toString(Long.parseLong(count.replace("+", "")) * 7);
            }
            if (count != null && (!count.contains(".") || unit.equals("SECOND"))) {
                out.append("INTERVAL '").append(count).append("' ").append(unit);
                return afterString;
            }
        }
        boolean yearMonth = true;
        Matcher words = UNIT_WORD.matcher(lower);
        while (words.find()) {
            String unit = UNITS.get(words.group());
            yearMonth &= "YEAR".equals(unit) || "MONTH".equals(unit);
        }
        out.append("CAST(").append(token).append(" AS ").append(yearMonth ? "INTERVAL YEAR TO MONTH" : "INTERVAL DAY TO SECOND").append(')');
        return afterString;
    }

    /** The index after the words {@code expected}, each after spaces, from {@code from}; -1 when they do not follow. */
    private static int afterWords(String sql, int from, String... expected)
    {
        int i = from;
        for (String word : expected) {
            int start = SqlText.skipSpaces(sql, i);
            if (start == i || start >= sql.length() || !Character.isLetter(sql.charAt(start))) {
                return -1;
            }
            int end = SqlText.endOfWord(sql, start);
            if (!sql.substring(start, end).equalsIgnoreCase(word)) {
                return -1;
            }
            i = end;
        }
        return i;
    }
}
