package io.signo.server.cluster;

import io.signo.sql.AotTrainingRun;
import io.signo.storage.error.SignoException;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A JDK 25 ahead-of-time cache's training workload for a coordinator and its workers
 * ({@code BENCH_AOT=on bin/bench-cluster}): first {@link AotTrainingRun}'s planning of the SQL suite
 * and the TPC-H queries, then the 22 TPC-H queries run on a cluster of two workers with one thread
 * each, started in this process and talking over loopback like worker processes do. The cluster part
 * loads, links and profiles what a worker runs and a planning run never reaches: the exchange's hash
 * scatter, its messages and their serialization, the transport, the workers' control messages and
 * the operators of each stage. Worker processes started by a coordinator that runs from a cache start
 * from it too ({@link WorkerProcesses#launch}).
 *
 * <p>Measured, it did not lower the workers' JIT CPU: JDK 25's cache holds classes and profiles, not
 * compiled code, so each worker still compiles what it runs (docs/benchmarks/cluster.md). It is
 * kept to repeat that measurement, not used by default.
 *
 * <p>Run with {@code java -XX:AOTCacheOutput=<file> -cp <the command's class path>
 * io.signo.server.cluster.ClusterAotTrainingRun}; the cache is only used with the same class path.
 */
public final class ClusterAotTrainingRun
{
    /** TPC-H at SF 0.1: lineitem's 600,000 rows make pages and messages of the sizes larger data has. */
    private static final double SCALE_FACTOR = 0.1;
    private static final int ROUNDS = 3;
    private static final int WORKERS = 2;
    private static final int WORKER_THREADS = 1;

    private ClusterAotTrainingRun() {}

    public static void main(String[] args)
            throws IOException
    {
        AotTrainingRun.main(args);
        int failed = 0;
        List<WorkerServer> workers = new ArrayList<>();
        try {
            List<String> addresses = new ArrayList<>();
            for (int i = 0; i < WORKERS; i++) {
                WorkerServer worker = new WorkerServer("127.0.0.1", 0, WORKER_THREADS);
                workers.add(worker);
                addresses.add(worker.address());
            }
            try (ClusterCoordinator cluster = new ClusterCoordinator(addresses, SCALE_FACTOR, WORKER_THREADS)) {
                SplittableRandom random = new SplittableRandom(2027);
                for (int round = 0; round < ROUNDS; round++) {
                    for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                        try {
                            cluster.execute(TpchQueries.query(query, random, SCALE_FACTOR));
                        }
                        catch (SignoException e) {
                            failed++;
                        }
                    }
                }
            }
        }
        finally {
            for (WorkerServer worker : workers) {
                worker.close();
            }
        }
        System.out.printf("ran the TPC-H queries on %d workers, %d rounds (%d failed)%n", WORKERS, ROUNDS, failed);
    }
}
