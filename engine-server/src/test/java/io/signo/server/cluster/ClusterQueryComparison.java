package io.signo.server.cluster;

import io.signo.reference.OrderByKeys;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SqlScript;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.tpch.TpchQueries;
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
 * of the data, against DuckDB over the same generated data (generated again in the test JVM). The
 * cluster and DuckDB are shared with the other classes of the same shape ({@link SharedCluster});
 * this class's join distribution lives in a session of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ClusterQueryComparison
{
    private final SharedCluster cluster;
    private final String joinDistribution;
    private final Session session = new Session("signo");
    private ClusterCoordinator coordinator;

    ClusterQueryComparison(SharedCluster cluster, String joinDistribution)
    {
        this.cluster = cluster;
        this.joinDistribution = joinDistribution;
    }

    @BeforeAll
    void start()
    {
        coordinator = cluster.coordinator();
        execute("SET join_distribution = '" + joinDistribution + "'");
    }

    @TestFactory
    Stream<DynamicTest> tpchQueries()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            String sql = TpchQueries.query(query);
            tests.add(dynamicTest(String.format(Locale.ROOT, "q%02d", query), () -> {
                List<List<Object>> expected = cluster.expected(sql);
                List<List<Object>> actual = ResultRows.toRows(execute(sql));
                ResultComparison.assertSameResult(expected, actual, sql.toLowerCase(Locale.ROOT).contains("order by"), context() + "\n" + sql);
            }));
        }
        return tests.stream();
    }

    /** Runs {@code sql} in this class's session. */
    QueryResult execute(String sql)
    {
        return coordinator.execute(session, sql, new QueryControl(), counters -> {});
    }

    private String context()
    {
        return cluster.shape() + ", join_distribution " + joinDistribution;
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
                List<List<Object>> expected = cluster.expected(sql);
                List<List<Object>> actual = ResultRows.toRows(execute(sql));
                ResultComparison.assertSameResult(expected, actual, OrderByKeys.present(sql), name + ", " + context() + "\n" + sql);
            }));
        }
        return tests.stream();
    }
}
