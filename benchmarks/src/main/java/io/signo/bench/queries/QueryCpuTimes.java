package io.signo.bench.queries;

import io.signo.bench.BenchSessions;
import io.signo.bench.ProcessCpuTime;
import io.signo.reference.DuckDbDatabase;
import io.signo.server.cluster.JitDirectives;
import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import jdk.jfr.Recording;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CPU time of TPC-H queries in one JVM, for a machine whose cores other work shares (where wall time
 * mostly measures the neighbours): generates the tables once, runs every query {@code rounds} times
 * in turn and prints, per query, the median over the rounds after the first of the process's CPU
 * time for the whole query (planning, drivers, compiler and collector threads, from each thread's {@code schedstat}) and of the planning
 * thread's CPU time for planning alone. Run with
 * {@code java --enable-native-access=ALL-UNNAMED -cp "benchmarks/target/benchmarks.jar:benchmarks/target/lib/*"
 * io.signo.bench.queries.QueryCpuTimes [sf] [threads] [rounds] [queries, as 3,13,21 or all] [plan|duckdb]};
 * {@code plan} plans without running; {@code duckdb} loads the same tables into an in-memory DuckDB (with
 * {@code SET threads} to the same count) and measures its process CPU time for the same queries, every
 * value of each result read through JDBC, so that both engines are measured the same way. With {@code -Dcputimes.jfr=FILE} it records JFR execution samples
 * of the rounds after the first into FILE and prints each timed query's start and end instants (UTC) to
 * standard error, so that the samples can be attributed to queries. Next to the process's CPU time of a
 * query it prints, as medians too, the planning thread's and the JIT compiler's and collector's threads' parts.
 */
public final class QueryCpuTimes
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private QueryCpuTimes() {}

    public static void main(String[] args)
            throws IOException, SQLException, InterruptedException
    {
        JitDirectives.install().ifPresent(System.err::println);
        double scaleFactor = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        List<Integer> queries = new ArrayList<>();
        if (args.length > 3 && !args[3].equals("all")) {
            for (String query : args[3].split(",")) {
                queries.add(Integer.parseInt(query.strip()));
            }
        }
        else {
            for (int query = 1; query <= 22; query++) {
                queries.add(query);
            }
        }
        boolean planOnly = args.length > 4 && args[4].equals("plan");
        QuerySuite suite = QuerySuite.TPCH;
        if (args.length > 4 && args[4].equals("duckdb")) {
            measureDuckDb(suite, scaleFactor, threads, rounds, queries);
            return;
        }
        try (GeneratedDataSet dataSet = suite.generate(scaleFactor, threads, partition -> true, threads, MemoryPool.unbounded("cpu-times"));
                SignoEngine engine = new SignoEngine(dataSet.catalog(), threads)) {
            Session session = BenchSessions.planningEveryStatement("cpu-times");
            long[][] queryNanos = new long[queries.size()][rounds];
            long[][] planNanos = new long[queries.size()][rounds];
            long[][] compilerNanos = new long[queries.size()][rounds];
            long[][] collectorNanos = new long[queries.size()][rounds];
            Recording recording = null;
            for (int round = 0; round < rounds; round++) {
                if (round == 1 && System.getProperty("cputimes.jfr") != null) {
                    // samples of the timed rounds only, every millisecond, with the JIT's inlining resolved
                    recording = new Recording();
                    recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
                    recording.start();
                }
                for (int index = 0; index < queries.size(); index++) {
                    String sql = suite.query(String.format(Locale.ROOT, "q%02d", queries.get(index)));
                    ProcessCpuTime.ByThreadKind processStart = ProcessCpuTime.byThreadKind();
                    long threadStart = THREADS.getCurrentThreadCpuTime();
                    Instant wallStart = Instant.now();
                    QueryControl control = new QueryControl();
                    PlannedQuery planned = engine.plan(session, sql, control);
                    planNanos[index][round] = THREADS.getCurrentThreadCpuTime() - threadStart;
                    if (!planOnly) {
                        engine.start(planned, session, control).collect();
                    }
                    ProcessCpuTime.ByThreadKind spent = ProcessCpuTime.byThreadKind().since(processStart);
                    if (recording != null) {
                        // the interval of each timed query, to attribute the JFR samples (stamped in UTC) to queries
                        System.err.printf(Locale.ROOT, "q%02d %s %s%n", queries.get(index), wallStart, Instant.now());
                    }
                    queryNanos[index][round] = spent.totalNanos();
                    compilerNanos[index][round] = spent.compilerNanos();
                    collectorNanos[index][round] = spent.collectorNanos();
                }
            }
            if (recording != null) {
                recording.stop();
                recording.dump(Path.of(System.getProperty("cputimes.jfr")));
                recording.close();
            }
            double queryTotal = 0;
            double planTotal = 0;
            double compilerTotal = 0;
            double collectorTotal = 0;
            System.out.printf(Locale.ROOT, "SF %s, %d threads, medians of rounds 2-%d: process CPU ms per query (planning thread CPU ms; JIT compiler threads' ms; collector and VM threads' ms)%n",
                    scaleFactor, threads, rounds);
            for (int index = 0; index < queries.size(); index++) {
                double query = ProcessCpuTime.medianMillisAfterFirst(queryNanos[index]);
                double plan = ProcessCpuTime.medianMillisAfterFirst(planNanos[index]);
                double compiler = ProcessCpuTime.medianMillisAfterFirst(compilerNanos[index]);
                double collector = ProcessCpuTime.medianMillisAfterFirst(collectorNanos[index]);
                queryTotal += query;
                planTotal += plan;
                compilerTotal += compiler;
                collectorTotal += collector;
                System.out.printf(Locale.ROOT, "q%02d %8.1f (%5.1f; %5.1f; %5.1f)%n", queries.get(index), query, plan, compiler, collector);
            }
            System.out.printf(Locale.ROOT, "total %8.1f (%5.1f; %5.1f; %5.1f)%n", queryTotal, planTotal, compilerTotal, collectorTotal);
        }
    }

    private static void measureDuckDb(QuerySuite suite, double scaleFactor, int threads, int rounds, List<Integer> queries)
            throws SQLException, InterruptedException
    {
        try (GeneratedDataSet dataSet = suite.generate(scaleFactor, threads, partition -> true, threads, MemoryPool.unbounded("cpu-times-duckdb"));
                DuckDbDatabase database = DuckDbDatabase.open(threads)) {
            database.load(dataSet.catalog(), threads, true);
            long[][] queryNanos = new long[queries.size()][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int index = 0; index < queries.size(); index++) {
                    String sql = suite.query(String.format(Locale.ROOT, "q%02d", queries.get(index)));
                    long processStart = ProcessCpuTime.nanos();
                    database.time(sql);
                    queryNanos[index][round] = ProcessCpuTime.nanos() - processStart;
                }
            }
            double queryTotal = 0;
            System.out.printf(Locale.ROOT, "DuckDB, SF %s, %d threads, medians of rounds 2-%d: process CPU ms per query%n", scaleFactor, threads, rounds);
            for (int index = 0; index < queries.size(); index++) {
                double query = ProcessCpuTime.medianMillisAfterFirst(queryNanos[index]);
                queryTotal += query;
                System.out.printf(Locale.ROOT, "q%02d %8.1f%n", queries.get(index), query);
            }
            System.out.printf(Locale.ROOT, "total %8.1f%n", queryTotal);
        }
    }
}
