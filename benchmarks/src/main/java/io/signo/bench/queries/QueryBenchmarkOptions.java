package io.signo.bench.queries;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The options of {@code signo bench tpch} and {@code signo bench tpcds}; {@code database} is null to
 * run on tables generated in memory (always so for TPC-DS), {@code cacheBytes} null for the
 * database's default cache. A query of Signo's still running after {@code timeoutSeconds} is
 * cancelled and reported as failed.
 */
public record QueryBenchmarkOptions(QuerySuite suite, double scaleFactor, int threads, int runs, boolean compareDuckDb, Path csv, Path report, List<String> queries, Path database,
        Long cacheBytes, int timeoutSeconds)
{
    public QueryBenchmarkOptions
    {
        requireNonNull(suite, "suite is null");
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("--sf must be positive: " + scaleFactor);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1: " + threads);
        }
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1: " + runs);
        }
        if (timeoutSeconds < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 second: " + timeoutSeconds);
        }
        if (database != null && suite != QuerySuite.TPCH) {
            throw new IllegalArgumentException("--db is for tpch only");
        }
        queries = List.copyOf(queries);
    }

    /** Long enough for any query that finishes at all at SF 1 on two cores; a query stuck in a slow plan does not hold the whole run. */
    public static final int DEFAULT_TIMEOUT_SECONDS = 120;

    public static QueryBenchmarkOptions parse(QuerySuite suite, String[] args)
    {
        double scaleFactor = 1;
        int threads = 2;
        int runs = 5;
        boolean compareDuckDb = true;
        Path csv = null;
        Path report = null;
        Path database = null;
        Long cacheBytes = null;
        int timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
        List<String> queries = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            String value = null;
            int equals = name.indexOf('=');
            if (equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            else if (i + 1 < args.length) {
                value = args[++i];
            }
            if (value == null) {
                throw new IllegalArgumentException("option " + name + " needs a value");
            }
            try {
                switch (name) {
                    case "--sf" -> scaleFactor = Double.parseDouble(value);
                    case "--threads" -> threads = Integer.parseInt(value);
                    case "--runs" -> runs = Integer.parseInt(value);
                    case "--compare" -> compareDuckDb = switch (value) {
                        case "duckdb" -> true;
                        case "none" -> false;
                        default -> throw new IllegalArgumentException("--compare must be duckdb or none: " + value);
                    };
                    case "--csv" -> csv = Path.of(value);
                    case "--report" -> report = Path.of(value);
                    case "--db" -> database = Path.of(value);
                    case "--cache-size" -> cacheBytes = value.strip().equals("0") ? 0L : io.signo.sql.Session.parseDataSize("--cache-size", value);
                    case "--timeout" -> timeoutSeconds = Integer.parseInt(value);
                    case "--queries" -> {
                        for (String entry : value.split(",")) {
                            queries.addAll(suite.queriesNamed(entry));
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            catch (NumberFormatException e) {
                throw new IllegalArgumentException("option " + name + " has a bad number: " + value);
            }
        }
        if (queries.isEmpty()) {
            queries.addAll(suite.queryNames());
        }
        return new QueryBenchmarkOptions(suite, scaleFactor, threads, runs, compareDuckDb, csv, report, queries, database, cacheBytes, timeoutSeconds);
    }
}
