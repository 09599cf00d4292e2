package io.signo.bench;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.JitDirectives;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * TPC-H on one process with two threads ("1x2") against two worker processes with one thread each
 * ("2x1"), on the same machine. Both setups first run the whole suite {@code --warm-up-passes}
 * times (the first pass also checks both return as many rows), so that each JVM has compiled every
 * query's operators before any is measured: the two workers each compile what the one process
 * compiles once, and a warm-up of one query just before its runs would leave that compilation in
 * the measured runs of the cluster only. Then every query runs {@code --runs} times on both setups,
 * alternating which goes first, so both see the same background load. A cluster run is timed until
 * the client has its whole result, as one process's is; the workers' reports (the exchange
 * counters) are awaited outside the timed part, before the next run.
 * Writes {@code tpch-cluster.md} and {@code tpch-cluster.csv} to {@code --out}.
 *
 * <pre>{@code bin/bench-cluster tpch [--sf 1] [--runs 3] [--warm-up-passes 2] [--queries 5,14,16] [--out benchmarks/target/results] [--worker-heap 3g]}</pre>
 */
public final class TpchClusterBenchmark
{
    private static final int LOCAL_THREADS = 2;
    private static final int WORKER_COUNT = 2;
    private static final int WORKER_THREADS = 1;
    private static final Session SESSION = BenchSessions.planningEveryStatement("benchmark");

    private TpchClusterBenchmark() {}

    public static void main(String[] args)
            throws IOException
    {
        JitDirectives.install().ifPresent(System.err::println);
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        double scaleFactor = arguments.doubleValue("--sf", 1);
        int runs = arguments.intValue("--runs", 3);
        Path output = arguments.path("--out", Path.of("benchmarks/target/results"));
        String workerHeap = arguments.string("--worker-heap", "3g");
        int warmUpPasses = arguments.intValue("--warm-up-passes", 2);
        String querySelection = arguments.string("--queries", "");
        int[] numbers = querySelection.isEmpty()
                ? IntStream.rangeClosed(1, TpchQueries.QUERY_COUNT).toArray()
                : Arrays.stream(querySelection.split(",")).mapToInt(Integer::parseInt).toArray();

        List<QueryTimings> timings = new ArrayList<>();
        long started = System.nanoTime();
        try (TpchDataSet data = TpchData.generateDataSet(scaleFactor, LOCAL_THREADS, MemoryPool.unbounded("benchmark-tpch"));
                SignoEngine local = new SignoEngine(data.catalog(), LOCAL_THREADS);
                WorkerProcesses workers = WorkerProcesses.start(WORKER_COUNT, WORKER_THREADS, workerHeap);
                ClusterCoordinator cluster = new ClusterCoordinator(workers.addresses(), scaleFactor, WORKER_THREADS)) {
            System.out.printf(Locale.ROOT, "generated sf %s here and on %d workers in %.1f s%n", scaleFactor, WORKER_COUNT, (System.nanoTime() - started) / 1e9);
            List<QueryTimings> queries = new ArrayList<>();
            for (int number : numbers) {
                queries.add(new QueryTimings(String.format(Locale.ROOT, "q%02d", number), runs));
            }
            long warmUpStarted = System.nanoTime();
            for (int pass = 0; pass < warmUpPasses; pass++) {
                for (int i = 0; i < numbers.length; i++) {
                    warmUp(queries.get(i), statement(numbers[i]), local, cluster, pass == 0);
                }
            }
            System.out.printf(Locale.ROOT, "warmed up both setups with %d passes of the suite in %.1f s%n", warmUpPasses, (System.nanoTime() - warmUpStarted) / 1e9);
            for (int i = 0; i < numbers.length; i++) {
                QueryTimings query = queries.get(i);
                String sql = statement(numbers[i]);
                for (int run = 0; run < runs; run++) {
                    if (run % 2 == 0) {
                        runLocal(query, run, sql, local);
                        runCluster(query, run, sql, cluster);
                    }
                    else {
                        runCluster(query, run, sql, cluster);
                        runLocal(query, run, sql, local);
                    }
                }
                System.out.printf(Locale.ROOT, "%s  1x2 %8.1f ms  2x1 %8.1f ms  ratio %.2f%s%n", query.name(), query.localMedian(), query.clusterMedian(), query.ratio(),
                        query.error() == null ? "" : "  " + query.error());
                timings.add(query);
            }
        }
        TpchClusterReport report = new TpchClusterReport(scaleFactor, runs, timings);
        report.write(output);
        System.out.println(report.markdown());
        System.out.println("wrote " + output.resolve(TpchClusterReport.MARKDOWN_FILE) + " and " + output.resolve(TpchClusterReport.CSV_FILE));
    }

    /** Runs the query once on each setup; with {@code check}, also checks both return as many rows. */
    private static void warmUp(QueryTimings query, String sql, SignoEngine local, ClusterCoordinator cluster, boolean check)
    {
        try {
            long localRows = local.execute(SESSION, sql, new QueryControl()).rowCount();
            long clusterRows = cluster.execute(SESSION, sql, new QueryControl(), _ -> {}).rowCount();
            if (check && localRows != clusterRows) {
                query.recordError("row counts differ: 1x2 returned " + localRows + ", 2x1 " + clusterRows);
            }
        }
        catch (RuntimeException e) {
            query.recordError("warm-up failed: " + e.getMessage());
        }
    }

    private static void runLocal(QueryTimings query, int run, String sql, SignoEngine local)
    {
        long start = System.nanoTime();
        try {
            local.execute(SESSION, sql, new QueryControl());
            query.recordLocal(run, millisSince(start));
        }
        catch (RuntimeException e) {
            query.recordLocal(run, Double.NaN);
            query.recordError("1x2 failed: " + e.getMessage());
        }
    }

    private static void runCluster(QueryTimings query, int run, String sql, ClusterCoordinator cluster)
    {
        long start = System.nanoTime();
        try {
            ResultStream stream = cluster.start(SESSION, sql, new QueryControl(), _ -> {});
            stream.collect();
            double millis = millisSince(start);
            stream.awaitStatistics();
            query.recordCluster(run, millis, ExchangeTotals.of(cluster.lastQueryExchanges()));
        }
        catch (RuntimeException e) {
            query.recordCluster(run, Double.NaN, ExchangeTotals.NONE);
            query.recordError("2x1 failed: " + e.getMessage());
        }
    }

    /** The query's text without the trailing semicolon the engine does not take. */
    private static String statement(int number)
    {
        String sql = TpchQueries.query(number).strip();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
    }

    private static double millisSince(long startNanos)
    {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
