package io.signo.sql.planner;

import io.signo.sql.SignoEngine;
import io.signo.sql.files.TpchFiles;
import io.signo.sql.rule.SignoRules.Phase;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import jdk.jfr.Recording;
import org.apache.calcite.rel.RelNode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times each planning phase over TPC-H queries (SF 0.01) in one
 * JVM: every query once per round, the first half of the rounds warming the JIT, and prints per
 * query and per phase the median over the other rounds of the planning thread's CPU time. Run with
 * {@code java -cp <test class path> io.signo.sql.planner.PlanningPhaseTimes [rounds] [queries, as 2,11,20 or all] [memory|parquet]};
 * {@code parquet} plans over views on {@code read_parquet} of the tables written by DuckDB, as
 * docs/files.md describes. With {@code -Dphases.jfr=FILE} it records JFR execution samples of the
 * timed rounds into FILE. It also prints, per timed round, the CPU time of HotSpot's JIT compiler
 * threads and of the whole process: planning faster in compiled code is paid for by compiling it.
 */
public final class PlanningPhaseTimes
{
    /** CPU time of the planning thread: the machine is shared, and wall time mostly measures the neighbours. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private PlanningPhaseTimes() {}

    public static void main(String[] args)
            throws Exception
    {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        List<Integer> queries = new ArrayList<>();
        if (args.length > 1 && !args[1].equals("all")) {
            for (String query : args[1].split(",")) {
                queries.add(Integer.parseInt(query.strip()));
            }
        }
        else {
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                queries.add(query);
            }
        }
        boolean parquet = args.length > 2 && args[2].equals("parquet");
        Catalog generated = TpchData.generate(0.01, 2, MemoryPool.unbounded("phase-times"));
        if (!parquet) {
            measure(generated, rounds, queries);
            return;
        }
        Path directory = Files.createTempDirectory("phase-times");
        try (DuckDbTpch duckDb = DuckDbTpch.load(generated);
                SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            TpchFiles.write(duckDb, generated, directory);
            for (String view : TpchFiles.views(generated, directory, TpchFiles.Format.PARQUET)) {
                signo.execute(view);
            }
            measure(signo.catalog(), rounds, queries);
        }
    }

    private static void measure(Catalog catalog, int rounds, List<Integer> queries)
            throws IOException
    {
        int warm = rounds / 2;
        // per query, per phase, the nanoseconds of each timed round
        List<Map<String, long[]>> times = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            times.add(new LinkedHashMap<>());
        }
        Recording recording = null;
        long[] timedStart = new long[2];
        for (int round = 0; round < rounds; round++) {
            if (round == warm) {
                timedStart[0] = compilerThreadsNanos();
                timedStart[1] = processNanos();
            }
            if (round == warm && System.getProperty("phases.jfr") != null) {
                recording = new Recording();
                recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
                recording.start();
            }
            int timedRound = round - warm;
            for (int index = 0; index < queries.size(); index++) {
                Map<String, long[]> queryTimes = times.get(index);
                long[] last = {CPU.getCurrentThreadCpuTime()};
                long queryStart = last[0];
                LogicalPlanner.PhaseListener listener = phase -> {
                    long now = CPU.getCurrentThreadCpuTime();
                    if (timedRound >= 0) {
                        queryTimes.computeIfAbsent(phase.name(), _ -> new long[rounds - warm])[timedRound] += now - last[0];
                    }
                    last[0] = now;
                };
                LogicalPlanner planner = new LogicalPlanner(catalog.snapshot(), LogicalPlanner.DEFAULT_TIMEOUT, listener);
                RelNode rel = planner.plan(TpchQueries.query(queries.get(index))).root();
                new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(),
                        new PlannerOptions(1, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false)).plan(rel);
                listener.ended(Phase.PHYSICAL);
                if (timedRound >= 0) {
                    queryTimes.computeIfAbsent("total", _ -> new long[rounds - warm])[timedRound] = CPU.getCurrentThreadCpuTime() - queryStart;
                }
            }
        }
        double compilerPerRound = (compilerThreadsNanos() - timedStart[0]) / 1e6 / (rounds - warm);
        double processPerRound = (processNanos() - timedStart[1]) / 1e6 / (rounds - warm);
        if (recording != null) {
            recording.stop();
            recording.dump(Path.of(System.getProperty("phases.jfr")));
            recording.close();
        }
        Map<String, Double> phaseTotals = new LinkedHashMap<>();
        System.out.printf("medians of rounds %d-%d, planning thread CPU ms%n", warm + 1, rounds);
        for (int index = 0; index < queries.size(); index++) {
            StringBuilder line = new StringBuilder(String.format("q%02d", queries.get(index)));
            for (Map.Entry<String, long[]> entry : times.get(index).entrySet()) {
                double median = median(entry.getValue());
                phaseTotals.merge(entry.getKey(), median, Double::sum);
                line.append(String.format(" %s=%.2f", entry.getKey(), median));
            }
            System.out.println(line);
        }
        StringBuilder line = new StringBuilder("sum");
        phaseTotals.forEach((phase, millis) -> line.append(String.format(" %s=%.1f", phase, millis)));
        System.out.println(line);
        System.out.printf("per timed round: JIT compiler threads %.1f ms, whole process %.1f ms of CPU%n", compilerPerRound, processPerRound);
    }

    /** CPU time of HotSpot's compiler threads so far, from each thread's {@code schedstat} (they are not Java threads to ThreadMXBean). */
    private static long compilerThreadsNanos()
            throws IOException
    {
        long nanos = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        String schedstat = Files.readString(task.resolve("schedstat"));
                        nanos += Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                    }
                }
                catch (NoSuchFileException e) {
                    // a compiler thread the JVM stopped while the directory was read
                }
            }
        }
        return nanos;
    }

    private static long processNanos()
    {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(long[] nanos)
    {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return (sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0) / 1e6;
    }
}
