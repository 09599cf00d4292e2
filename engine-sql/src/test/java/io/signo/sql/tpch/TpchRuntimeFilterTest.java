package io.signo.sql.tpch;

import io.signo.core.driver.DriverFactory;
import io.signo.core.driver.TaskExecutor;
import io.signo.core.exchange.ResultBuffer;
import io.signo.core.operator.FilterProjectOperator;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.TableScanOperator;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.sql.translate.LocalExecutionPlanner;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runtime filters on TPC-H data: the joins whose builds reject most probe rows get a filter on the
 * probe side's scan, the filter drops those rows there, and the results stay DuckDB's; joins that
 * must keep unmatched probe rows get none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchRuntimeFilterTest
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
    void q12FiltersOrdersByTheLineitemKeys()
            throws Exception
    {
        String sql = TpchQueries.query(12);
        String plan = explain(sql);
        assertTrue(plan.contains("join 1: HashJoin[INNER"), plan);
        assertTrue(plan.contains("TableScan[orders, columns=[o_orderkey, o_orderpriority]], runtime filter: o_orderkey from join 1"), plan);
        List<ScanRuntimeFilter> filters = runWithFilters(sql);
        assertEquals(1, filters.size());
        ScanRuntimeFilter filter = filters.getFirst();
        // every order was tested; about 3% have a lineitem that passes Q12's filter
        assertEquals(150_000, filter.rowsTested(), filter.toString());
        assertTrue(filter.rowsRejected() > 0.9 * filter.rowsTested(), filter.toString());
        assertSameAsDuckDb(sql, true);
    }

    @Test
    void theSessionTurnsThemOff()
            throws Exception
    {
        String sql = TpchQueries.query(12);
        Session session = new Session("no-filters");
        session.set(Session.RUNTIME_FILTERS, "false");
        String plan = String.join("\n", PlanPrinter.render(engine.plan(session, sql, new QueryControl()).root()));
        assertFalse(plan.contains("runtime filter"), plan);
        assertTrue(explain(sql).contains("runtime filter"), "another session keeps them");
    }

    @Test
    void q05FiltersLineitemByTheOrdersOfItsRegion()
            throws Exception
    {
        // lineitem meets the orders of the region's customers first; supplier joins last, on its key and
        // the customer's nation, keys of two tables that no scan can test together
        String sql = TpchQueries.query(5);
        String plan = explain(sql);
        assertTrue(plan.contains("TableScan[lineitem, columns=[l_orderkey, l_suppkey, l_extendedprice, l_discount]], runtime filter: l_orderkey from join 1"), plan);
        List<ScanRuntimeFilter> filters = runWithFilters(sql);
        long lineitemRejected = 0;
        for (ScanRuntimeFilter filter : filters) {
            if (filter.description().startsWith("l_")) {
                assertTrue(filter.rowsRejected() > 0.5 * filter.rowsTested(), filter.toString());
                lineitemRejected += filter.rowsRejected();
            }
        }
        assertTrue(lineitemRejected > 0, filters.toString());
        assertSameAsDuckDb(sql, true);
    }

    @Test
    void outerAndAntiJoinsKeepTheirProbeRows()
            throws Exception
    {
        String left = "select count(*), count(l_orderkey) from orders left join (select * from lineitem where l_quantity > 49) l on o_orderkey = l_orderkey";
        assertFalse(explain(left).contains("runtime filter"), explain(left));
        assertSameAsDuckDb(left, false);
        assertSameAsDuckDb("select count(*) from orders where o_orderkey not in (select l_orderkey from lineitem where l_quantity > 49)", false);
        assertSameAsDuckDb("select count(*) from orders where not exists (select * from lineitem where l_orderkey = o_orderkey and l_quantity > 49)", false);
        assertSameAsDuckDb("select count(*) from orders where exists (select * from lineitem where l_orderkey = o_orderkey and l_quantity > 49)", false);
    }

    @Test
    void nullKeysAndEmptyBuilds()
            throws Exception
    {
        // NULL probe keys (a CASE that is NULL for most rows) never join; an empty build rejects everything
        assertSameAsDuckDb("select count(*) from (select case when mod(o_orderkey, 10) = 0 then o_custkey end as k from orders) o join customer on k = c_custkey", false);
        assertSameAsDuckDb("select count(*) from orders join customer on o_custkey = c_custkey where c_acctbal > 100000", false);
        assertSameAsDuckDb("select count(*) from orders, customer where o_custkey = c_custkey and c_mktsegment = 'BUILDING' and o_totalprice > 100000", false);
    }

    private String explain(String sql)
    {
        return String.join("\n", PlanPrinter.render(engine.plan(sql).root()));
    }

    private void assertSameAsDuckDb(String sql, boolean ordered)
            throws Exception
    {
        List<List<Object>> expected = duckDb.query(sql);
        List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
        ResultComparison.assertSameResult(expected, actual, ordered, sql);
    }

    /** Runs the query's pipelines directly to read the counters of its scans' runtime filters. */
    private List<ScanRuntimeFilter> runWithFilters(String sql)
            throws Exception
    {
        // the results are small: the buffer holds them all without a reader
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        List<DriverFactory> pipelines = new LocalExecutionPlanner(FragmentedPlan.fragment(engine.plan(sql).root(), ClusterShape.singleNode(THREADS))).planAllNodes(result);
        List<ScanRuntimeFilter> filters = new ArrayList<>();
        for (DriverFactory pipeline : pipelines) {
            for (OperatorFactory factory : pipeline.operatorFactories()) {
                // a scan applies its filters, or the filter-and-project right above it does
                if (factory instanceof TableScanOperator.Factory scan) {
                    filters.addAll(scan.runtimeFilters());
                }
                if (factory instanceof FilterProjectOperator.FilterProjectOperatorFactory filterProject) {
                    filters.addAll(filterProject.runtimeFilters());
                }
            }
        }
        try (TaskExecutor executor = new TaskExecutor(THREADS)) {
            executor.execute(pipelines, MemoryPool.unbounded("query")).get(60, TimeUnit.SECONDS);
        }
        return filters;
    }
}
