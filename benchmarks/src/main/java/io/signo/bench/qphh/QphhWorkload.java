package io.signo.bench.qphh;

import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.tpch.TpchRefreshData;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one TPC-H run executes, the same on every engine for the same scale factor, stream count and
 * seed: each query stream's 22 queries in the order of the specification's Appendix A (stream 0 is
 * the power test's), their substitution parameters drawn per clause 2.4 from the stream's own seed,
 * and the refresh pairs' data (pair 1 in the power test, pairs 2 to N + 1 in the throughput test's
 * refresh stream).
 */
public record QphhWorkload(double scaleFactor, int streams, long seed)
{
    /** Appendix A's ordered sets: the query order of stream 0 (the power test) to 12. */
    private static final int[][] QUERY_ORDERS = {
            {14, 2, 9, 20, 6, 17, 18, 8, 21, 13, 3, 22, 16, 4, 11, 15, 1, 10, 19, 5, 7, 12},
            {21, 3, 18, 5, 11, 7, 6, 20, 17, 12, 16, 15, 13, 10, 2, 8, 14, 19, 9, 22, 1, 4},
            {6, 17, 14, 16, 19, 10, 9, 2, 15, 8, 5, 22, 12, 7, 13, 18, 1, 4, 20, 3, 11, 21},
            {8, 5, 4, 6, 17, 7, 1, 18, 22, 14, 9, 10, 15, 11, 20, 2, 21, 19, 13, 16, 12, 3},
            {5, 21, 14, 19, 15, 17, 12, 6, 4, 9, 8, 16, 11, 2, 10, 18, 1, 13, 7, 22, 3, 20},
            {21, 15, 4, 6, 7, 16, 19, 18, 14, 22, 11, 13, 3, 1, 2, 5, 8, 20, 12, 17, 10, 9},
            {10, 3, 15, 13, 6, 8, 9, 7, 4, 11, 22, 18, 12, 1, 5, 16, 2, 14, 19, 20, 17, 21},
            {18, 8, 20, 21, 2, 4, 22, 17, 1, 11, 9, 19, 3, 13, 5, 7, 10, 16, 6, 14, 15, 12},
            {19, 1, 15, 17, 5, 8, 9, 12, 14, 7, 4, 3, 20, 16, 6, 22, 10, 13, 2, 21, 18, 11},
            {8, 13, 2, 20, 17, 3, 6, 21, 18, 11, 19, 10, 15, 4, 22, 1, 7, 12, 9, 14, 5, 16},
            {6, 15, 18, 17, 12, 1, 7, 2, 22, 13, 21, 10, 14, 9, 3, 16, 20, 19, 11, 4, 8, 5},
            {15, 14, 18, 17, 10, 20, 16, 11, 1, 8, 4, 22, 5, 12, 3, 9, 21, 2, 13, 6, 19, 7},
            {1, 7, 16, 17, 18, 22, 12, 6, 8, 9, 11, 4, 2, 5, 20, 21, 13, 10, 19, 3, 14, 15},
    };

    public QphhWorkload
    {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("the scale factor must be positive: " + scaleFactor);
        }
        if (streams < 1 || streams >= QUERY_ORDERS.length) {
            throw new IllegalArgumentException("the throughput test runs 1 to " + (QUERY_ORDERS.length - 1) + " query streams, not " + streams);
        }
    }

    /** The specification's minimum number of query streams of the throughput test at a scale factor (clause 5.3.4). */
    public static int minimumStreams(double scaleFactor)
    {
        if (scaleFactor >= 100_000) {
            return 11;
        }
        if (scaleFactor >= 30_000) {
            return 10;
        }
        if (scaleFactor >= 10_000) {
            return 9;
        }
        if (scaleFactor >= 3_000) {
            return 8;
        }
        if (scaleFactor >= 1_000) {
            return 7;
        }
        if (scaleFactor >= 300) {
            return 6;
        }
        if (scaleFactor >= 100) {
            return 5;
        }
        if (scaleFactor >= 30) {
            return 4;
        }
        if (scaleFactor >= 10) {
            return 3;
        }
        return 2;
    }

    /** One query of a stream: its number (1 to 22) and its text with the stream's parameters. */
    public record StreamQuery(int number, String sql) {}

    /** The queries of stream {@code stream} (0 for the power test, 1 to N for the throughput test) in the order they run. */
    public List<StreamQuery> queries(int stream)
    {
        if (stream < 0 || stream > streams) {
            throw new IllegalArgumentException("no query stream " + stream + " in a run of " + streams);
        }
        SplittableRandom random = new SplittableRandom(seed * 7919 + stream);
        List<StreamQuery> queries = new ArrayList<>(TpchQueries.QUERY_COUNT);
        for (int number : QUERY_ORDERS[stream]) {
            queries.add(new StreamQuery(number, TpchQueries.query(number, random, scaleFactor)));
        }
        return queries;
    }

    /** The query order of a stream, from Appendix A. */
    public static int[] queryOrder(int stream)
    {
        return QUERY_ORDERS[stream].clone();
    }

    /** Refresh pairs the run executes: one in the power test, one per query stream in the throughput test. */
    public int refreshPairs()
    {
        return streams + 1;
    }

    /** The data of refresh pair {@code pair} (1 to N + 1). */
    public TpchRefreshData refreshData(int pair)
    {
        return TpchRefreshData.generate(scaleFactor, pair, seed);
    }
}
