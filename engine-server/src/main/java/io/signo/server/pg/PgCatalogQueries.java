package io.signo.server.pg;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the PostgreSQL-only syntax of the catalog queries psql's {@code \d TABLE} sends into SQL
 * Signo parses, before a statement is prepared: {@code x OPERATOR(pg_catalog.~) y} becomes
 * {@code x ~ y}; {@code COLLATE pg_catalog.default} (and {@code COLLATE "default"}), the database's
 * own collation, goes; {@code oid::pg_catalog.regtype::pg_catalog.text} of a column becomes
 * {@code pg_catalog.format_type(oid, NULL)}, the type's name; and psql's list of a relation's
 * storage options with its TOAST table's, {@code pg_catalog.array_to_string(c.reloptions || array(select
 * 'toast.' || x from pg_catalog.unnest(tc.reloptions) x), ', ')}, becomes {@code c.reloptions}
 * (Signo's relations have none and no TOAST tables). Strings, quoted names and comments are left as
 * they are, except for that last fragment, which is matched as psql writes it.
 */
final class PgCatalogQueries
{
    private static final Pattern OPERATOR = Pattern.compile("(?i)OPERATOR\\s*\\(\\s*pg_catalog\\s*\\.\\s*([~!<>=*+\\-/%^|&#@]+)\\s*\\)");
    private static final Pattern DEFAULT_COLLATION = Pattern.compile("(?i)\\s+COLLATE\\s+(pg_catalog\\s*\\.\\s*)?(default|\"default\")(?![\\w$])");
    private static final Pattern REGTYPE_TEXT = Pattern.compile("(?i)([A-Za-z_][\\w$]*(?:\\.[A-Za-z_][\\w$]*)?)::\\s*(?:pg_catalog\\s*\\.\\s*)?regtype\\s*::\\s*(?:pg_catalog\\s*\\.\\s*)?text(?![\\w$])");
    private static final Pattern RELATION_OPTIONS = Pattern.compile(
            "(?i)pg_catalog\\.array_to_string\\(\\s*([A-Za-z_]\\w*)\\.reloptions\\s*\\|\\|\\s*array\\(\\s*select\\s+'toast\\.'\\s*\\|\\|\\s*x\\s+from\\s+pg_catalog\\.unnest\\(\\s*[A-Za-z_]\\w*\\.reloptions\\s*\\)\\s*x\\s*\\)\\s*,\\s*', '\\s*\\)");

    /**
     * Catalogs of objects Signo never has (row-level policies, extended statistics, publications,
     * table inheritance, triggers, rules): psql's {@code \d TABLE} reads them for the footers it
     * prints under a table, in PostgreSQL-only syntax (arrays, {@code ANY}, {@code regclass} and
     * {@code regnamespace} casts).
     */
    private static final Pattern EMPTY_CATALOG = Pattern.compile("(?i)\\bpg_catalog\\.(pg_policy|pg_statistic_ext|pg_publication|pg_publication_rel|pg_publication_namespace|pg_inherits|pg_trigger|pg_rewrite)\\b");
    private static final Pattern OUTER_JOIN = Pattern.compile("(?i)\\b(LEFT|RIGHT|FULL|OUTER)\\b");
    private static final Pattern UNION = Pattern.compile("(?i)\\bUNION\\b");
    /** What such a query is answered with: no rows. */
    static final String NO_ROWS = "SELECT CAST(NULL AS VARCHAR) AS \"none\" FROM (VALUES (1)) AS t(x) WHERE x = 0";

    private PgCatalogQueries() {}

    /**
     * {@code sql} with those constructs rewritten; the same string when it has none. A SELECT whose
     * every UNION branch inner-joins one of the catalogs Signo keeps no objects in (and that has no
     * outer join) has no rows whatever else it says, and is answered with {@link #NO_ROWS}.
     */
    static String rewrite(String sql)
    {
        if (readsOnlyThroughEmptyCatalogs(sql)) {
            return NO_ROWS;
        }
        if (!mayNeedRewriting(sql)) {
            return sql;
        }
        String text = RELATION_OPTIONS.matcher(sql).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + ".reloptions"));
        StringBuilder out = new StringBuilder(text.length());
        int length = text.length();
        int index = 0;
        int plainStart = 0;
        while (index < length) {
            char character = text.charAt(index);
            int skipTo = -1;
            if (character == '\'' || character == '"') {
                skipTo = endOfQuoted(text, index);
            }
            else if (character == '-' && index + 1 < length && text.charAt(index + 1) == '-') {
                int end = text.indexOf('\n', index);
                skipTo = end < 0 ? length : end + 1;
            }
            else if (character == '/' && index + 1 < length && text.charAt(index + 1) == '*') {
                int end = text.indexOf("*/", index + 2);
                skipTo = end < 0 ? length : end + 2;
            }
            if (skipTo < 0) {
                index++;
                continue;
            }
            // COLLATE "default" spans a quoted name: the plain text before it is rewritten with the name attached
            if (character == '"' && text.regionMatches(true, index, "\"default\"", 0, 9)) {
                index = skipTo;
                continue;
            }
            out.append(rewritePlain(text.substring(plainStart, index)));
            out.append(text, index, skipTo);
            index = skipTo;
            plainStart = index;
        }
        out.append(rewritePlain(text.substring(plainStart)));
        return out.toString();
    }

    private static boolean readsOnlyThroughEmptyCatalogs(String sql)
    {
        String statement = sql.strip();
        if (!statement.regionMatches(true, 0, "SELECT", 0, 6) || !EMPTY_CATALOG.matcher(statement).find() || OUTER_JOIN.matcher(statement).find()) {
            return false;
        }
        for (String branch : UNION.split(statement)) {
            if (!EMPTY_CATALOG.matcher(branch).find()) {
                return false;
            }
        }
        return true;
    }

    private static boolean mayNeedRewriting(String sql)
    {
        String lower = sql.toLowerCase(java.util.Locale.ROOT);
        return lower.contains("operator") || lower.contains("collate") || lower.contains("regtype") || lower.contains("reloptions");
    }

    private static String rewritePlain(String text)
    {
        String rewritten = OPERATOR.matcher(text).replaceAll(match -> Matcher.quoteReplacement(" " + match.group(1) + " "));
        rewritten = DEFAULT_COLLATION.matcher(rewritten).replaceAll("");
        return REGTYPE_TEXT.matcher(rewritten).replaceAll(match -> Matcher.quoteReplacement("pg_catalog.format_type(" + match.group(1) + ", NULL)"));
    }

    /** The index after the string or quoted name starting at {@code start}; a doubled quote stays inside. */
    private static int endOfQuoted(String sql, int start)
    {
        char quote = sql.charAt(start);
        int index = start + 1;
        while (index < sql.length()) {
            if (sql.charAt(index) == quote) {
                if (index + 1 < sql.length() && sql.charAt(index + 1) == quote) {
                    index += 2;
                    continue;
                }
                return index + 1;
            }
            index++;
        }
        return sql.length();
    }
}
