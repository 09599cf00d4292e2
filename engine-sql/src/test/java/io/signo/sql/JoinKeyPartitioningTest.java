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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An inner join whose probe side is partitioned on a join key it does not output stays partitioned on
 * the build side's equal key, so the joins and aggregations above on that key need no exchange; an
 * outer join does not (its unmatched rows have NULL build keys on any worker). Answers on three
 * workers with 7-row pages equal DuckDB's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JoinKeyPartitioningTest
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
    void tpchQ21JoinsLineitemWhereItLies()
            throws SQLException
    {
        String sql = statement(21);
        String plan = explain(sql);
        // orders ⋈ lineitem outputs only l_orderkey of the two order keys: the EXISTS and NOT EXISTS on lineitem stay co-located
        for (String line : plan.lines().filter(line -> line.contains("HashJoin[SEMI") || line.contains("HashJoin[ANTI")).toList()) {
            assertTrue(line.contains("distribution=COLOCATED"), plan);
        }
        assertEquals(1, plan.lines().filter(line -> line.contains("RemoteExchange[HASH")).count(), "only the aggregation repartitions, not lineitem:\n" + plan);
        assertSameAsDuckDb(sql);
    }

    @Test
    void aggregationOnTheBuildKeyAfterAnInnerJoinNeedsNoExchange()
            throws SQLException
    {
        String sql = "SELECT l_orderkey, count(*), sum(l_quantity) FROM orders JOIN lineitem ON o_orderkey = l_orderkey WHERE o_orderstatus = 'F' GROUP BY l_orderkey";
        assertSameAsDuckDb(sql);
        assertSameAsDuckDb("SELECT l_orderkey, count(*) FROM orders JOIN lineitem ON o_orderkey = l_orderkey AND o_custkey <> l_suppkey GROUP BY l_orderkey HAVING count(*) > 3");
    }

    @Test
    void anOuterJoinsNullKeysAreGroupedOnce()
            throws SQLException
    {
        // orders without a matching line come out with a NULL l_orderkey on every worker: one group of them
        assertSameAsDuckDb("SELECT l_orderkey IS NULL AS unmatched, count(*) FROM orders LEFT JOIN (SELECT * FROM lineitem WHERE l_quantity < 3) l ON o_orderkey = l_orderkey "
                + "GROUP BY l_orderkey IS NULL ORDER BY unmatched");
        assertSameAsDuckDb("SELECT l_orderkey, count(*) FROM orders LEFT JOIN (SELECT * FROM lineitem WHERE l_quantity < 3) l ON o_orderkey = l_orderkey "
                + "GROUP BY l_orderkey ORDER BY l_orderkey NULLS FIRST LIMIT 5");
    }

    @Test
    void anEmptyJoinStaysEmpty()
            throws SQLException
    {
        assertSameAsDuckDb("SELECT l_orderkey, count(*) FROM orders JOIN lineitem ON o_orderkey = l_orderkey WHERE o_orderstatus = 'none' GROUP BY l_orderkey");
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
