package io.signo.bench.qphh;

import java.io.Serializable;
import java.util.List;

/**
 * The timings of one engine's TPC-H run and the metrics of clause 5.4 computed from them. Times are
 * nanoseconds; arrays of queries are indexed by query number (1 to 22, index 0 unused), arrays of
 * streams by stream number (1 to N, index 0 unused).
 *
 * @param powerQueryNanos each query's time in the power test
 * @param powerRefreshNanos RF1 and RF2 of the power test
 * @param powerNanos the power test from the start of RF1 to the end of RF2
 * @param streamQueryNanos [stream][query]: each query's time in the throughput test
 * @param streamNanos each query stream's elapsed time in the throughput test
 * @param refreshNanos [pair][function]: RF1 and RF2 of each pair of the throughput test's refresh stream (pair 0 is the stream's first)
 * @param throughputNanos the throughput test, from the start of the first stream to the end of the last
 * @param peakResidentBytes the process's peak resident memory during the run, -1 when unknown
 * @param failures what failed, with the stream and query; empty when everything ran
 * @param cpu the process's CPU time in the power test, step by step, and in each test by the kind of thread
 */
public record QphhResult(double scaleFactor, int streams, long[] powerQueryNanos, long[] powerRefreshNanos, long powerNanos, long[][] streamQueryNanos, long[] streamNanos,
        long[][] refreshNanos, long throughputNanos, long peakResidentBytes, List<String> failures, QphhCpuTimes cpu)
        implements Serializable
{
    /** Power@Size (clause 5.4.1): 3600 * SF over the geometric mean of the 22 query and 2 refresh times in seconds. */
    public double power()
    {
        double[] seconds = new double[24];
        double longest = 0;
        for (int query = 1; query <= 22; query++) {
            seconds[query - 1] = powerQueryNanos[query] / 1e9;
            longest = Math.max(longest, seconds[query - 1]);
        }
        seconds[22] = powerRefreshNanos[0] / 1e9;
        seconds[23] = powerRefreshNanos[1] / 1e9;
        // clause 5.4.1.4: no interval counts as shorter than the longest query's over 1000
        double floor = longest / 1000;
        double logSum = 0;
        for (double value : seconds) {
            logSum += Math.log(Math.max(value, floor));
        }
        return 3600 * scaleFactor / Math.exp(logSum / seconds.length);
    }

    /** Throughput@Size (clause 5.4.2): S * 22 * 3600 / Ts * SF, Ts the throughput test's seconds. */
    public double throughput()
    {
        return streams * 22 * 3600.0 / (throughputNanos / 1e9) * scaleFactor;
    }

    /** QphH@Size (clause 5.4.3): the geometric mean of power and throughput. */
    public double qphh()
    {
        return Math.sqrt(power() * throughput());
    }
}
