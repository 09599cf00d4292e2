package io.signo.bench;

import io.signo.server.cluster.ClusterCoordinator;
import io.signo.server.cluster.WorkerProcesses;
import io.signo.sql.QuerySteps;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of a TPC-H query goes on two worker processes with one thread each against one
 * process with two threads: per run the wall time and the CPU time of every process (this one, which
 * hosts the one-process engine and the coordinator, and each worker), so that a busy, shared machine
 * can be compared by work done rather than by wall time alone; then the steps of the last cluster
 * run (see {@link QuerySteps}) and its exchange counters (credit waits against consumer idle time).
 *
 * With {@code --jfr DIR} each worker and this process record a flight recording (JFR, profile
 * settings) of the measured runs into {@code DIR/QUERY-NODE.jfr}, started and stopped with {@code jcmd}.
 *
 * <pre>{@code bin/bench-cluster profile [--sf 1] [--runs 3] [--queries 6,1,11,22,21] [--worker-heap 3g] [--jfr DIR]}</pre>
 */
public final class TpchClusterProfile
{
    private static final int LOCAL_THREADS = 2;
    private static final int WORKER_COUNT = 2;
    private static final int WORKER_THREADS = 1;
    /** How long to wait after a cluster run for the workers' end reports (they follow the result). */
    private static final long REPORT_SETTLE_MILLIS = 300;

    private TpchClusterProfile() {}

