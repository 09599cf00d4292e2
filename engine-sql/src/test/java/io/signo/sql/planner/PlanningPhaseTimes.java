package io.signo.sql.planner;

import io.signo.sql.rule.SignoRules.Phase;
import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import jdk.jfr.Recording;
import org.apache.calcite.rel.RelNode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Times each planning phase over the 22 TPC-H queries in a fresh JVM, the way the TPC-H benchmark
 * plans them: a few rounds, each query once per round, so much of Calcite still runs interpreted.
 * Prints the phase totals (CPU time of the planning thread) of every round. Run with {@code java -cp <test class path>
 * io.signo.sql.planner.PlanningPhaseTimes [rounds]}.
 */
public final class PlanningPhaseTimes
{
    /** CPU time of the planning thread: the machine is shared, and wall time mostly measures the neighbours. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private PlanningPhaseTimes() {}

    public static void main(String[] args)
            throws IOException
    {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        try (TpchDataSet dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("phase-times"))) {
            for (int round = 1; round <= rounds; round++) {
                Map<Phase, Long> totals = new LinkedHashMap<>();
                Map<Phase, Long> queryTotals = new LinkedHashMap<>();
                long[] last = new long[1];
                LogicalPlanner.PhaseListener listener = phase -> {
                    long now = CPU.getCurrentThreadCpuTime();
                    totals.merge(phase, now - last[0], Long::sum);
                    queryTotals.merge(phase, now - last[0], Long::sum);
                    last[0] = now;
                };
                Recording recording = null;
                if (round == rounds && System.getProperty("phases.jfr") != null) {
                    // samples of the last round only: where a cool JIT spends the planning time
                    recording = new Recording();
                    recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
                    recording.start();
                }
                long roundStart = CPU.getCurrentThreadCpuTime();
                StringBuilder perQuery = new StringBuilder();
                for (int query = 1; query <= 22; query++) {
                    long queryStart = CPU.getCurrentThreadCpuTime();
                    last[0] = queryStart;
                    LogicalPlanner planner = new LogicalPlanner(dataSet.catalog(), LogicalPlanner.DEFAULT_TIMEOUT, listener);
                    RelNode rel = planner.plan(TpchQueries.query(query)).root();
                    last[0] = CPU.getCurrentThreadCpuTime();
                    new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), new PlannerOptions(1, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false)).plan(rel);
                    listener.ended(Phase.PHYSICAL);
                    perQuery.append(String.format(" q%02d=%.1f", query, (CPU.getCurrentThreadCpuTime() - queryStart) / 1e6));
                    if (round == rounds && Boolean.getBoolean("phases.detail")) {
                        StringBuilder detail = new StringBuilder(String.format("  q%02d:", query));
                        queryTotals.forEach((phase, nanos) -> detail.append(String.format(" %s=%.1f", phase, nanos / 1e6)));
                        System.out.println(detail);
                    }
                    queryTotals.clear();
                }
                if (recording != null) {
                    recording.stop();
                    recording.dump(Path.of(System.getProperty("phases.jfr")));
                    recording.close();
                }
                long roundNanos = CPU.getCurrentThreadCpuTime() - roundStart;
                StringBuilder line = new StringBuilder(String.format("round %d total %.1f ms:", round, roundNanos / 1e6));
                totals.forEach((phase, nanos) -> line.append(String.format(" %s=%.1f", phase, nanos / 1e6)));
                System.out.println(line);
                if (round == rounds) {
                    System.out.println(" " + perQuery);
                }
            }
        }
    }
}
