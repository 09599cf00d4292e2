package io.signo.server.cluster;

import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * Worker processes on 127.0.0.1 that generated TPC-H, and a coordinator over them, that the test
 * classes of one test JVM share, registered as
 * {@code @RegisterExtension static final SharedCluster CLUSTER = SharedCluster.tpch(scaleFactor, workers)}:
 * a class that asks for the shape of the cluster running gets it, one that asks for another shape
 * stops that cluster and starts its own (so that idle worker processes do not pile up; the classes
 * run in alphabetical order, which puts those of one shape next to each other), and JUnit stops the
 * last one when the whole run ends (it lives in the root context's store, as engine-sql's
 * SharedTpchFixture does). DuckDB with the same rows comes from the SharedTpchFixture of the scale
 * factor; each of its answers is computed once per scale factor. A class that shares a cluster only
 * reads it: it runs its statements in a session of its own, and writes nothing, kills no worker and
 * sets nothing on the coordinator's default session.
 */
final class SharedCluster
        implements BeforeAllCallback
{
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedCluster.class);

    /** A cluster of {@code workers} processes of {@code threadsPerWorker} driver threads, with TPC-H at {@code scaleFactor}. */
    record Shape(double scaleFactor, int workers, int threadsPerWorker, String workerHeap, int coordinatorThreads)
    {
        @Override
        public String toString()
        {
            return "SF " + scaleFactor + ", " + workers + " worker processes of " + threadsPerWorker + " threads";
        }
    }

    /** The processes of one shape; closing it stops the coordinator and the workers. */
    private record Cluster(Shape shape, WorkerProcesses workers, ClusterCoordinator coordinator)
            implements AutoCloseable
    {
        @Override
        public void close()
        {
            try (workers) {
                coordinator.close();
            }
        }
    }

    /** The one shared cluster running, if any. */
    private static final class RunningCluster
            implements AutoCloseable
    {
        private Cluster cluster;

        synchronized Cluster of(Shape shape)
        {
            if (cluster != null && !cluster.shape().equals(shape)) {
                close();
            }
            if (cluster == null) {
                cluster = start(shape);
            }
            return cluster;
        }

        @Override
        public synchronized void close()
        {
            if (cluster != null) {
                Cluster stopping = cluster;
                cluster = null;
                stopping.close();
            }
        }
    }

    /** The key of the answers over the data of {@code setup} in the root store. */
    private record AnswersOf(Setup setup) {}

    /** DuckDB's answers by statement, at one scale factor. */
    private static final class ReferenceAnswers
    {
        private final Map<String, List<List<Object>>> bySql = new ConcurrentHashMap<>();
    }

    private final Shape shape;
    private final Setup referenceSetup;
    private final SharedTpchFixture reference;
    private Cluster cluster;
    private ReferenceAnswers answers;

    private SharedCluster(Shape shape)
    {
        this.shape = requireNonNull(shape, "shape is null");
        this.referenceSetup = Setup.of(shape.scaleFactor());
        this.reference = SharedTpchFixture.withDuckDb(referenceSetup);
    }

    /** TPC-H at {@code scaleFactor} on {@code workers} processes of one driver thread each, the coordinator on two. */
    static SharedCluster tpch(double scaleFactor, int workers)
    {
        return new SharedCluster(new Shape(scaleFactor, workers, 1, "768m", 2));
    }

    @Override
    public void beforeAll(ExtensionContext context)
    {
        cluster = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(RunningCluster.class, key -> new RunningCluster(), RunningCluster.class).of(shape);
        // a worker that an earlier class saw die would leave this class fewer workers than its shape says
        List<String> dead = cluster.coordinator().deadWorkers();
        if (!dead.isEmpty()) {
            throw new IllegalStateException("the shared cluster of " + shape + " lost the workers " + dead);
        }
        reference.beforeAll(context);
        answers = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(new AnswersOf(referenceSetup), key -> new ReferenceAnswers(), ReferenceAnswers.class);
    }

    Shape shape()
    {
        return shape;
    }

    /** The shared coordinator; available from the class's {@code @BeforeAll} methods on. */
    ClusterCoordinator coordinator()
    {
        if (cluster == null) {
            throw new IllegalStateException("the shared cluster is started before the class's tests: register it with @RegisterExtension on a static field");
        }
        return cluster.coordinator();
    }

    /** DuckDB's answer to {@code sql} over the rows the workers generated. */
    List<List<Object>> expected(String sql)
            throws SQLException
    {
        List<List<Object>> answer = answers.bySql.get(sql);
        if (answer == null) {
            answer = List.copyOf(reference.fixture().duckDb().query(sql));
            answers.bySql.put(sql, answer);
        }
        return answer;
    }

    private static Cluster start(Shape shape)
    {
        WorkerProcesses workers = WorkerProcesses.start(shape.workers(), shape.threadsPerWorker(), shape.workerHeap());
        try {
            return new Cluster(shape, workers, new ClusterCoordinator(workers.addresses(), shape.scaleFactor(), shape.coordinatorThreads()));
        }
        catch (RuntimeException e) {
            workers.close();
            throw e;
        }
    }
}
