package io.signo.server.pg;

import io.signo.sql.Session;
import io.signo.sql.catalog.PgCatalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static java.util.Objects.requireNonNull;

/**
 * The settings of one PostgreSQL session: PostgreSQL's own that clients set and show
 * (application_name, client_encoding, DateStyle, extra_float_digits, search_path,
 * statement_timeout, ...) and Signo's session properties, which live in the {@link Session}
 * (timezone, join_distribution, query_max_memory, runtime_filters, max_recursion_depth). SET of a
 * setting Signo cannot honour with another value (a client_encoding other than UTF8, a DateStyle
 * other than ISO) is refused; the ones that do not change what Signo does (search_path, lock
 * timeouts, ...) are kept and shown. Settings PostgreSQL reports (GUC_REPORT) are answered with
 * a ParameterStatus when they change.
 */
final class PgSettings
{
    /** What server_version says: PostgreSQL's version whose catalog Signo has, and Signo's name; clients parse the number. */
    static final String SERVER_VERSION = PgCatalog.POSTGRESQL_VERSION + " (Signo)";

    private static final Set<String> REPORTED = Set.of("application_name", "client_encoding", "datestyle", "intervalstyle", "integer_datetimes",
            "server_encoding", "server_version", "standard_conforming_strings", "timezone", "is_superuser", "session_authorization",
            "default_transaction_read_only", "in_hot_standby");
    /** The name each setting is shown and reported under. */
    private static final Map<String, String> DISPLAY_NAMES = Map.of("datestyle", "DateStyle", "intervalstyle", "IntervalStyle", "timezone", "TimeZone");
    private static final Set<String> READ_ONLY = Set.of("server_version", "server_version_num", "server_encoding", "integer_datetimes", "max_identifier_length",
            "is_superuser", "session_authorization", "in_hot_standby", "block_size", "lc_collate", "lc_ctype");
    private static final Set<String> SIGNO_PROPERTIES = Set.of(Session.JOIN_DISTRIBUTION, Session.QUERY_MAX_MEMORY, Session.RUNTIME_FILTERS,
            Session.MAX_RECURSION_DEPTH, Session.PLAN_CACHE);

    private final Session session;
    private final Map<String, String> defaults;
    private final Map<String, String> values = new TreeMap<>();

    PgSettings(Session session)
    {
        this.session = requireNonNull(session, "session is null");
        Map<String, String> initial = new LinkedHashMap<>();
        initial.put("application_name", "");
        initial.put("client_encoding", "UTF8");
        initial.put("datestyle", "ISO, MDY");
        initial.put("intervalstyle", "postgres");
        initial.put("integer_datetimes", "on");
        initial.put("server_encoding", "UTF8");
        initial.put("server_version", SERVER_VERSION);
        initial.put("server_version_num", PgCatalog.POSTGRESQL_VERSION.replaceAll("\\..*", "") + "0000");
        initial.put("standard_conforming_strings", "on");
        initial.put("is_superuser", "off");
        initial.put("session_authorization", session.user());
        initial.put("default_transaction_read_only", "off");
        initial.put("in_hot_standby", "off");
        initial.put("extra_float_digits", "1");
        initial.put("search_path", "\"$user\", public");
        initial.put("statement_timeout", "0");
        initial.put("lock_timeout", "0");
        initial.put("idle_in_transaction_session_timeout", "0");
        initial.put("transaction_isolation", "read committed");
        initial.put("default_transaction_isolation", "read committed");
        initial.put("transaction_read_only", "off");
        initial.put("client_min_messages", "notice");
        initial.put("bytea_output", "hex");
        initial.put("max_identifier_length", "63");
        initial.put("lc_messages", "C");
        initial.put("lc_monetary", "C");
        initial.put("lc_numeric", "C");
        initial.put("lc_time", "C");
        initial.put("lc_collate", "C");
        initial.put("lc_ctype", "C");
        initial.put("timezone_abbreviations", "Default");
        initial.put("synchronous_commit", "on");
        initial.put("jit", "off");
        initial.put("row_security", "on");
        initial.put("work_mem", "4MB");
        initial.put("block_size", "8192");
        this.defaults = Map.copyOf(initial);
        this.values.putAll(initial);
    }

    /** The settings a client is told at startup, with their values. */
    Map<String, String> reported()
    {
        Map<String, String> reported = new LinkedHashMap<>();
        for (String name : values.keySet()) {
            if (REPORTED.contains(name)) {
                reported.put(displayName(name), show(name));
            }
        }
        reported.put(displayName("timezone"), show("timezone"));
        return reported;
    }

    /**
     * Sets {@code name} ({@code null} value: its default) and returns the ParameterStatus to send
     * (empty when the setting is not reported).
     *
     * @throws PgException when the setting does not exist, cannot be changed, or Signo cannot honour the value
     */
    Map<String, String> set(String name, String value)
    {
        String key = name.toLowerCase(Locale.ROOT);
        if (key.equals("timezone") || key.equals("time_zone")) {
            session.set(Session.TIME_ZONE, value == null ? "default" : value);
            return Map.of(displayName("timezone"), show("timezone"));
        }
        if (SIGNO_PROPERTIES.contains(key)) {
            if (value == null) {
                throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo's session property " + key + " has no DEFAULT: set a value");
            }
            session.set(key, value);
            return Map.of();
        }
        if (READ_ONLY.contains(key)) {
            throw new PgException("55P02", "parameter \"" + name + "\" cannot be changed");
        }
        if (!defaults.containsKey(key) && key.indexOf('.') < 0) {
            throw new PgException(SqlStates.UNDEFINED_OBJECT, "unrecognized configuration parameter \"" + name + "\"");
        }
        String newValue = value == null ? defaults.getOrDefault(key, "") : checked(key, value);
        values.put(key, newValue);
        return REPORTED.contains(key) ? Map.of(displayName(key), newValue) : Map.of();
    }

