package io.signo.sql;

import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.TimeZoneOffsets;

import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * The state of one client connection: who it is and the session properties its {@code SET}
 * statements changed. A connection runs one statement at a time, but the admin API reads the
 * properties from other threads, hence the volatile fields.
 */
public final class Session
{
    /** {@code 512MB}, {@code 1.5GB}, {@code 100kB} or a plain number of bytes. */
    private static final Pattern DATA_SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?i?b?)?", Pattern.CASE_INSENSITIVE);

    public static final String JOIN_DISTRIBUTION = "join_distribution";
    public static final String QUERY_MAX_MEMORY = "query_max_memory";
    public static final String RUNTIME_FILTERS = "runtime_filters";
    public static final String MAX_RECURSION_DEPTH = "max_recursion_depth";
    public static final String PLAN_CACHE = "plan_cache";
    /** PostgreSQL's and DuckDB's name; {@code SET TIME ZONE 'zone'} sets it too. */
    public static final String TIME_ZONE = "timezone";

    private final String user;
    private volatile JoinDistributionMode joinDistribution = JoinDistributionMode.AUTOMATIC;
    /** Bytes one query of this session may hold, or 0 for the engine's limit. */
    private volatile long queryMaxMemoryBytes;
    private volatile boolean runtimeFilters = true;
    private volatile int maxRecursionDepth = PlannerOptions.DEFAULT_MAX_RECURSION_DEPTH;
    private volatile ZoneId timeZone = ZoneId.systemDefault();
    private volatile boolean planCache = true;

    public Session(String user)
    {
        this.user = requireNonNull(user, "user is null");
    }

    public String user()
    {
        return user;
    }

    public JoinDistributionMode joinDistribution()
    {
        return joinDistribution;
    }

    /** Whether hash joins may publish runtime filters to their probe side's scans ({@code SET runtime_filters = false} turns them off, to rule them out or measure what they bring). */
    public boolean runtimeFilters()
    {
        return runtimeFilters;
    }

    /**
     * Whether a statement this session sends again may run the plan made for it before ({@code SET
     * plan_cache = false} plans every statement, as the benchmarks that compare with DuckDB do, since
     * DuckDB plans every statement too).
     */
    public boolean planCache()
    {
        return planCache;
    }

    /**
     * How many runs of a recursive CTE's recursive term may produce rows; one more fails the query with
     * {@code RECURSION_LIMIT_EXCEEDED}, so a recursion that never ends stops ({@code SET max_recursion_depth = n}).
     */
    public int maxRecursionDepth()
    {
        return maxRecursionDepth;
    }

    /**
     * The zone TIMESTAMP WITH TIME ZONE values are shown and read in, and whose calendar their
     * arithmetic, EXTRACT and DATE_TRUNC follow ({@code SET TIME ZONE 'Europe/Berlin'}); the JVM's
     * default zone (the {@code TZ} environment variable's) until set.
     */
    public ZoneId timeZone()
    {
        return timeZone;
    }

    /** The session's memory limit per query in bytes, or 0 when it keeps the engine's. */
    public long queryMaxMemoryBytes()
    {
        return queryMaxMemoryBytes;
    }

    /**
     * Sets a session property from the text of a {@code SET} statement and returns the value as it
     * now reads; an unknown name or a malformed value fails with {@link ErrorCode#INVALID_ARGUMENT}.
     */
    public String set(String name, String value)
    {
        String property = name.toLowerCase(Locale.ROOT);
        switch (property) {
            case JOIN_DISTRIBUTION -> {
                joinDistribution = JoinDistributionMode.parse(value);
                return joinDistribution.name().toLowerCase(Locale.ROOT);
            }
            case QUERY_MAX_MEMORY -> {
                queryMaxMemoryBytes = parseDataSize(QUERY_MAX_MEMORY, value);
                return value.strip();
            }
            case RUNTIME_FILTERS -> {
                runtimeFilters = parseBoolean(RUNTIME_FILTERS, value);
                return Boolean.toString(runtimeFilters);
            }
            case TIME_ZONE, "time_zone" -> {
                timeZone = parseTimeZone(value);
                return timeZone.getId();
            }
            case PLAN_CACHE -> {
                planCache = parseBoolean(PLAN_CACHE, value);
                return Boolean.toString(planCache);
            }
            case MAX_RECURSION_DEPTH -> {
                maxRecursionDepth = parseCount(MAX_RECURSION_DEPTH, value);
                return Integer.toString(maxRecursionDepth);
            }
            default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT,
                    "unknown session property: " + name + " (known: " + JOIN_DISTRIBUTION + ", " + QUERY_MAX_MEMORY + ", " + RUNTIME_FILTERS + ", " + MAX_RECURSION_DEPTH + ", " + PLAN_CACHE + ", " + TIME_ZONE + ")");
        }
    }

    /** The properties and their current values, for display. */
    public Map<String, String> properties()
    {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(JOIN_DISTRIBUTION, joinDistribution.name().toLowerCase(Locale.ROOT));
        properties.put(QUERY_MAX_MEMORY, queryMaxMemoryBytes == 0 ? "default" : queryMaxMemoryBytes + "B");
        properties.put(RUNTIME_FILTERS, Boolean.toString(runtimeFilters));
        properties.put(MAX_RECURSION_DEPTH, Integer.toString(maxRecursionDepth));
        properties.put(PLAN_CACHE, Boolean.toString(planCache));
        properties.put(TIME_ZONE, timeZone.getId());
        return properties;
    }

    /** A zone's name ({@code 'Europe/Berlin'}, {@code 'UTC'}, {@code '+02:00'}), or LOCAL and DEFAULT for the JVM's zone. */
    private static ZoneId parseTimeZone(String text)
    {
        String name = text.strip();
        if (name.equalsIgnoreCase("local") || name.equalsIgnoreCase("default")) {
            return ZoneId.systemDefault();
        }
        ZoneId zone = TimeZoneOffsets.zone(name);
        if (zone == null) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, TIME_ZONE + " must be a time zone such as 'Europe/Berlin', 'UTC' or '+02:00': '" + name + "'");
        }
        return zone;
    }

    private static boolean parseBoolean(String property, String text)
    {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true", "on" -> true;
            case "false", "off" -> false;
            default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT, property + " must be true or false: '" + text.strip() + "'");
        };
    }

    private static int parseCount(String property, String text)
    {
        String digits = text.strip();
        try {
            int count = Integer.parseInt(digits);
            if (count >= 0) {
                return count;
            }
        }
        catch (NumberFormatException e) {
            // reported below
        }
        throw new SignoException(ErrorCode.INVALID_ARGUMENT, property + " must be a whole number from 0 to " + Integer.MAX_VALUE + ": '" + digits + "'");
    }

    /** Parses a data size such as {@code 64MB} (powers of 1024, as Trino reads them) into bytes. */
    public static long parseDataSize(String property, String text)
    {
        Matcher matcher = DATA_SIZE.matcher(text.strip());
        if (!matcher.matches()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, property + " must be a data size such as 512MB or 2GB: '" + text.strip() + "'");
        }
        String unit = matcher.group(2) == null ? "" : matcher.group(2).toLowerCase(Locale.ROOT);
        long multiplier = switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
            case ' ', 'b' -> 1;
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> throw new IllegalStateException(unit);
        };
        double bytes = Double.parseDouble(matcher.group(1)) * multiplier;
        if (bytes < 1 || bytes > Long.MAX_VALUE / 2) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, property + " must be at least 1 byte and at most 4EB: '" + text.strip() + "'");
        }
        return (long) bytes;
    }
}
