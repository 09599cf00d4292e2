package io.signo.bench;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.JitDirectives;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QueryControl;
import io.signo.sql.QuerySteps;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.execution.QueryExecution;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The fixed cost of a short query: small TPC-H statements on a warm cluster of two worker processes
 * with one thread each, against one process with two threads, and the planning alone (EXPLAIN of
 * the same statement on the coordinator). What the cluster adds to a statement beyond planning is
 * shipping its fragments, starting its tasks and collecting their completions.
 * Writes {@code query-latency.md} to {@code --out}.
 *
 * How warm the cluster is decides most of what it adds: the per-query code of a worker (decoding its
 * request and plan, building its pipelines, encoding its report) runs a few times per query, so after
 * a few hundred queries much of it still runs interpreted or in the JIT's first tier. Each statement is
 * run {@code --warm-up-runs} times before it is timed, on each side.
 *
 * <pre>{@code bin/bench-cluster latency [--sf 0.01] [--runs 200] [--warm-up-runs 50] [--out benchmarks/target/results]}</pre>
 */
public final class QueryLatencyBenchmark
{
    private static final int LOCAL_THREADS = 2;
    private static final int WORKER_COUNT = 2;
    private static final int WORKER_THREADS = 1;
    private static final List<String[]> CASES = List.of(
            new String[] {"replicated table only", "SELECT count(*) FROM nation"},
            new String[] {"one stage on the workers", "SELECT count(*) FROM orders"},
            new String[] {"point lookup", "SELECT o_totalprice FROM orders WHERE o_orderkey = 7"},
            new String[] {"hash exchange", "SELECT o_orderpriority, count(*) FROM orders GROUP BY o_orderpriority"},
            new String[] {"join with a replicated table", "SELECT n_name, count(*) FROM customer JOIN nation ON c_nationkey = n_nationkey GROUP BY n_name"});

    private QueryLatencyBenchmark() {}

    /** The short statements this benchmark times, for other harnesses that run them. */
    public static List<String> statements()
    {
        return CASES.stream().map(testCase -> testCase[1]).toList();
    }

