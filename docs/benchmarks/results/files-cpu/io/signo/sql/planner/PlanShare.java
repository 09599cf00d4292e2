package io.signo.sql.planner;

import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import jdk.jfr.Recording;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * What planning costs of a query over a Parquet lineitem as the process runs it again and again:
 * args {@code from query warm-ups runs} ({@code from} is what replaces {@code lineitem}, e.g.
 * {@code read_parquet('.../lineitem.parquet')}), one thread, plan cache off. Per timed run, the
 * planning thread's CPU for planning (parse to physical plan), and the process's CPU for planning
 * and for running; prints their medians. With {@code -Dplan.jfr=FILE} it records JFR execution
 * samples (1 ms) of the timed runs only, so that no sample of the warm-up (the first query's class
 * loading and metadata handler compilation) counts.
 */
public final class PlanShare
{
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private PlanShare() {}

    private static long processCpu()
    {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args)
            throws Exception
    {
        String sql = TpchQueries.query(Integer.parseInt(args[1])).replaceFirst("(?i)from\\s+lineitem", "from " + args[0]);
        int warmUps = Integer.parseInt(args[2]);
        int runs = Integer.parseInt(args[3]);
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 1)) {
            Session session = new Session("plan-share");
            session.set(Session.PLAN_CACHE, "false");
            for (int i = 0; i < warmUps; i++) {
                ResultRows.toRows(signo.execute(session, sql, new QueryControl()));
            }
            Recording recording = null;
            if (System.getProperty("plan.jfr") != null) {
                recording = new Recording();
                recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
                recording.start();
            }
            long[] planThread = new long[runs];
            long[] planProcess = new long[runs];
            long[] runProcess = new long[runs];
            for (int r = 0; r < runs; r++) {
                long thread = CPU.getCurrentThreadCpuTime();
                long process = processCpu();
                QueryControl control = new QueryControl();
                SignoEngine.PlannedQuery planned = signo.plan(session, sql, control);
                planThread[r] = CPU.getCurrentThreadCpuTime() - thread;
                long planned1 = processCpu();
                planProcess[r] = planned1 - process;
                ResultRows.toRows(signo.start(planned, session, control).collect());
                runProcess[r] = processCpu() - planned1;
            }
            if (recording != null) {
                recording.stop();
                recording.dump(Path.of(System.getProperty("plan.jfr")));
                recording.close();
            }
            System.out.printf("q%s after %d warm-ups, medians of %d runs, ms of CPU: planning thread %.2f, planning process %.1f, running process %.1f%n",
                    args[1], warmUps, runs, median(planThread), median(planProcess), median(runProcess));
        }
    }

    private static double median(long[] nanos)
    {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }
}
