package io.signo.sql.rule;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.junit.jupiter.api.Assertions.assertEquals;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AggregateSemiJoinReductionTest
{
    private TpchDataSet dataSet;
    private LogicalPlanner planner;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 1, MemoryPool.unbounded("semi-join-reduction-test"));
        planner = new LogicalPlanner(dataSet.catalog());
    }

    @AfterAll
    void close()
    {
        dataSet.close();
    }

    @Test
    void aggregateJoinedWithFewKeysReadsOnlyThoseKeys()
    {
        RelNode plan = planner.plan("""
                SELECT p_partkey, t.average
                FROM part
                JOIN (SELECT l_partkey, avg(l_quantity) AS average FROM lineitem GROUP BY l_partkey) t ON t.l_partkey = p_partkey
                WHERE p_brand = 'Brand#23' AND p_container = 'MED BOX'
                """).root();
        assertEquals(1, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void keysReachTheAggregateThroughAChainOfInnerJoins()
    {
        // TPC-H Q2: join ordering joins the min cost per part with partsupp, supplier, nation and
        // region before the few parts of size 15 and type %BRASS, whose keys reach it through partsupp
        RelNode plan = planner.plan(TpchQueries.query(2)).root();
        assertEquals(1, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void aggregateJoinedWithManyKeysIsLeftAlone()
    {
        // every order joins: filtering lineitem by all order keys would only cost a join
        RelNode plan = planner.plan("""
                SELECT o_orderkey, t.lines
                FROM orders
                JOIN (SELECT l_orderkey, count(*) AS lines FROM lineitem GROUP BY l_orderkey) t ON t.l_orderkey = o_orderkey
                """).root();
        assertEquals(0, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void aggregateJoinedWithAWholeTableIsLeftAlone()
    {
        // every supplier key is kept: a semi join with all of supplier would filter nothing
        RelNode plan = planner.plan("""
                SELECT s_suppkey, s_name, t.total
                FROM supplier
                JOIN (SELECT l_suppkey, sum(l_extendedprice) AS total FROM lineitem GROUP BY l_suppkey) t ON t.l_suppkey = s_suppkey
                """).root();
        assertEquals(0, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void joinOnAnAggregateResultIsLeftAlone()
    {
        // the key is the aggregate's result, not a group key: no row of lineitem can be dropped early
        RelNode plan = planner.plan("""
                SELECT p_partkey
                FROM part
                JOIN (SELECT l_partkey, max(l_linenumber) AS top FROM lineitem GROUP BY l_partkey) t ON t.top = p_partkey
                WHERE p_brand = 'Brand#23' AND p_container = 'MED BOX'
                """).root();
        assertEquals(0, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void leftJoinIsLeftAlone()
    {
        // an outer join keeps every group of the aggregate's side
        RelNode plan = planner.plan("""
                SELECT t.l_partkey, t.average, p_partkey
                FROM (SELECT l_partkey, avg(l_quantity) AS average FROM lineitem GROUP BY l_partkey) t
                LEFT JOIN (SELECT p_partkey FROM part WHERE p_brand = 'Brand#23' AND p_container = 'MED BOX') p ON t.l_partkey = p_partkey
                """).root();
        assertEquals(0, reducedAggregates(plan), LogicalPlanner.describe(plan));
    }

    private static int reducedAggregates(RelNode rel)
    {
        int count = 0;
        if (rel instanceof Aggregate aggregate) {
            RelNode input = aggregate.getInput();
            while (input instanceof Project project) {
                input = project.getInput();
            }
            if (input instanceof Join join && join.getJoinType() == JoinRelType.SEMI) {
                count++;
            }
        }
        for (RelNode input : rel.getInputs()) {
            count += reducedAggregates(input);
        }
        return count;
    }
}
