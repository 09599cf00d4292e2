package io.signo.sql.planner;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reduction rules fold constant expressions at planning, and the simplifier folds casts of literals. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConstantFoldingPlanTest
{
    private TpchDataSet dataSet;
    private LogicalPlanner planner;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 1, MemoryPool.unbounded("constant-folding-plan-test"));
        planner = new LogicalPlanner(dataSet.catalog());
    }

    @AfterAll
    void close()
    {
        dataSet.close();
    }

    @Test
    void reductionRulesFoldConstantExpressions()
    {
        String plan = plan("SELECT count(*) FROM lineitem WHERE l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY AND l_discount < 0.06 + 0.01");
        assertTrue(plan.contains("<=($10, 1998-09-02)"), plan);
        assertTrue(plan.contains("0.07"), plan);
        assertTrue(!plan.contains("INTERVAL"), plan);
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
