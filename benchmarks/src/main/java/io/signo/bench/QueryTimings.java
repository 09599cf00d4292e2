package io.signo.bench;

import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * One TPC-H query's measured runs on both setups: one process with two threads and two worker
 * processes with one thread each. A failed run is recorded as NaN and named in {@link #error}.
 */
final class QueryTimings
{
    private final String name;
    private final double[] localMillis;
    private final double[] clusterMillis;
    private ExchangeTotals exchanges = ExchangeTotals.NONE;
    private String error;

    QueryTimings(String name, int runs)
    {
        this.name = requireNonNull(name, "name is null");
        this.localMillis = new double[runs];
        this.clusterMillis = new double[runs];
    }

    String name()
    {
        return name;
    }

    void recordLocal(int run, double millis)
    {
        localMillis[run] = millis;
    }

    void recordCluster(int run, double millis, ExchangeTotals exchanges)
    {
        clusterMillis[run] = millis;
        this.exchanges = requireNonNull(exchanges, "exchanges is null");
    }

    void recordError(String error)
    {
        if (this.error == null) {
            this.error = requireNonNull(error, "error is null");
        }
    }

    double localMedian()
    {
        return median(localMillis);
    }

    double clusterMedian()
    {
        return median(clusterMillis);
    }

    /** Cluster time over single-process time: above 1 the cluster is slower. */
    double ratio()
    {
        return clusterMedian() / localMedian();
    }

    double[] localMillis()
    {
        return localMillis.clone();
    }

    double[] clusterMillis()
    {
        return clusterMillis.clone();
    }

    /** The exchange counters of the last cluster run. */
    ExchangeTotals exchanges()
    {
        return exchanges;
    }

    /** The first failure, or null. */
    String error()
    {
        return error;
    }

    private static double median(double[] values)
    {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
