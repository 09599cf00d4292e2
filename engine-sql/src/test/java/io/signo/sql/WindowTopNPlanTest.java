package io.signo.sql;

import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A filter that bounds a ranking window function is planned as a top-N per partition, partial before
 * the exchange on three workers; other filters on windows keep the window. (windows.sql checks the answers.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowTopNPlanTest
{
    private TpchFixture tpch;

    @BeforeAll
    void load()
    {
        tpch = TpchFixture.signoOnly(Setup.of(0.01).withWorkers(3));
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @Test
    void boundedRankingIsATopNPerPartitionWithAPartialStepBeforeTheExchange()
    {
        String plan = explain("SELECT * FROM (SELECT l_suppkey, l_extendedprice, ROW_NUMBER() OVER (PARTITION BY l_suppkey ORDER BY l_extendedprice DESC) AS rn FROM lineitem) t WHERE rn <= 3");
        assertTrue(plan.contains("TopNPerPartition[ROW_NUMBER <= 3, partition="), plan);
        assertTrue(plan.contains("TopNPerPartition[PARTIAL, ROW_NUMBER <= 3"), plan);
        assertFalse(plan.contains("Window["), plan);
        assertFalse(plan.contains("filter="), "the bound is what the top-N keeps, no filter is left:\n" + plan);
        assertTrue(plan.indexOf("PARTIAL") > plan.indexOf("RemoteExchange[HASH"), "the partial step feeds the exchange:\n" + plan);
    }

    @Test
    void eachBoundAndRankingFunction()
    {
        assertTrue(explain("SELECT * FROM (SELECT n_name, RANK() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation) t WHERE r < 3")
                .contains("TopNPerPartition[RANK <= 2"));
        assertTrue(explain("SELECT * FROM (SELECT n_name, DENSE_RANK() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation) t WHERE 4 >= r")
                .contains("TopNPerPartition[DENSE_RANK <= 4"));
        String equalsOne = explain("SELECT * FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation) t WHERE r = 1");
        assertTrue(equalsOne.contains("TopNPerPartition[ROW_NUMBER <= 1") && !equalsOne.contains("filter="), equalsOne);
        String equalsTwo = explain("SELECT * FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation) t WHERE r = 2");
        assertTrue(equalsTwo.contains("TopNPerPartition[ROW_NUMBER <= 2") && equalsTwo.contains("filter="), "rank 2 only, the filter stays:\n" + equalsTwo);
    }

    @Test
    void otherFiltersOnWindowsKeepTheWindow()
    {
        // a lower bound, a window of two functions, a bound on an aggregate, no ORDER BY
        for (String sql : new String[] {
                "SELECT * FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation) t WHERE r > 3",
                "SELECT * FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r, SUM(n_nationkey) OVER (PARTITION BY n_regionkey ORDER BY n_name) AS s FROM nation) t WHERE r <= 3",
                "SELECT * FROM (SELECT n_name, COUNT(*) OVER (PARTITION BY n_regionkey ORDER BY n_name) AS c FROM nation) t WHERE c <= 3",
                "SELECT * FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey) AS r FROM nation) t WHERE r <= 3"}) {
            String plan = explain(sql);
            assertTrue(plan.contains("Window[") && !plan.contains("TopNPerPartition"), sql + "\n" + plan);
        }
    }

    private String explain(String sql)
    {
        var rows = ResultRows.toRows(tpch.engine().execute("EXPLAIN " + sql));
        assertFalse(rows.isEmpty());
        assertEquals(1, rows.getFirst().size());
        return rows.stream().map(row -> row.getFirst().toString()).collect(Collectors.joining("\n"));
    }
}