    public static void main(String[] args)
            throws InterruptedException
    {
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        double scaleFactor = arguments.doubleValue("--sf", 1);
        int runs = arguments.intValue("--runs", 3);
        int[] queries = Arrays.stream(arguments.string("--queries", "6,1,11,22,21").split(",")).mapToInt(Integer::parseInt).toArray();
        String workerHeap = arguments.string("--worker-heap", "3g");
        String jfrDirectory = arguments.string("--jfr", null);
        try (TpchDataSet data = TpchData.generateDataSet(scaleFactor, LOCAL_THREADS, MemoryPool.unbounded("benchmark-tpch"));
                SignoEngine local = new SignoEngine(data.catalog(), LOCAL_THREADS);
                WorkerProcesses workers = WorkerProcesses.start(WORKER_COUNT, WORKER_THREADS, workerHeap);
                ClusterCoordinator cluster = new ClusterCoordinator(workers.addresses(), scaleFactor, WORKER_THREADS)) {
            System.out.printf(Locale.ROOT, "load average %.2f%n", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            List<ProcessHandle> processes = List.of(ProcessHandle.current(), workers.process(0).toHandle(), workers.process(1).toHandle());
            long[] startCompiler = compilerCpuNanos(processes);
            long[] startTotal = totalCpuNanos(processes);
            printCpu("CPU before the first query (data generation and start)", startCompiler, startTotal);
            for (int number : queries) {
                String sql = statement(number);
                long[] queryCompiler = compilerCpuNanos(processes);
                long[] queryTotal = totalCpuNanos(processes);
                for (int warmUp = 0; warmUp < 2; warmUp++) {
                    local.execute(sql);
                    cluster.execute(sql);
                    Thread.sleep(REPORT_SETTLE_MILLIS);
                }
                List<Long> recorded = List.of(ProcessHandle.current().pid(), workers.process(0).pid(), workers.process(1).pid());
                if (jfrDirectory != null) {
                    for (int node = 0; node < recorded.size(); node++) {
                        jcmd(recorded.get(node), "JFR.start", "name=profile", "settings=profile",
                                "filename=" + Path.of(jfrDirectory).toAbsolutePath().resolve(String.format(Locale.ROOT, "q%02d-%s.jfr", number, node == 0 ? "coordinator" : "worker" + (node - 1))));
                    }
                }
                List<double[]> localRuns = new ArrayList<>();
                List<double[]> clusterRuns = new ArrayList<>();
                for (int run = 0; run < runs; run++) {
                    localRuns.add(runLocal(local, sql));
                    clusterRuns.add(runCluster(cluster, workers, sql));
                }
                if (jfrDirectory != null) {
                    for (long pid : recorded) {
                        jcmd(pid, "JFR.stop", "name=profile");
                    }
                }
                System.out.printf(Locale.ROOT, "%nq%02d (load average %.2f)%n", number, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
                for (int run = 0; run < runs; run++) {
                    double[] one = localRuns.get(run);
                    double[] two = clusterRuns.get(run);
                    System.out.printf(Locale.ROOT, "  run %d  1x2 wall %7.1f cpu %7.1f  |  2x1 wall %7.1f cpu coordinator %6.1f worker0 %6.1f worker1 %6.1f total %7.1f  (ms)%n",
                            run, one[0], one[1], two[0], two[1], two[2], two[3], two[1] + two[2] + two[3]);
                }
                printCpu("    CPU of the warm-ups and runs of both setups", difference(compilerCpuNanos(processes), queryCompiler), difference(totalCpuNanos(processes), queryTotal));
                for (QuerySteps.Step step : cluster.lastQuerySteps()) {
                    System.out.printf(Locale.ROOT, "    %-12s %-40s %8.1f%n", step.node(), step.name(), step.millis());
                }
                ExchangeTotals exchanges = ExchangeTotals.of(cluster.lastQueryExchanges());
                System.out.printf(Locale.ROOT, "    exchanges: %d pages, %.1f MiB, %d messages, credit wait %.1f ms, consumers idle %.1f ms, credit wait while idle %.1f ms, peak buffered %.1f MiB%n",
                        exchanges.pagesSent(), exchanges.wireBytesSent() / 1048576.0, exchanges.messagesSent(), exchanges.waitingForCreditNanos() / 1e6,
                        exchanges.consumerIdleNanos() / 1e6, exchanges.creditWaitWhileIdleNanos() / 1e6, exchanges.peakBufferedBytes() / 1048576.0);
            }
            System.out.println();
            printCpu("CPU of all the queries", difference(compilerCpuNanos(processes), startCompiler), difference(totalCpuNanos(processes), startTotal));
        }
    }

    /** Wall and this process's CPU milliseconds of one run on the one-process engine. */
    private static double[] runLocal(SignoEngine local, String sql)
    {
        long cpu = ProcessCpuTime.ofProcess(ProcessHandle.current());
        long start = System.nanoTime();
        local.execute(sql);
        double wall = (System.nanoTime() - start) / 1e6;
        return new double[] {wall, (ProcessCpuTime.ofProcess(ProcessHandle.current()) - cpu) / 1e6};
    }

    /** Wall, then the CPU milliseconds of this process (the coordinator) and of each worker, over one run and its workers' reports. */
    private static double[] runCluster(ClusterCoordinator cluster, WorkerProcesses workers, String sql)
            throws InterruptedException
    {
        long coordinator = ProcessCpuTime.ofProcess(ProcessHandle.current());
        long worker0 = ProcessCpuTime.ofProcess(workers.process(0).toHandle());
        long worker1 = ProcessCpuTime.ofProcess(workers.process(1).toHandle());
        long start = System.nanoTime();
        cluster.execute(sql);
        double wall = (System.nanoTime() - start) / 1e6;
        Thread.sleep(REPORT_SETTLE_MILLIS);
        return new double[] {
                wall,
                (ProcessCpuTime.ofProcess(ProcessHandle.current()) - coordinator) / 1e6,
                (ProcessCpuTime.ofProcess(workers.process(0).toHandle()) - worker0) / 1e6,
                (ProcessCpuTime.ofProcess(workers.process(1).toHandle()) - worker1) / 1e6};
    }

    private static void jcmd(long pid, String... command)
    {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid)));
        line.addAll(List.of(command));
        try {
            Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (process.waitFor() != 0) {
                System.out.println("jcmd " + String.join(" ", line) + " failed with " + process.exitValue());
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Prints, per process (this one, which runs the one-process engine and the coordinator, then each
     * worker), its CPU milliseconds and those of its JIT compiler threads.
     */
    private static void printCpu(String title, long[] compiler, long[] total)
    {
        System.out.printf(Locale.ROOT, "%s, ms (JIT compiler threads / process): this process %d / %d, worker0 %d / %d, worker1 %d / %d%n",
                title, compiler[0] / 1_000_000, total[0] / 1_000_000, compiler[1] / 1_000_000, total[1] / 1_000_000, compiler[2] / 1_000_000, total[2] / 1_000_000);
    }

    private static long[] difference(long[] after, long[] before)
    {
        long[] difference = new long[after.length];
        for (int i = 0; i < after.length; i++) {
            difference[i] = after[i] - before[i];
        }
        return difference;
    }

    private static long[] totalCpuNanos(List<ProcessHandle> processes)
    {
        return processes.stream().mapToLong(ProcessCpuTime::ofProcess).toArray();
    }

    private static long[] compilerCpuNanos(List<ProcessHandle> processes)
    {
        return processes.stream().mapToLong(process -> compilerCpuNanos(process.pid())).toArray();
    }

    /**
     * The CPU time of a process's JIT compiler threads (named {@code C1 CompilerThreadN} and {@code C2
     * CompilerThreadN}), from {@code /proc/PID/task/TID/stat} (user and system time, in clock ticks of
     * 10 ms); 0 where {@code /proc} is not there.
     */
    private static long compilerCpuNanos(long pid)
    {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        long ticks = 0;
        try (var threads = java.nio.file.Files.list(tasks)) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                try {
                    String name = java.nio.file.Files.readString(thread.resolve("comm")).strip();
                    if (!name.startsWith("C1 Compiler") && !name.startsWith("C2 Compiler")) {
                        continue;
                    }
                    String stat = java.nio.file.Files.readString(thread.resolve("stat"));
                    // the fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                }
                catch (IOException | RuntimeException e) {
                    // the thread ended meanwhile
                }
            }
        }
        catch (IOException e) {
            return 0;
        }
        return ticks * 10_000_000L;
    }

    private static String statement(int number)
    {
        String sql = TpchQueries.query(number).strip();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
    }
}
