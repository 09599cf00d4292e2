package io.signo.sql.tpch;

import io.signo.sql.ResultRows;
import io.signo.sql.ScanCounts;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Segment pruning on TPC-H data: orders and lineitem are generated in order key order, so a range of
 * order keys rules out most segments; the results stay the same as DuckDB's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchScanPruningTest
{
    private static final int THREADS = 2;

    @RegisterExtension
    static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(Setup.of(0.1).withThreads(THREADS));

    private DuckDbTpch duckDb;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        duckDb = TPCH.fixture().duckDb();
        engine = TPCH.fixture().engine();
    }

    @Test
    void orderKeyRangePrunesSegmentsAndKeepsTheResult()
            throws Exception
    {
        String sql = "select count(*), sum(o_totalprice), min(o_orderkey), max(o_orderkey) from orders where o_orderkey between 20000 and 40000";
        assertTrue(explain(sql).contains("prune=[o_orderkey >= 20000 AND o_orderkey <= 40000]"), explain(sql));
        assertSameAsDuckDb(sql);
        ScanCounts counts = ScanCounts.of(engine, sql, THREADS);
        assertTrue(counts.pruned() > 0 && counts.pruned() < counts.segments(), counts.toString());
        // orders are clustered by key: a tenth of the key range needs few segments
        assertTrue(counts.pruned() >= counts.segments() / 2, counts.toString());
    }

    @Test
    void prunedScanEqualsTheUnfilteredScanRestricted()
            throws Exception
    {
        List<List<Object>> filtered = ResultRows.toRows(engine.execute("select o_orderkey, o_custkey from orders where o_orderkey < 1000 order by o_orderkey"));
        List<List<Object>> all = ResultRows.toRows(engine.execute("select o_orderkey, o_custkey from orders order by o_orderkey"));
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> row : all) {
            if (((Number) row.getFirst()).longValue() < 1000) {
                expected.add(row);
            }
        }
        assertEquals(expected, filtered);
        assertTrue(!filtered.isEmpty());
        assertSameAsDuckDb("select o_orderkey, o_custkey from orders where o_orderkey < 1000 order by o_orderkey");
    }

    @Test
    void filterThatRulesOutEverySegment()
            throws Exception
    {
        String sql = "select count(*), sum(o_totalprice) from orders where o_orderkey < 0";
        assertSameAsDuckDb(sql);
        ScanCounts counts = ScanCounts.of(engine, sql, THREADS);
        assertEquals(counts.segments(), counts.pruned(), counts.toString());
    }

    @Test
    void otherConstraintFormsKeepTheResult()
            throws Exception
    {
        assertSameAsDuckDb("select count(*), sum(l_quantity) from lineitem where l_shipdate <= date '1998-12-01' - interval '90' day");
        assertSameAsDuckDb("select count(*), sum(l_extendedprice) from lineitem where l_shipdate > date '1998-11-01' and l_orderkey >= 100000");
        assertSameAsDuckDb("select count(*) from lineitem where l_discount between 0.05 and 0.07 and l_quantity < 24 and l_orderkey < 50000");
        assertSameAsDuckDb("select count(*) from lineitem where l_shipmode in ('MAIL', 'SHIP') and l_orderkey in (1, 7, 32, 599975)");
        assertSameAsDuckDb("select count(*) from lineitem where l_returnflag = 'R' and l_orderkey > 59999.5");
        assertSameAsDuckDb("select count(*) from orders where o_orderkey < 100 or o_orderkey > 599000");
        assertSameAsDuckDb("select count(*) from orders where o_orderkey <> 5 and o_orderdate >= date '1998-08-01'");
        assertSameAsDuckDb("select count(*) from customer where c_mktsegment = 'BUILDING' and c_acctbal > 9999.995");
        assertSameAsDuckDb("select count(*) from part where p_size in (1, 5, 49) and p_retailprice < 901");
    }

    @Test
    void tpchQueryPlansShowPruning()
    {
        // Q6: one-year shipdate range, a discount range and a quantity bound on lineitem
        String plan = explain(TpchQueries.query(6));
        assertTrue(plan.contains("prune=[l_shipdate >= 8766 AND l_shipdate < 9131, l_discount >= 5 AND l_discount <= 7, l_quantity < 2400]"), plan);
    }

    private String explain(String sql)
    {
        return String.join("\n", PlanPrinter.render(engine.plan(sql).root()));
    }

    private void assertSameAsDuckDb(String sql)
            throws Exception
    {
        List<List<Object>> expected = duckDb.query(sql);
        List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
        ResultComparison.assertSameResult(expected, actual, sql.contains("order by"), sql);
    }
}
