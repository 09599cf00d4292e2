package io.signo.bench;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The fixed cost of a short query: small TPC-H statements on a warm cluster of two worker processes
 * with one thread each, against one process with two threads, and the planning alone (EXPLAIN of
 * the same statement on the coordinator). What the cluster adds to a statement beyond planning is
 * shipping its fragments, starting its tasks and collecting their completions.
 * Writes {@code query-latency.md} to {@code --out}.
 *
 * <pre>{@code bin/bench-cluster latency [--sf 0.01] [--runs 200] [--out benchmarks/target/results]}</pre>
 */
public final class QueryLatencyBenchmark
{
    private static final int LOCAL_THREADS = 2;
    private static final int WORKER_COUNT = 2;
    private static final int WORKER_THREADS = 1;
    private static final int WARM_UP_RUNS = 50;
    private static final List<String[]> CASES = List.of(
            new String[] {"replicated table only", "SELECT count(*) FROM nation"},
            new String[] {"one stage on the workers", "SELECT count(*) FROM orders"},
            new String[] {"point lookup", "SELECT o_totalprice FROM orders WHERE o_orderkey = 7"},
            new String[] {"hash exchange", "SELECT o_orderpriority, count(*) FROM orders GROUP BY o_orderpriority"},
            new String[] {"join with a replicated table", "SELECT n_name, count(*) FROM customer JOIN nation ON c_nationkey = n_nationkey GROUP BY n_name"});

    private QueryLatencyBenchmark() {}

    public static void main(String[] args)
            throws IOException
    {
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        double scaleFactor = arguments.doubleValue("--sf", 0.01);
        int runs = arguments.intValue("--runs", 200);
        Path output = arguments.path("--out", Path.of("benchmarks/target/results"));

        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "# Short-query latency, TPC-H SF %s, %d runs each (median and 90th percentile, ms)%n%n", scaleFactor, runs));
        report.append("| statement | planning (EXPLAIN) | 1 process x 2 threads | 2 workers x 1 thread | cluster minus planning |\n");
        report.append("|---|---|---|---|---|\n");
        try (TpchDataSet data = TpchData.generateDataSet(scaleFactor, LOCAL_THREADS, MemoryPool.unbounded("benchmark-latency"));
                SignoEngine local = new SignoEngine(data.catalog(), LOCAL_THREADS);
                WorkerProcesses workers = WorkerProcesses.start(WORKER_COUNT, WORKER_THREADS, "1g");
                ClusterCoordinator cluster = new ClusterCoordinator(workers.addresses(), scaleFactor, WORKER_THREADS)) {
            for (String[] testCase : CASES) {
                String sql = testCase[1];
                double[] planning = timings(runs, _ -> cluster.execute("EXPLAIN " + sql));
                double[] inProcess = timings(runs, _ -> local.execute(sql));
                double[] onCluster = timings(runs, _ -> cluster.execute(sql));
                String line = String.format(Locale.ROOT, "| %s: `%s` | %s | %s | %s | %.2f |%n", testCase[0], sql, summary(planning), summary(inProcess), summary(onCluster),
                        percentile(onCluster, 0.5) - percentile(planning, 0.5));
                System.out.print(line);
                report.append(line);
            }
        }
        Files.createDirectories(output);
        Path file = output.resolve("query-latency.md");
        Files.writeString(file, report, StandardCharsets.UTF_8);
        System.out.println("wrote " + file);
    }

    private static double[] timings(int runs, Consumer<Integer> statement)
    {
        for (int run = 0; run < WARM_UP_RUNS; run++) {
            statement.accept(run);
        }
        double[] millis = new double[runs];
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            statement.accept(run);
            millis[run] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis;
    }

    private static String summary(double[] sortedMillis)
    {
        return String.format(Locale.ROOT, "%.2f / %.2f", percentile(sortedMillis, 0.5), percentile(sortedMillis, 0.9));
    }

    private static double percentile(double[] sortedMillis, double fraction)
    {
        return sortedMillis[Math.min(sortedMillis.length - 1, (int) (fraction * sortedMillis.length))];
    }
}
