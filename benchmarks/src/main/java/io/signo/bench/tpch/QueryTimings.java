package io.signo.bench.tpch;

import java.util.Arrays;

/** The measured runs of one query: Signo end to end, its planning and execution, and DuckDB. */
final class QueryTimings
{
    private final int query;
    private final long[] signoNanos;
    private final long[] planningNanos;
    private final long[] executionNanos;
    private final long[] duckDbNanos;
    private int runs;

    QueryTimings(int query, int capacity)
    {
        this.query = query;
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

    int query()
    {
        return query;
    }

    String name()
    {
        return String.format("q%02d", query);
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
