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
 * Two plan choices that move fewer rows between workers: an aggregation of few groups whose result
 * is gathered runs its final step on the coordinator after gathering the partial groups (no hash
 * exchange, no final stage on the workers), and a SEMI or ANTI join that repartitions its right side
 * sends each worker's distinct keys (a partial aggregation before the exchange). Answers on three
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
