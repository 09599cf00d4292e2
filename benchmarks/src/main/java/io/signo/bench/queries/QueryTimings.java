package io.signo.bench.queries;

import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * The measured runs of one query (Signo end to end, its planning and execution, and DuckDB), and
 * what checking its answer found: whether Signo's answer differs from DuckDB's, or the error of
 * the engine that failed it (such a query is not timed).
 */
final class QueryTimings
{
    private final String name;
    private final long[] signoNanos;
    private final long[] planningNanos;
    private final long[] executionNanos;
    private final long[] duckDbNanos;
    private int runs;
    private String difference;
    private String failure;

    QueryTimings(String name, int capacity)
    {
        this.name = requireNonNull(name, "name is null");
        this.signoNanos = new long[capacity];
        this.planningNanos = new long[capacity];
        this.executionNanos = new long[capacity];
        this.duckDbNanos = new long[capacity];
    }

    void add(long planning, long execution, long duckDb)
    {
        planningNanos[runs] = planning;
        executionNanos[runs] = execution;
        signoNanos[runs] = planning + execution;
        duckDbNanos[runs] = duckDb;
        runs++;
    }

    String name()
    {
        return name;
    }

    /** Signo's answer differs from DuckDB's as {@code difference} says. */
    void answerDiffers(String difference)
    {
        this.difference = requireNonNull(difference, "difference is null");
    }

    /** An engine failed the query ({@code failure} names which and how): it is timed no more and left out of the means. */
    void failed(String failure)
    {
        if (this.failure == null) {
            this.failure = requireNonNull(failure, "failure is null");
        }
    }

    /** How Signo's answer differs from DuckDB's, or null when it matches or was not checked. */
    String difference()
    {
        return difference;
    }

    /** The failure, or null when both engines answered. */
    String failure()
    {
        return failure;
    }

    boolean answered()
    {
        return failure == null;
    }

    double signoMillis()
    {
        return medianMillis(signoNanos);
    }

    double planningMillis()
    {
        return medianMillis(planningNanos);
    }

    double executionMillis()
    {
        return medianMillis(executionNanos);
    }

    /** DuckDB's median, or NaN when DuckDB was not run. */
    double duckDbMillis()
    {
        return medianMillis(duckDbNanos);
    }

    /** Signo's median over DuckDB's. */
    double ratio()
    {
        return signoMillis() / duckDbMillis();
    }

    private double medianMillis(long[] nanos)
    {
        if (runs == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(nanos, runs);
        Arrays.sort(sorted);
        double median = runs % 2 == 1 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2.0;
        return median / 1e6;
    }
}