    private static String checked(String key, String value)
    {
        switch (key) {
            case "client_encoding" -> {
                String encoding = value.toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
                if (!encoding.equals("UTF8") && !encoding.equals("UNICODE")) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo speaks UTF8 only: client_encoding cannot be " + value);
                }
                return "UTF8";
            }
            case "datestyle" -> {
                String style = value.toUpperCase(Locale.ROOT);
                if (!style.startsWith("ISO") && !style.equals("MDY") && !style.equals("DMY") && !style.equals("YMD")) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo writes dates in the ISO style only: DateStyle cannot be " + value);
                }
                return style.startsWith("ISO") ? (style.contains(",") ? "ISO, " + style.substring(style.indexOf(',') + 1).strip() : "ISO, MDY") : "ISO, " + style;
            }
            case "intervalstyle" -> {
                if (!value.equalsIgnoreCase("postgres")) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo writes intervals in the postgres style only: IntervalStyle cannot be " + value);
                }
                return "postgres";
            }
            case "standard_conforming_strings" -> {
                if (!value.equalsIgnoreCase("on") && !value.equalsIgnoreCase("true")) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo's strings are standard conforming: standard_conforming_strings stays on");
                }
                return "on";
            }
            case "extra_float_digits" -> {
                try {
                    int digits = Integer.parseInt(value);
                    if (digits >= -15 && digits <= 3) {
                        return Integer.toString(digits);
                    }
                }
                catch (NumberFormatException e) {
                    // reported below
                }
                throw new PgException(SqlStates.INVALID_PARAMETER_VALUE, "extra_float_digits must be a whole number from -15 to 3: " + value);
            }
            case "statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout" -> {
                parseMillis(key, value);
                return value;
            }
            default -> {
                return value;
            }
        }
    }

    /**
     * The statement timeout statement_timeout sets: 0 or a number of milliseconds, or a number with
     * a unit ({@code 5s}, {@code 1min}, {@code 100ms}).
     */
    Duration statementTimeout()
    {
        return Duration.ofMillis(parseMillis("statement_timeout", values.get("statement_timeout")));
    }

    private static long parseMillis(String name, String value)
    {
        String text = value.strip().toLowerCase(Locale.ROOT);
        int unitStart = 0;
        while (unitStart < text.length() && Character.isDigit(text.charAt(unitStart))) {
            unitStart++;
        }
        if (unitStart == 0) {
            throw new PgException(SqlStates.INVALID_PARAMETER_VALUE, name + " must be a number of milliseconds or a duration such as 5s or 1min: " + value);
        }
        long count = Long.parseLong(text.substring(0, unitStart));
        long multiplier = switch (text.substring(unitStart).strip()) {
            case "", "ms" -> 1;
            case "s" -> 1_000;
            case "min" -> 60_000;
            case "h" -> 3_600_000;
            case "d" -> 86_400_000;
            default -> throw new PgException(SqlStates.INVALID_PARAMETER_VALUE, name + " has an unknown unit (ms, s, min, h, d): " + value);
        };
        return Math.multiplyExact(count, multiplier);
    }

    /** RESET name, or RESET ALL (null); returns the ParameterStatus messages to send. */
    Map<String, String> reset(String name)
    {
        if (name != null) {
            return set(name, null);
        }
        Map<String, String> changed = new LinkedHashMap<>();
        for (String key : List.copyOf(values.keySet())) {
            if (!READ_ONLY.contains(key) && !defaults.get(key).equals(values.get(key))) {
                changed.putAll(set(key, null));
            }
        }
        return changed;
    }

    /** The value SHOW gives. */
    String show(String name)
    {
        String key = name.toLowerCase(Locale.ROOT);
        if (key.equals("timezone") || key.equals("time_zone")) {
            return session.timeZone().getId();
        }
        if (SIGNO_PROPERTIES.contains(key)) {
            return session.properties().get(key);
        }
        String value = values.get(key);
        if (value == null) {
            throw new PgException(SqlStates.UNDEFINED_OBJECT, "unrecognized configuration parameter \"" + name + "\"");
        }
        return value;
    }

    /** SHOW ALL: every setting's name and value. */
    List<String[]> all()
    {
        Map<String, String> shown = new TreeMap<>();
        for (String key : values.keySet()) {
            shown.put(displayName(key), show(key));
        }
        shown.put(displayName("timezone"), show("timezone"));
        session.properties().forEach((key, value) -> shown.put(key, value));
        List<String[]> rows = new ArrayList<>();
        shown.forEach((key, value) -> rows.add(new String[] {key, value}));
        return rows;
    }

    static String displayName(String key)
    {
        return DISPLAY_NAMES.getOrDefault(key, key);
    }
}
