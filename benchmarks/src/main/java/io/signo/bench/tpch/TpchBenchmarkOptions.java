package io.signo.bench.tpch;

import io.signo.storage.tpch.TpchQueries;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code signo bench tpch}; {@code database} is null to run on tables generated in
 * memory, {@code cacheBytes} null for the database's default cache.
 */
public record TpchBenchmarkOptions(double scaleFactor, int threads, int runs, boolean compareDuckDb, Path csv, Path report, List<Integer> queries, Path database, Long cacheBytes)
{
    public TpchBenchmarkOptions
    {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("--sf must be positive: " + scaleFactor);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1: " + threads);
        }
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1: " + runs);
        }
        queries = List.copyOf(queries);
    }

    public static TpchBenchmarkOptions parse(String[] args)
    {
        double scaleFactor = 1;
        int threads = 2;
        int runs = 5;
        boolean compareDuckDb = true;
        Path csv = null;
        Path report = null;
        Path database = null;
        Long cacheBytes = null;
        List<Integer> queries = new ArrayList<>();
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
                    case "--queries" -> {
                        for (String number : value.split(",")) {
                            int query = Integer.parseInt(number.strip().replaceFirst("^[qQ]0?", ""));
                            if (query < 1 || query > TpchQueries.QUERY_COUNT) {
                                throw new IllegalArgumentException("no TPC-H query " + number);
                            }
                            queries.add(query);
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
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                queries.add(query);
            }
        }
        return new TpchBenchmarkOptions(scaleFactor, threads, runs, compareDuckDb, csv, report, queries, database, cacheBytes);
    }
}
