package io.signo.sql;

import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plan choices that move fewer rows between workers: an aggregation of few groups whose result
 * is gathered runs its final step on the coordinator after gathering the partial groups (no hash
 * exchange, no final stage on the workers); a SEMI or ANTI join that repartitions its right side
 * sends each worker's distinct keys (a partial aggregation before the exchange); a global aggregate
 * joined on the workers finishes there from its broadcast partial steps; an aggregation over
 * another one on more keys (COUNT DISTINCT) repartitions once, by its own keys. Answers on three
 * workers with 7-row pages equal DuckDB's, NULL keys and empty sides included.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterExchangeReductionTest
{
    @RegisterExtension
    static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(Setup.of(0.01).withThreads(3).withWorkers(3).withRowsPerPage(7));

    private DuckDbTpch duckDb;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        duckDb = TPCH.fixture().duckDb();
        engine = TPCH.fixture().engine();
    }

    @Test
    void tpchQ1FinishesItsFourGroupsOnTheCoordinator()
            throws SQLException
    {
        String sql = statement(1);
        String plan = explain(sql);
        assertFalse(plan.contains("RemoteExchange[HASH"), "the partial groups are gathered, not repartitioned:\n" + plan);
        assertTrue(plan.lines().anyMatch(line -> line.contains("Aggregate[FINAL") && line.contains("SINGLE")), plan);
        assertEquals(2, plan.lines().filter(line -> line.contains("Stage ")).count(), "the coordinator's stage and the workers' scan:\n" + plan);
        assertSameAsDuckDb(sql);
    }

    @Test
    void fewGroupsOfAResultWithoutOrder()
            throws SQLException
    {
        String sql = "SELECT o_orderpriority, count(*), min(o_totalprice), avg(o_totalprice) FROM orders GROUP BY o_orderpriority";
        assertFalse(explain(sql).contains("RemoteExchange[HASH"), explain(sql));
        assertSameAsDuckDb(sql);
        // NULL keys are one group; a HAVING above the final step stays above it
        assertSameAsDuckDb("SELECT CASE WHEN o_orderkey % 3 = 0 THEN NULL ELSE o_orderstatus END AS status, count(*) FROM orders GROUP BY 1 HAVING count(*) > 10 ORDER BY 1 NULLS FIRST");
        // no input rows: no groups
        assertSameAsDuckDb("SELECT o_orderpriority, count(*) FROM orders WHERE o_totalprice < 0 GROUP BY o_orderpriority ORDER BY 1");
    }

    @Test
    void manyGroupsKeepTheFinalStepOnTheWorkers()
            throws SQLException
    {
        String sql = "SELECT l_comment, count(*) FROM lineitem GROUP BY l_comment ORDER BY 2 DESC, 1";
        assertTrue(explain(sql).contains("RemoteExchange[HASH"), explain(sql));
        // under a limit the workers' top rows are gathered, not their groups
        String limited = "SELECT o_orderpriority, count(*) FROM orders GROUP BY o_orderpriority ORDER BY 2 DESC LIMIT 2";
        assertTrue(explain(limited).contains("RemoteExchange[HASH"), explain(limited));
        assertSameAsDuckDb(limited);
    }

    @Test
    void tpchQ22SendsDistinctCustomerKeys()
            throws SQLException
    {
        String sql = statement(22);
        String plan = explain(sql);
        List<String> lines = plan.lines().toList();
        int exchange = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("RemoteExchange[HASH") && i + 2 < lines.size() && lines.get(i + 2).contains("Aggregate[PARTIAL, keys=[0], ]")) {
                exchange = i;
            }
        }
        assertTrue(exchange >= 0, "the orders' customer keys are grouped before they are repartitioned:\n" + plan);
        assertSameAsDuckDb(sql);
    }

    @Test
    void semiAndAntiJoinsWithNullsAndEmptySides()
            throws SQLException
    {
        // a NULL key matches nothing, however many times it is sent
        assertSameAsDuckDb("SELECT c_custkey FROM customer WHERE EXISTS (SELECT 1 FROM orders WHERE CASE WHEN o_orderkey % 4 = 0 THEN NULL ELSE o_custkey END = c_custkey) "
                + "ORDER BY c_custkey");
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE NOT EXISTS (SELECT 1 FROM orders WHERE CASE WHEN o_orderkey % 4 = 0 THEN NULL ELSE o_custkey END = c_custkey)");
        // NOT IN over a side holding a NULL is never true
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE c_custkey NOT IN (SELECT CASE WHEN o_orderkey = 1 THEN NULL ELSE o_custkey END FROM orders)");
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders WHERE o_orderstatus = 'F')");
        // an empty right side
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE NOT EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey AND o_totalprice < 0)");
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey AND o_totalprice < 0)");
        // two keys, and a condition beyond the keys (no grouping then: the condition reads other columns)
        assertSameAsDuckDb("SELECT count(*) FROM partsupp WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey AND l_quantity > 45)");
        assertSameAsDuckDb("SELECT count(*) FROM customer WHERE EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey AND o_totalprice > c_acctbal * 20)");
    }

    @Test
    void globalAggregatesOfTpchFinishOnEveryWorker()
            throws SQLException
    {
        // the maximum is joined on the workers: its partial steps are broadcast to them, not gathered to the coordinator and sent back
        String sql = statement(15);
        String plan = explain(sql);
        assertEquals(1, plan.lines().filter(line -> line.contains("on the coordinator")).count(), "only the root stage runs on the coordinator:\n" + plan);
        assertTrue(plan.lines().anyMatch(line -> line.contains("Aggregate[FINAL, keys=[], max(") && line.contains("REPLICATED")), plan);
        assertSameAsDuckDb(sql);
        // Q11's threshold and Q22's average balance, joined without equality keys
        for (int query : new int[] {11, 22}) {
            String other = explain(statement(query));
            assertEquals(1, other.lines().filter(line -> line.contains("on the coordinator")).count(), "q" + query + ":\n" + other);
            assertSameAsDuckDb(statement(query));
        }
    }

    @Test
    void globalAggregatesJoinedOnTheWorkers()
            throws SQLException
    {
        assertSameAsDuckDb("SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice > (SELECT avg(o_totalprice) * 1.9 FROM orders) ORDER BY o_orderkey");
        // over no rows: max is NULL (no row passes), count is 0 (every row with 0 passes)
        assertSameAsDuckDb("SELECT count(*) FROM orders WHERE o_totalprice > (SELECT max(o_totalprice) FROM orders WHERE o_totalprice < 0)");
        assertSameAsDuckDb("SELECT count(*) FROM orders WHERE o_shippriority = (SELECT count(*) FROM orders WHERE o_totalprice < 0)");
        // several calls, and NULLs among the values
        assertSameAsDuckDb("SELECT count(*) FROM orders, (SELECT min(CASE WHEN o_orderkey % 5 = 0 THEN NULL ELSE o_totalprice END) AS low, "
                + "sum(o_totalprice) / count(*) AS mean FROM orders) t WHERE o_totalprice BETWEEN t.low * 10 AND t.mean");
        // a DOUBLE sum depends on the order of its partial steps: it is finished once, on the coordinator, so every worker compares with the same value
        String floating = "SELECT count(*) FROM orders WHERE CAST(o_totalprice AS DOUBLE) > (SELECT avg(CAST(o_totalprice AS DOUBLE)) FROM orders)";
        assertEquals(2, explain(floating).lines().filter(line -> line.contains("on the coordinator")).count(), explain(floating));
        assertSameAsDuckDb(floating);
    }

    @Test
    void countDistinctRepartitionsOnceByItsGroupKeys()
            throws SQLException
    {
        // TPC-H Q16: the distinct (brand, type, size, supplier) rows are repartitioned by (brand, type, size), where the count per group runs too
        String sql = statement(16);
        String plan = explain(sql);
        assertEquals(1, plan.lines().filter(line -> line.contains("RemoteExchange[HASH")).count(), "one hash exchange:\n" + plan);
        assertTrue(plan.contains("RemoteExchange[HASH, keys=[0, 1, 2]]"), plan);
        assertSameAsDuckDb(sql);
        // NULL group keys and NULL distinct values
        assertSameAsDuckDb("SELECT CASE WHEN l_orderkey % 7 = 0 THEN NULL ELSE l_suppkey END AS supplier, l_linestatus, "
                + "count(DISTINCT CASE WHEN l_orderkey % 3 = 0 THEN NULL ELSE l_partkey END) FROM lineitem GROUP BY 1, 2 ORDER BY 1 NULLS FIRST, 2");
        // few groups keep the repartitioning by every key
        String few = "SELECT l_returnflag, count(DISTINCT l_partkey) FROM lineitem GROUP BY l_returnflag ORDER BY 1";
        assertTrue(explain(few).contains("RemoteExchange[HASH, keys=[0, 1]]"), explain(few));
        assertSameAsDuckDb(few);
    }

    private String explain(String sql)
    {
        return ResultRows.toRows(engine.execute("EXPLAIN " + sql)).stream().map(row -> String.valueOf(row.getFirst())).collect(Collectors.joining("\n"));
    }

    private void assertSameAsDuckDb(String sql)
            throws SQLException
    {
        List<List<Object>> expected = duckDb.query(sql);
        List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
        ResultComparison.assertSameResult(expected, actual, sql.contains("ORDER BY"), sql.substring(0, Math.min(sql.length(), 120)));
    }

    private static String statement(int number)
    {
        String sql = TpchQueries.query(number).strip();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
    }
}