    public static void main(String[] args)
            throws IOException
    {
        JitDirectives.install().ifPresent(System.err::println);
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        double scaleFactor = arguments.doubleValue("--sf", 0.01);
        int runs = arguments.intValue("--runs", 200);
        int warmUpRuns = arguments.intValue("--warm-up-runs", 50);
        Path output = arguments.path("--out", Path.of("benchmarks/target/results"));

        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "# Short-query latency, TPC-H SF %s, %d runs each after %d warm-up runs (median and 90th percentile, ms)%n%n", scaleFactor, runs, warmUpRuns));
        report.append("| statement | planning (EXPLAIN) | 1 process x 2 threads | 2 workers x 1 thread | cluster minus planning | CPU per query: coordinator, each worker |\n");
        report.append("|---|---|---|---|---|---|\n");
        try (TpchDataSet data = TpchData.generateDataSet(scaleFactor, LOCAL_THREADS, MemoryPool.unbounded("benchmark-latency"));
                SignoEngine local = new SignoEngine(data.catalog(), LOCAL_THREADS);
                WorkerProcesses workers = WorkerProcesses.start(WORKER_COUNT, WORKER_THREADS, "1g");
                ClusterCoordinator cluster = new ClusterCoordinator(workers.addresses(), scaleFactor, WORKER_THREADS)) {
            StringBuilder stepReport = new StringBuilder();
            StringBuilder threadReport = new StringBuilder("\n## A worker's threads over the cluster runs, per query: CPU ms / wake-ups (voluntary context switches)\n\n| statement | worker | threads |\n|---|---|---|\n");
            Session session = new Session("benchmark");
            for (String[] testCase : CASES) {
                String sql = testCase[1];
                double[] planning = timings(runs, warmUpRuns, _ -> cluster.execute("EXPLAIN " + sql));
                double[] inProcess = timings(runs, warmUpRuns, _ -> local.execute(sql));
                Map<String, List<Double>> steps = new LinkedHashMap<>();
                QueryExecution[] last = new QueryExecution[1];
                long[] cpuBefore = new long[WORKER_COUNT + 1];
                ThreadActivity[] threadsBefore = new ThreadActivity[WORKER_COUNT];
                double[] onCluster = timings(runs, warmUpRuns, run -> {
                    if (run == 0) {
                        cpuNanos(workers, cpuBefore);
                        for (int i = 0; i < WORKER_COUNT; i++) {
                            threadsBefore[i] = ThreadActivity.of(workers.process(i).pid());
                        }
                    }
                    // what a client sees: the whole result, which may come before the workers' reports of their end
                    ResultStream stream = cluster.start(session, sql, new QueryControl(), _ -> {});
                    stream.collect();
                    last[0] = (QueryExecution) stream;
                }, run -> {
                    last[0].tasksEnded().join();
                    if (run >= 0) {
                        for (QuerySteps.Step step : cluster.lastQuerySteps()) {
                            steps.computeIfAbsent(step.node() + ": " + step.name(), _ -> new ArrayList<>()).add(step.millis());
                        }
                    }
                });
                long[] cpuAfter = new long[WORKER_COUNT + 1];
                cpuNanos(workers, cpuAfter);
                for (int i = 0; i < WORKER_COUNT; i++) {
                    threadReport.append(String.format(Locale.ROOT, "| %s | worker %d | %s |%n", testCase[0], i, ThreadActivity.of(workers.process(i).pid()).perQuerySince(threadsBefore[i], runs)));
                }
                StringBuilder cpu = new StringBuilder();
                for (int i = 0; i <= WORKER_COUNT; i++) {
                    cpu.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", (cpuAfter[i] - cpuBefore[i]) / 1e6 / runs));
                }
                String line = String.format(Locale.ROOT, "| %s: `%s` | %s | %s | %s | %.2f | %s |%n", testCase[0], sql, summary(planning), summary(inProcess), summary(onCluster),
                        percentile(onCluster, 0.5) - percentile(planning, 0.5), cpu);
                System.out.print(line);
                report.append(line);
                stepReport.append(String.format(Locale.ROOT, "%n%s, `%s` (median ms since the query arrived; a worker's since its start request arrived):%n%n", testCase[0], sql));
                stepReport.append("| step | median | 90th percentile |\n|---|--:|--:|\n");
                steps.forEach((step, millis) -> {
                    double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
                    stepReport.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f |%n", step, percentile(sorted, 0.5), percentile(sorted, 0.9)));
                });
            }
            System.out.print(stepReport);
            System.out.print(threadReport);
            report.append("\n## Steps of the cluster runs\n").append(stepReport).append(threadReport);
        }
        Files.createDirectories(output);
        Path file = output.resolve("query-latency.md");
        Files.writeString(file, report, StandardCharsets.UTF_8);
        System.out.println("wrote " + file);
    }

    /**
     * The CPU time so far of this process (the coordinator, during the cluster's runs) and of each
     * worker process, all of their threads (JIT compiler and GC included), as the operating system
     * counts it (in clock ticks: divide a difference over many queries).
     */
    private static void cpuNanos(WorkerProcesses workers, long[] nanos)
    {
        nanos[0] = ProcessCpuTime.ofProcess(ProcessHandle.current());
        for (int i = 0; i < WORKER_COUNT; i++) {
            nanos[i + 1] = ProcessCpuTime.ofProcess(workers.process(i).toHandle());
        }
    }

    /** Times {@code runs} runs after the warm-up ones; the statement is given a negative run number while warming up. */
    private static double[] timings(int runs, int warmUpRuns, Consumer<Integer> statement)
    {
        return timings(runs, warmUpRuns, statement, _ -> {});
    }

    /** As above, running {@code afterEach} after each run, outside the time measured. */
    private static double[] timings(int runs, int warmUpRuns, Consumer<Integer> statement, Consumer<Integer> afterEach)
    {
        for (int run = 0; run < warmUpRuns; run++) {
            statement.accept(-1 - run);
            afterEach.accept(-1 - run);
        }
        double[] millis = new double[runs];
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            statement.accept(run);
            millis[run] = (System.nanoTime() - start) / 1e6;
            afterEach.accept(run);
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
