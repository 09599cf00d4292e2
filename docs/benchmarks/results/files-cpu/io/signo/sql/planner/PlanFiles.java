package io.signo.sql.planner;

import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.rule.SignoRules.Phase;
import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import jdk.jfr.Recording;
import org.apache.calcite.rel.RelNode;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Planning a query over lineitem as a Parquet file, as 16 files, and as an in-memory table copied
 * from the file (same schema, same statistics' sources), in one process, alternating the sources:
 * args {@code dir queries rounds sources} (sources of {@code mem,one,sixteen}). Per source and query,
 * medians over the second half of the rounds of the planning thread's CPU for a whole {@code EXPLAIN}
 * through the engine (plan cache off), of the process's CPU for it, and of each planning phase
 * ({@link LogicalPlanner}'s phases, then the physical planner). With {@code -Dplan.jfr=FILE} it
 * records JFR execution samples (1 ms) of the timed rounds of {@code EXPLAIN}.
 */
public final class PlanFiles
{
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private PlanFiles() {}

    private static long processCpu()
    {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args)
            throws Exception
    {
        String dir = args[0];
        String[] queries = args[1].split(",");
        int rounds = Integer.parseInt(args[2]);
        String[] sources = args[3].split(",");
        Map<String, String> from = Map.of(
                "mem", "lineitem",
                "one", "read_parquet('" + dir + "/lineitem.parquet')",
                "sixteen", "read_parquet('" + dir + "/lineitem_ranges/*.parquet')",
                "view", "lineitem_view");
        int warm = rounds / 2;
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 1)) {
            if (Arrays.asList(sources).contains("mem")) {
                signo.execute("CREATE TABLE lineitem AS SELECT * FROM read_parquet('" + dir + "/lineitem.parquet')");
            }
            signo.execute("CREATE VIEW lineitem_view AS SELECT * FROM read_parquet('" + dir + "/lineitem.parquet')");
            Session session = new Session("plan-files");
            session.set(Session.PLAN_CACHE, "false");
            // per source and query: phase -> nanoseconds of each timed round
            Map<String, Map<String, long[]>> times = new LinkedHashMap<>();
            Recording recording = null;
            for (int round = 0; round < rounds; round++) {
                if (round == warm && System.getProperty("plan.jfr") != null) {
                    recording = new Recording();
                    recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
                    recording.start();
                }
                int timed = round - warm;
                for (String query : queries) {
                    String text = TpchQueries.query(Integer.parseInt(query));
                    for (String source : sources) {
                        String sql = text.replaceFirst("(?i)from\\s+lineitem", "from " + from.get(source));
                        Map<String, long[]> queryTimes = times.computeIfAbsent(source + " q" + query, _ -> new LinkedHashMap<>());
                        long thread = CPU.getCurrentThreadCpuTime();
                        long process = processCpu();
                        ResultRows.toRows(signo.execute(session, "EXPLAIN " + sql, new QueryControl()));
                        long explainThread = CPU.getCurrentThreadCpuTime() - thread;
                        long explainProcess = processCpu() - process;
                        if (recording != null) {
                            // while recording, only EXPLAIN runs, so that the samples are of the engine's own path
                            record(queryTimes, "explain", timed, rounds - warm, explainThread);
                            record(queryTimes, "process", timed, rounds - warm, explainProcess);
                            continue;
                        }
                        long[] last = {CPU.getCurrentThreadCpuTime()};
                        LogicalPlanner.PhaseListener listener = phase -> {
                            long now = CPU.getCurrentThreadCpuTime();
                            record(queryTimes, phase.name(), timed, rounds - warm, now - last[0]);
                            last[0] = now;
                        };
                        RelNode rel = new LogicalPlanner(signo.catalog().snapshot(), LogicalPlanner.DEFAULT_TIMEOUT, listener).plan(sql).root();
                        new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(),
                                new PlannerOptions(1, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false)).plan(rel);
                        listener.ended(Phase.PHYSICAL);
                        record(queryTimes, "explain", timed, rounds - warm, explainThread);
                        record(queryTimes, "process", timed, rounds - warm, explainProcess);
                    }
                }
            }
            if (recording != null) {
                recording.stop();
                recording.dump(Path.of(System.getProperty("plan.jfr")));
                recording.close();
            }
            System.out.printf("medians of rounds %d-%d, ms of CPU (explain: the planning thread's for EXPLAIN through the engine; process: the process's for it; phases: the planning thread's)%n", warm + 1, rounds);
            times.forEach((name, phases) -> {
                StringBuilder line = new StringBuilder(String.format("%-12s", name));
                phases.forEach((phase, nanos) -> line.append(String.format(" %s=%.2f", phase, median(nanos))));
                System.out.println(line);
            });
        }
    }

    private static void record(Map<String, long[]> times, String phase, int timed, int timedRounds, long nanos)
    {
        if (timed >= 0) {
            times.computeIfAbsent(phase, _ -> new long[timedRounds])[timed] += nanos;
        }
    }

    private static double median(long[] nanos)
    {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return (sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0) / 1e6;
    }
}
