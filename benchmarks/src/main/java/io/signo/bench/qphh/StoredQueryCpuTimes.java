package io.signo.bench.qphh;

import io.signo.bench.BenchSessions;
import io.signo.bench.ProcessCpuTime;
import io.signo.bench.queries.QuerySuite;
import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where the power test's queries lose time against {@code bench tpch}: in one JVM, the 22 queries on
 * TPC-H tables generated in memory and on a database directory (as {@code bench qphh} reads them),
 * each with the validation parameters and with those of a qphh stream, every query run {@code rounds}
 * times in turn over the four, so that both sources see the same machine at the same moments. Prints
 * per query the medians of rounds 2 on of the process's CPU time (every thread's {@code schedstat}:
 * drivers, planning, compiler, collector) and of the wall time. Run with
 * {@code java --enable-native-access=ALL-UNNAMED -cp "benchmarks/target/benchmarks.jar:benchmarks/target/lib/*"
 * io.signo.bench.qphh.StoredQueryCpuTimes DIR [sf] [threads] [rounds] [stream]} on a database that
 * {@code bench qphh} or {@code bench tpch --db} loaded at the same scale factor.
 */
public final class StoredQueryCpuTimes
{
    private static final String[] SOURCES = {"memory, validation", "database, validation", "memory, stream", "database, stream"};

    private StoredQueryCpuTimes() {}

    public static void main(String[] args)
            throws IOException
    {
        Path directory = Path.of(args[0]);
        double scaleFactor = args.length > 1 ? Double.parseDouble(args[1]) : 1;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int stream = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        QphhWorkload workload = new QphhWorkload(scaleFactor, Math.max(stream, 1), 1);
        String[] streamSql = new String[TpchQueries.QUERY_COUNT + 1];
        for (QphhWorkload.StreamQuery query : workload.queries(stream)) {
            streamSql[query.number()] = query.sql();
        }
        try (GeneratedDataSet dataSet = QuerySuite.TPCH.generate(scaleFactor, threads, partition -> true, threads, MemoryPool.unbounded("stored-cpu-times"));
                SignoEngine memory = new SignoEngine(dataSet.catalog(), threads);
                SignoEngine stored = new SignoEngine(Database.open(directory), threads)) {
            Session session = BenchSessions.planningEveryStatement("stored-cpu-times");
            long[][][] cpu = new long[SOURCES.length][TpchQueries.QUERY_COUNT + 1][rounds];
            long[][][] wall = new long[SOURCES.length][TpchQueries.QUERY_COUNT + 1][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                    for (int source = 0; source < SOURCES.length; source++) {
                        SignoEngine engine = source % 2 == 0 ? memory : stored;
                        String sql = source < 2 ? TpchQueries.query(query) : streamSql[query];
                        long cpuStart = ProcessCpuTime.nanos();
                        long wallStart = System.nanoTime();
                        engine.execute(session, sql, new QueryControl());
                        wall[source][query][round] = System.nanoTime() - wallStart;
                        cpu[source][query][round] = ProcessCpuTime.nanos() - cpuStart;
                    }
                }
                System.err.printf(Locale.ROOT, "round %d of %d done%n", round + 1, rounds);
            }
            System.out.printf(Locale.ROOT, "SF %s, %d threads, stream %d's parameters, medians of rounds 2-%d: process CPU ms (wall ms)%n", scaleFactor, threads, stream, rounds);
            System.out.printf(Locale.ROOT, "| query | %s | %s | %s | %s | database / memory CPU (validation, stream) |%n|---|---:|---:|---:|---:|---:|%n",
                    (Object[]) SOURCES);
            double[] totals = new double[SOURCES.length];
            double[] logRatios = new double[2];
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "| q%02d |", query));
                double[] cpuMillis = new double[SOURCES.length];
                for (int source = 0; source < SOURCES.length; source++) {
                    cpuMillis[source] = ProcessCpuTime.medianMillisAfterFirst(cpu[source][query]);
                    totals[source] += cpuMillis[source];
                    line.append(String.format(Locale.ROOT, " %.0f (%.0f) |", cpuMillis[source], ProcessCpuTime.medianMillisAfterFirst(wall[source][query])));
                }
                logRatios[0] += Math.log(cpuMillis[1] / cpuMillis[0]);
                logRatios[1] += Math.log(cpuMillis[3] / cpuMillis[2]);
                line.append(String.format(Locale.ROOT, " %.2f, %.2f |", cpuMillis[1] / cpuMillis[0], cpuMillis[3] / cpuMillis[2]));
                System.out.println(line);
            }
            System.out.printf(Locale.ROOT, "| total | %.0f | %.0f | %.0f | %.0f | geometric mean %.2f, %.2f |%n", totals[0], totals[1], totals[2], totals[3],
                    Math.exp(logRatios[0] / TpchQueries.QUERY_COUNT), Math.exp(logRatios[1] / TpchQueries.QUERY_COUNT));
        }
    }
}
