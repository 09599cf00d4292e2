package io.signo.server.cluster;

import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.TpchFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Runtime filters that cross an exchange, on two worker processes of a cluster's database with every
 * join partitioned (both sides repartitioned, so the probe side's scan runs in another stage than
 * the join): the answers of inner, semi and anti joins, NOT IN and outer joins over keys with NULLs
 * on both sides equal DuckDB's, and the probe scan does receive the filter (EXPLAIN ANALYZE: it
 * reads fewer rows than its table holds).
 */
class ClusterRuntimeFilterTest
{
    /** The probe table: the orders of tpch.tiny (15,000), every eleventh customer key NULL, partitioned on the order key. */
    private static final String PROBE = """
            CREATE TABLE probe%s AS SELECT o_orderkey AS id, CASE WHEN o_orderkey %% 11 = 0 THEN NULL ELSE o_custkey END AS k, o_totalprice AS v FROM %s""";
    /** The build table: the customers of one market segment, every thirteenth key NULL, partitioned on the name (not the key). */
    private static final String BUILD = """
            CREATE TABLE build%s AS SELECT CASE WHEN c_custkey %% 13 = 0 THEN NULL ELSE c_custkey END AS k, c_name AS name, c_acctbal AS bal FROM %s WHERE c_mktsegment = 'BUILDING'""";
    private static final long PROBE_ROWS = 15_000;

    private static final List<String> QUERIES = List.of(
            "SELECT count(*), sum(p.v), sum(b.bal) FROM probe p JOIN build b ON p.k = b.k",
            "SELECT count(*), sum(v) FROM probe WHERE k IN (SELECT k FROM build)",
            "SELECT count(*), sum(bal) FROM build b WHERE NOT EXISTS (SELECT * FROM probe p WHERE p.k = b.k)",
            "SELECT count(*), sum(bal) FROM build b WHERE EXISTS (SELECT * FROM probe p WHERE p.k = b.k)",
            "SELECT count(*) FROM probe WHERE k NOT IN (SELECT k FROM build)",
            "SELECT count(*) FROM probe WHERE k NOT IN (SELECT k FROM build WHERE k IS NOT NULL)",
            "SELECT count(*), count(b.k), sum(p.v) FROM probe p LEFT JOIN build b ON p.k = b.k",
            "SELECT count(*), count(p.k), sum(b.bal) FROM probe p RIGHT JOIN build b ON p.k = b.k",
            "SELECT p.k, count(*), sum(b.bal) FROM probe p JOIN build b ON p.k = b.k GROUP BY p.k ORDER BY p.k LIMIT 20",
            "SELECT count(*) FROM (SELECT DISTINCT k FROM probe) d WHERE NOT EXISTS (SELECT * FROM build b WHERE b.k = d.k)");

    @TempDir
    static Path directory;

    private static DatabaseWorkers workers;
    private static ClusterCoordinator coordinator;
    private static TpchFixture reference;
    private static final Session SESSION = new Session("signo");

    @BeforeAll
    static void start()
            throws Exception
    {
        workers = DatabaseWorkers.start(directory.resolve("workers"), 2);
        coordinator = new ClusterCoordinator(workers.addresses(), directory.resolve("coordinator"), null, 1, ExchangeSettings.DEFAULT, "127.0.0.1");
        execute(PROBE.formatted(" WITH (partitioned_by = 'id', partitions = 4)", "tpch.tiny.orders"));
        execute(BUILD.formatted(" WITH (partitioned_by = 'name', partitions = 4)", "tpch.tiny.customer"));
        execute("SET join_distribution = 'partitioned'");
        reference = TpchFixture.withDuckDb(TpchFixture.Setup.of(0.01));
        try (Statement statement = reference.duckDb().connection().createStatement()) {
            statement.execute(PROBE.formatted("", "orders"));
            statement.execute(BUILD.formatted("", "customer"));
        }
    }

    @AfterAll
    static void stop()
    {
        if (coordinator != null) {
            coordinator.close();
        }
        if (workers != null) {
            workers.close();
        }
    }

    private static QueryResult execute(String sql)
    {
        return coordinator.execute(SESSION, sql, new QueryControl(), counters -> {});
    }

    @TestFactory
    Stream<DynamicTest> joinsOverNullKeysAnswerAsDuckDb()
    {
        DuckDbTpch duckDb = reference.duckDb();
        return QUERIES.stream().map(sql -> dynamicTest(sql, () -> {
            List<List<Object>> actual = ResultRows.toRows(execute(sql));
            ResultComparison.assertSameResult(duckDb.query(sql), actual, sql.contains("ORDER BY"), sql);
        }));
    }

    /**
     * The probe scans of the inner join and of the NOT EXISTS (whose build rows are what it keeps) run
     * in a stage of their own, beyond the hash exchange, and read fewer rows than the probe table holds.
     * A filter arrives from the other stage's build after a wait of at most a second; on a loaded
     * machine the scan may finish first, so the query gets three tries.
     */
    @Test
    void probeScansBeyondTheExchangeReceiveTheFilter()
    {
        for (String sql : List.of(QUERIES.get(0), QUERIES.get(2))) {
            List<String> lastPlan = List.of();
            boolean filtered = false;
            for (int attempt = 0; attempt < 3 && !filtered; attempt++) {
                lastPlan = explainAnalyze(sql);
                filtered = probeScanRows(lastPlan) < PROBE_ROWS;
            }
            assertTrue(filtered, "the probe scan read every row:\n" + String.join("\n", lastPlan));
        }
    }

    private static List<String> explainAnalyze(String sql)
    {
        List<String> lines = new ArrayList<>();
        for (List<Object> row : ResultRows.toRows(execute("EXPLAIN ANALYZE " + sql))) {
            row.getFirst().toString().lines().forEach(lines::add);
        }
        return lines;
    }

    /** The rows the scan of {@code probe} handed on, from its "actual:" line; checks it applies a filter of a join in another stage. */
    private static long probeScanRows(List<String> plan)
    {
        int joinLine = -1;
        for (int i = 0; i < plan.size(); i++) {
            String line = plan.get(i);
            if (line.contains("join 1: HashJoin")) {
                joinLine = i;
            }
            if (line.contains("TableScan[probe") && line.contains("runtime filter: k from join 1")) {
                boolean otherStage = false;
                for (int between = joinLine + 1; joinLine >= 0 && between < i; between++) {
                    otherStage |= plan.get(between).contains("Stage ");
                }
                assertTrue(otherStage, "the join and its probe scan in one stage:\n" + String.join("\n", plan));
                String actual = plan.get(i + 1).strip();
                assertTrue(actual.startsWith("actual: "), actual);
                return Long.parseLong(actual.substring("actual: ".length()).split(" ")[0].toLowerCase(Locale.ROOT));
            }
        }
        fail("no scan of probe applies join 1's runtime filter:\n" + String.join("\n", plan));
        return -1;
    }
}
