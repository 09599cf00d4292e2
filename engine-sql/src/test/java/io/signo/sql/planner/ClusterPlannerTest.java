package io.signo.sql.planner;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reduction rules still fold no constant expressions (as without an executor), while the simplifier
 * still folds casts of literals; if a Calcite upgrade moves the call {@link ClusterPlanner} recognizes,
 * the first test says so before the plan snapshots do.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterPlannerTest
{
    private TpchDataSet dataSet;
    private LogicalPlanner planner;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 1, MemoryPool.unbounded("cluster-planner-test"));
        planner = new LogicalPlanner(dataSet.catalog());
    }

    @AfterAll
    void close()
    {
        dataSet.close();
    }

    @Test
    void reductionRulesLeaveConstantExpressionsAlone()
    {
        String plan = plan("SELECT count(*) FROM lineitem WHERE l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY");
        assertTrue(plan.contains("-(1998-12-01, 7776000000:INTERVAL DAY)"), plan);
    }

    @Test
    void simplifierFoldsCastsOfLiterals()
    {
        // a search over a CHAR(25) column: its values are cast to CHAR(25) and folded, padded
        String plan = plan("SELECT n_nationkey FROM nation WHERE n_name = 'FRANCE' OR n_name = 'GERMANY'");
        assertTrue(plan.contains("'FRANCE                   '") && plan.contains("'GERMANY                  '"), plan);
        assertTrue(!plan.contains("CAST"), plan);
    }

    private String plan(String sql)
    {
        return LogicalPlanner.describe(planner.plan(sql).root());
    }
}
