package io.signo.server.pg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statements a PostgreSQL session answers itself instead of the engine: transaction control
 * (Signo has no multi-statement transactions, so BEGIN, COMMIT and ROLLBACK only move the
 * transaction status clients track), SET, RESET and SHOW of settings, cursors (DECLARE, FETCH,
 * MOVE, CLOSE) and the housekeeping drivers send (DEALLOCATE, DISCARD). Anything else is for the
 * engine ({@link #parse} returns null).
 */
sealed interface PgCommand
{
    enum TransactionAction
    {
        BEGIN("BEGIN"), COMMIT("COMMIT"), ROLLBACK("ROLLBACK"), SAVEPOINT("SAVEPOINT"), RELEASE("RELEASE"), ROLLBACK_TO_SAVEPOINT("ROLLBACK");

        final String tag;

        TransactionAction(String tag)
        {
            this.tag = tag;
        }
    }

    record Transaction(TransactionAction action)
            implements PgCommand {}

    /** SET name = value; a null value is DEFAULT. SET TRANSACTION and SET SESSION CHARACTERISTICS have a null name. */
    record Set(String name, String value)
            implements PgCommand {}

    /** RESET name, or RESET ALL (a null name). */
    record Reset(String name)
            implements PgCommand {}

    /** SHOW name, or SHOW ALL (a null name). */
    record Show(String name)
            implements PgCommand {}

    record Declare(String cursor, boolean binary, boolean hold, String query)
            implements PgCommand {}

    /** FETCH or MOVE (which skips the rows) of {@code count} rows (-1 for ALL). */
    record Fetch(String cursor, long count, boolean move)
            implements PgCommand {}

    /** CLOSE cursor, or CLOSE ALL (a null cursor). */
    record CloseCursor(String cursor)
            implements PgCommand {}

    /** DEALLOCATE [PREPARE] name, or DEALLOCATE ALL (a null name). */
    record Deallocate(String name)
            implements PgCommand {}

    /** DISCARD ALL and its kin: settings reset, statements and cursors dropped. */
    record Discard(String what)
            implements PgCommand {}

    String IDENTIFIER = "(\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_$]*)";
    Pattern BEGIN = Pattern.compile("(?is)(?:begin|start\\s+transaction)(?:\\s+(?:work|transaction))?(\\s+.*)?");
    Pattern COMMIT = Pattern.compile("(?is)(?:commit|end)(?:\\s+(?:work|transaction))?(?:\\s+and\\s+(?:no\\s+)?chain)?");
    Pattern ROLLBACK = Pattern.compile("(?is)(?:rollback|abort)(?:\\s+(?:work|transaction))?(?:\\s+and\\s+(?:no\\s+)?chain)?");
    Pattern ROLLBACK_TO = Pattern.compile("(?is)rollback(?:\\s+(?:work|transaction))?\\s+to\\s+(?:savepoint\\s+)?" + IDENTIFIER);
    Pattern SAVEPOINT = Pattern.compile("(?is)savepoint\\s+" + IDENTIFIER);
    Pattern RELEASE = Pattern.compile("(?is)release\\s+(?:savepoint\\s+)?" + IDENTIFIER);
    Pattern SET_TIME_ZONE = Pattern.compile("(?is)set\\s+(?:session\\s+|local\\s+)?time\\s+zone\\s+(.+)");
    Pattern SET_NAMES = Pattern.compile("(?is)set\\s+(?:session\\s+|local\\s+)?names\\s+(.+)");
    Pattern SET_TRANSACTION = Pattern.compile("(?is)set\\s+(?:session\\s+characteristics\\s+as\\s+)?transaction\\s+.*");
    Pattern SET = Pattern.compile("(?is)set\\s+(?:session\\s+|local\\s+)?([A-Za-z_][A-Za-z0-9_.]*)\\s*(?:=|\\s+to\\s+)\\s*(.+)");
    Pattern RESET = Pattern.compile("(?is)reset\\s+([A-Za-z_][A-Za-z0-9_.]*)");
    Pattern SHOW = Pattern.compile("(?is)show\\s+([A-Za-z_][A-Za-z0-9_.]*)");
    Pattern SHOW_TIME_ZONE = Pattern.compile("(?is)show\\s+time\\s+zone");
    Pattern DECLARE = Pattern.compile("(?is)declare\\s+" + IDENTIFIER
            + "((?:\\s+(?:binary|asensitive|insensitive|no\\s+scroll|scroll))*)\\s+cursor(?:\\s+(with|without)\\s+hold)?\\s+for\\s+(.+)");
    Pattern FETCH = Pattern.compile("(?is)(fetch|move)(?:\\s+(next|all|forward\\s+all|forward\\s+\\d+|forward|\\d+))?(?:\\s+(?:from|in))?\\s+" + IDENTIFIER);
    Pattern FETCH_OTHER = Pattern.compile("(?is)(?:fetch|move)\\s+(?:prior|first|last|absolute|relative|backward)\\b.*");
    Pattern CLOSE = Pattern.compile("(?is)close\\s+" + IDENTIFIER);
    Pattern DEALLOCATE = Pattern.compile("(?is)deallocate\\s+(?:prepare\\s+)?" + IDENTIFIER);
    Pattern DISCARD = Pattern.compile("(?is)discard\\s+(all|plans|sequences|temporary|temp)");

    /**
     * The command of one statement's text (without leading comments or a trailing semicolon), or
     * null when the engine runs it.
     */
    static PgCommand parse(String statement)
    {
        String sql = statement.strip();
        while (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).strip();
        }
        String first = firstWord(sql);
        switch (first) {
            case "begin", "start" -> {
                if (BEGIN.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.BEGIN);
                }
            }
            case "commit", "end" -> {
                if (COMMIT.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.COMMIT);
                }
            }
            case "rollback", "abort" -> {
                if (ROLLBACK.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.ROLLBACK);
                }
                if (ROLLBACK_TO.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.ROLLBACK_TO_SAVEPOINT);
                }
            }
            case "savepoint" -> {
                if (SAVEPOINT.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.SAVEPOINT);
                }
            }
            case "release" -> {
                if (RELEASE.matcher(sql).matches()) {
                    return new Transaction(TransactionAction.RELEASE);
                }
            }
            case "set" -> {
                return set(sql);
            }
            case "reset" -> {
                if (sql.equalsIgnoreCase("reset all") || sql.matches("(?is)reset\\s+all")) {
                    return new Reset(null);
                }
                Matcher reset = RESET.matcher(sql);
                if (reset.matches()) {
                    return new Reset(reset.group(1).toLowerCase(Locale.ROOT));
                }
            }
            case "show" -> {
                if (SHOW_TIME_ZONE.matcher(sql).matches()) {
                    return new Show("timezone");
                }
                Matcher show = SHOW.matcher(sql);
                if (show.matches()) {
                    String name = show.group(1).toLowerCase(Locale.ROOT);
                    // SHOW TABLES is the engine's
                    if (name.equals("tables")) {
                        return null;
                    }
                    return new Show(name.equals("all") ? null : name);
                }
            }
            case "declare" -> {
                Matcher declare = DECLARE.matcher(sql);
                if (declare.matches()) {
                    String options = declare.group(2).toLowerCase(Locale.ROOT);
                    return new Declare(identifier(declare.group(1)), options.contains("binary"), "with".equalsIgnoreCase(declare.group(3)), declare.group(4));
                }
            }
            case "fetch", "move" -> {
                Matcher fetch = FETCH.matcher(sql);
                if (fetch.matches()) {
                    return new Fetch(identifier(fetch.group(3)), count(fetch.group(2)), fetch.group(1).equalsIgnoreCase("move"));
                }
                if (FETCH_OTHER.matcher(sql).matches()) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo's cursors move forward only: FETCH [FORWARD] [n | ALL | NEXT] FROM cursor");
                }
            }
            case "close" -> {
                if (sql.matches("(?is)close\\s+all")) {
                    return new CloseCursor(null);
                }
                Matcher close = CLOSE.matcher(sql);
                if (close.matches()) {
                    return new CloseCursor(identifier(close.group(1)));
                }
            }
            case "deallocate" -> {
                if (sql.matches("(?is)deallocate\\s+(?:prepare\\s+)?all")) {
                    return new Deallocate(null);
                }
                Matcher deallocate = DEALLOCATE.matcher(sql);
                if (deallocate.matches()) {
                    return new Deallocate(identifier(deallocate.group(1)));
                }
            }
            case "discard" -> {
                Matcher discard = DISCARD.matcher(sql);
                if (discard.matches()) {
                    return new Discard(discard.group(1).toUpperCase(Locale.ROOT).replace("TEMPORARY", "TEMP"));
                }
            }
            default -> {
                return null;
            }
        }
        return null;
    }

    private static PgCommand set(String sql)
    {
        Matcher timeZone = SET_TIME_ZONE.matcher(sql);
        if (timeZone.matches()) {
            return new Set("timezone", value(timeZone.group(1)));
        }
        Matcher names = SET_NAMES.matcher(sql);
        if (names.matches()) {
            return new Set("client_encoding", value(names.group(1)));
        }
        if (SET_TRANSACTION.matcher(sql).matches()) {
            return new Set(null, null);
        }
        Matcher set = SET.matcher(sql);
        if (set.matches()) {
            return new Set(set.group(1).toLowerCase(Locale.ROOT), value(set.group(2)));
        }
        return null;
    }

    /** A SET value: DEFAULT (null), or a list of names, numbers and quoted strings, unquoted and joined with ", ". */
    private static String value(String text)
    {
        String trimmed = text.strip();
        if (trimmed.equalsIgnoreCase("default") || trimmed.equalsIgnoreCase("local")) {
            return null;
        }
        List<String> items = new ArrayList<>();
        StringBuilder item = new StringBuilder();
        int index = 0;
        while (index < trimmed.length()) {
            char character = trimmed.charAt(index);
            if (character == '\'' || character == '"') {
                int end = index + 1;
                while (end < trimmed.length()) {
                    if (trimmed.charAt(end) == character) {
                        if (end + 1 < trimmed.length() && trimmed.charAt(end + 1) == character) {
                            item.append(character);
                            end += 2;
                            continue;
                        }
                        break;
                    }
                    item.append(trimmed.charAt(end));
                    end++;
                }
                index = end + 1;
            }
            else if (character == ',') {
                items.add(item.toString().strip());
                item.setLength(0);
                index++;
            }
            else {
                item.append(character);
                index++;
            }
        }
        items.add(item.toString().strip());
        return String.join(", ", items);
    }

    private static long count(String direction)
    {
        if (direction == null) {
            return 1;
        }
        String words = direction.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        return switch (words) {
            case "next", "forward" -> 1;
            case "all", "forward all" -> -1;
            default -> Long.parseLong(words.startsWith("forward ") ? words.substring("forward ".length()) : words);
        };
    }

    /** A name as PostgreSQL folds it: a quoted one as written, else in lower case. */
    static String identifier(String text)
    {
        if (text.startsWith("\"")) {
            return text.substring(1, text.length() - 1).replace("\"\"", "\"");
        }
        return text.toLowerCase(Locale.ROOT);
    }

    private static String firstWord(String sql)
    {
        int end = 0;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql.substring(0, end).toLowerCase(Locale.ROOT);
    }
}
