package io.signo.bench.qphh;

import io.signo.bench.BenchSessions;
import io.signo.bench.ProcessCpuTime;
import io.signo.server.cluster.JitDirectives;
import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where each query of the QphH sequence spends its CPU time in one Signo process on a stored database:
 * a warm-up round of the 22 queries with the validation parameters (as {@code bench qphh} runs before
 * its timed tests), then the queries of streams 0 to {@code streams} one after another, each in its
 * stream's order (stream 0 is the power test's). Each query's process CPU time is split into the
 * planning thread's (parse, validate, optimize, the physical plan), the JIT compiler threads', the
 * collector and VM threads', and the rest (the drivers running the operators, the result). The
 * streams run one at a time, so a query's figures are its own and the compiler's work it waits for;
 * the refresh functions are not run. Run with {@code java --enable-native-access=ALL-UNNAMED
 * @engine-server/src/main/resources/io/signo/server/jit.options -cp
 * "benchmarks/target/benchmarks.jar:benchmarks/target/lib/*" io.signo.bench.qphh.QphhQueryCosts DIR
 * [sf] [streams]} on a database {@code bench qphh} loaded at that scale factor.
 */
public final class QphhQueryCosts
{
    private QphhQueryCosts() {}

    public static void main(String[] args)
            throws IOException
    {
        JitDirectives.install().ifPresent(System.err::println);
        Path directory = Path.of(args[0]);
        double scaleFactor = args.length > 1 ? Double.parseDouble(args[1]) : 1;
        int streams = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        QphhWorkload workload = new QphhWorkload(scaleFactor, Math.max(streams, 1), 1);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 2)) {
            Session session = BenchSessions.planningEveryStatement("qphh-query-costs");
            List<QphhWorkload.StreamQuery> warmUp = new ArrayList<>();
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                warmUp.add(new QphhWorkload.StreamQuery(query, TpchQueries.query(query)));
            }
            run(engine, session, threads, "warm-up (validation parameters)", warmUp);
            for (int stream = 0; stream <= streams; stream++) {
                run(engine, session, threads, "stream " + stream, workload.queries(stream));
            }
        }
    }

    private static void run(SignoEngine engine, Session session, ThreadMXBean threads, String round, List<QphhWorkload.StreamQuery> queries)
    {
        System.out.printf(Locale.ROOT, "%n%s: process CPU ms of each query, and of it the planning thread, the JIT compiler threads, the collector and VM threads, the rest (drivers)%n", round);
        System.out.printf(Locale.ROOT, "| query | process | planning | compiler | collector | drivers and the rest |%n|---|---:|---:|---:|---:|---:|%n");
        double[] totals = new double[5];
        for (QphhWorkload.StreamQuery query : queries) {
            QueryControl control = new QueryControl();
            ProcessCpuTime.ByThreadKind before = ProcessCpuTime.byThreadKind();
            long planningStart = threads.getCurrentThreadCpuTime();
            SignoEngine.PlannedQuery planned = engine.plan(session, query.sql(), control);
            long planning = threads.getCurrentThreadCpuTime() - planningStart;
            engine.start(planned, session, control).collect();
            ProcessCpuTime.ByThreadKind spent = ProcessCpuTime.byThreadKind().since(before);
            double[] row = {spent.totalNanos() / 1e6, planning / 1e6, spent.compilerNanos() / 1e6, spent.collectorNanos() / 1e6, (spent.otherNanos() - planning) / 1e6};
            for (int i = 0; i < row.length; i++) {
                totals[i] += row[i];
            }
            System.out.printf(Locale.ROOT, "| q%02d | %.0f | %.0f | %.0f | %.0f | %.0f |%n", query.number(), row[0], row[1], row[2], row[3], row[4]);
        }
        System.out.printf(Locale.ROOT, "| all | %.0f | %.0f | %.0f | %.0f | %.0f |%n", totals[0], totals[1], totals[2], totals[3], totals[4]);
    }
}
