package io.signo.server.cluster;

import io.signo.reference.OrderByKeys;
import io.signo.sql.ResultRows;
import io.signo.sql.SqlScript;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The 22 TPC-H queries on a cluster of real worker processes on 127.0.0.1, each holding its share
 * of the data, against DuckDB over the same generated data (made again in this process).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ClusterQueryComparison
{
    private static final int THREADS_PER_WORKER = 1;

    private final double scaleFactor;
    private final int workerCount;
    private final String joinDistribution;
    private WorkerProcesses workers;
    private ClusterCoordinator coordinator;
    private DuckDbTpch duckDb;

    ClusterQueryComparison(double scaleFactor, int workerCount, String joinDistribution)
    {
        this.scaleFactor = scaleFactor;
        this.workerCount = workerCount;
        this.joinDistribution = joinDistribution;
    }

    @BeforeAll
    void start()
            throws Exception
    {
        try (TpchDataSet reference = TpchData.generateDataSet(scaleFactor, 2, MemoryPool.unbounded("duckdb-reference"))) {
            duckDb = DuckDbTpch.load(reference.catalog());
        }
        workers = WorkerProcesses.start(workerCount, THREADS_PER_WORKER, "768m");
        coordinator = new ClusterCoordinator(workers.addresses(), scaleFactor, 2);
        coordinator.execute("SET join_distribution = '" + joinDistribution + "'");
    }

    @AfterAll
    void stop()
            throws Exception
    {
        if (coordinator != null) {
            coordinator.close();
        }
        if (workers != null) {
            workers.close();
        }
        if (duckDb != null) {
            duckDb.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> tpchQueries()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            String sql = TpchQueries.query(query);
            tests.add(dynamicTest(String.format(Locale.ROOT, "q%02d", query), () -> {
                List<List<Object>> expected = duckDb.query(sql);
                List<List<Object>> actual = ResultRows.toRows(coordinator.execute(sql));
                ResultComparison.assertSameResult(expected, actual, sql.toLowerCase(Locale.ROOT).contains("order by"),
                        "SF " + scaleFactor + ", " + workerCount + " worker processes, join_distribution " + joinDistribution + "\n" + sql);
            }));
        }
        return tests.stream();
    }

    ClusterCoordinator coordinator()
    {
        return coordinator;
    }

    /** The statements of one of engine-sql's SQL suite files, on the worker processes against DuckDB. */
    Stream<DynamicTest> suiteFile(String file)
    {
        List<String> statements;
        try (InputStream input = ClusterQueryComparison.class.getResourceAsStream("/io/signo/sql/queries/" + file)) {
            if (input == null) {
                throw new AssertionError("missing resource io/signo/sql/queries/" + file);
            }
            statements = SqlScript.statements(new String(input.readAllBytes(), StandardCharsets.UTF_8));
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            String sql = statements.get(i);
            String name = file + ":" + (i + 1);
            tests.add(dynamicTest(name, () -> {
                List<List<Object>> expected = duckDb.query(sql);
                List<List<Object>> actual = ResultRows.toRows(coordinator.execute(sql));
                ResultComparison.assertSameResult(expected, actual, OrderByKeys.present(sql),
                        name + ", SF " + scaleFactor + ", " + workerCount + " worker processes, join_distribution " + joinDistribution + "\n" + sql);
            }));
        }
        return tests.stream();
    }
}
