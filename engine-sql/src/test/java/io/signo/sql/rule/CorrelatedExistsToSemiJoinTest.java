package io.signo.sql.rule;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plans of correlated EXISTS and NOT EXISTS: with an equality and another correlated condition
 * they are one SEMI or ANTI join keyed on the equalities with the rest as residual; otherwise they keep
 * Calcite's decorrelation. The answers themselves are checked against DuckDB in subqueries.sql.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorrelatedExistsToSemiJoinTest
{
    private TpchDataSet dataSet;
    private LogicalPlanner planner;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 1, MemoryPool.unbounded("correlated-exists-test"));
        planner = new LogicalPlanner(dataSet.catalog());
    }

    @AfterAll
    void close()
    {
        dataSet.close();
    }

    @Test
    void existsWithNotEqualIsSemiJoinWithResidual()
    {
        RelNode plan = plan("""
                SELECT count(*) FROM lineitem l1
                WHERE l1.l_orderkey < 3000
                  AND EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey)
                """);
        List<Join> joins = joins(plan, JoinRelType.SEMI);
        assertEquals(1, joins.size(), LogicalPlanner.describe(plan));
        assertKeysAndResidual(joins.getFirst(), 1, plan);
        assertEquals(2, scans(plan, "lineitem"), LogicalPlanner.describe(plan));
    }

    @Test
    void notExistsWithLessThanIsAntiJoinWithResidual()
    {
        RelNode plan = plan("""
                SELECT o.o_orderkey FROM orders o
                WHERE NOT EXISTS (SELECT * FROM orders o2 WHERE o2.o_custkey = o.o_custkey AND o2.o_orderdate < o.o_orderdate)
                """);
        List<Join> joins = joins(plan, JoinRelType.ANTI);
        assertEquals(1, joins.size(), LogicalPlanner.describe(plan));
        assertKeysAndResidual(joins.getFirst(), 1, plan);
        assertEquals(2, scans(plan, "orders"), LogicalPlanner.describe(plan));
    }

    @Test
    void notExistsOverNullableValuesIsAntiJoin()
    {
        // subqueries.sql checks the NULL semantics of this plan against DuckDB
        RelNode plan = plan("""
                SELECT t.k, t.v
                FROM (VALUES (1, 5), (1, NULL), (CAST(NULL AS INTEGER), 0)) AS t(k, v)
                WHERE NOT EXISTS (SELECT 1 FROM (VALUES (1, 10), (1, NULL), (CAST(NULL AS INTEGER), 1)) AS u(k, v) WHERE u.k = t.k AND u.v > t.v)
                """);
        List<Join> joins = joins(plan, JoinRelType.ANTI);
        assertEquals(1, joins.size(), LogicalPlanner.describe(plan));
        assertKeysAndResidual(joins.getFirst(), 1, plan);
    }

    @Test
    void twoEqualitiesAndTwoInequalitiesHashOnBothEqualities()
    {
        RelNode plan = plan("""
                SELECT ps_partkey FROM partsupp
                WHERE EXISTS (SELECT 1 FROM lineitem
                              WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey
                                AND l_quantity * 100 > ps_availqty AND l_extendedprice < ps_supplycost * 40 AND l_returnflag = 'R')
                """);
        List<Join> joins = joins(plan, JoinRelType.SEMI);
        assertEquals(1, joins.size(), LogicalPlanner.describe(plan));
        assertKeysAndResidual(joins.getFirst(), 2, plan);
    }

    @Test
    void tpchQuery21ReadsLineitemThreeTimes()
    {
        RelNode plan = plan("""
                SELECT s_name, count(*) AS numwait
                FROM supplier, lineitem l1, orders, nation
                WHERE s_suppkey = l1.l_suppkey AND o_orderkey = l1.l_orderkey AND o_orderstatus = 'F'
                  AND l1.l_receiptdate > l1.l_commitdate
                  AND EXISTS (SELECT * FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey)
                  AND NOT EXISTS (SELECT * FROM lineitem l3 WHERE l3.l_orderkey = l1.l_orderkey AND l3.l_suppkey <> l1.l_suppkey
                                  AND l3.l_receiptdate > l3.l_commitdate)
                  AND s_nationkey = n_nationkey AND n_name = 'SAUDI ARABIA'
                GROUP BY s_name
                ORDER BY numwait DESC, s_name
                LIMIT 100
                """);
        assertEquals(1, joins(plan, JoinRelType.SEMI).size(), LogicalPlanner.describe(plan));
        assertEquals(1, joins(plan, JoinRelType.ANTI).size(), LogicalPlanner.describe(plan));
        assertEquals(3, scans(plan, "lineitem"), LogicalPlanner.describe(plan));
    }

    @Test
    void notExistsWithEqualityAloneIsAntiJoinWithoutAggregate()
    {
        // TPC-H Q22's shape: Calcite's path would group all of orders by customer before a left join
        RelNode plan = plan("""
                SELECT c_custkey FROM customer
                WHERE c_acctbal > 0 AND NOT EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey)
                """);
        List<Join> joins = joins(plan, JoinRelType.ANTI);
        assertEquals(1, joins.size(), LogicalPlanner.describe(plan));
        assertEquals(List.of(0), joins.getFirst().analyzeCondition().leftKeys, LogicalPlanner.describe(plan));
        assertTrue(joins.getFirst().analyzeCondition().isEqui(), LogicalPlanner.describe(plan));
        assertFalse(LogicalPlanner.describe(plan).contains("Aggregate"), LogicalPlanner.describe(plan));
        assertEquals(1, scans(plan, "orders"), LogicalPlanner.describe(plan));
    }

    @Test
    void equalityAloneKeepsCalcitesPath()
    {
        // the translator already runs the DISTINCT Calcite builds as a semi join (TPC-H Q4)
        RelNode plan = plan("""
                SELECT o_orderkey FROM orders
                WHERE EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate)
                """);
        assertTrue(joins(plan, JoinRelType.SEMI).isEmpty(), LogicalPlanner.describe(plan));
    }

    @Test
    void existsInsideOrKeepsCalcitesPath()
    {
        RelNode plan = plan("""
                SELECT count(*) FROM lineitem l1
                WHERE l1.l_quantity > 45
                   OR EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey < l1.l_suppkey)
                """);
        assertTrue(joins(plan, JoinRelType.SEMI).isEmpty(), LogicalPlanner.describe(plan));
        assertTrue(joins(plan, JoinRelType.ANTI).isEmpty(), LogicalPlanner.describe(plan));
    }

    @Test
    void inequalityAloneKeepsCalcitesPath()
    {
        // no key to hash on: a semi join would have to compare every pair
        RelNode plan = plan("""
                SELECT count(*) FROM nation n1
                WHERE EXISTS (SELECT 1 FROM nation n2 WHERE n2.n_nationkey < n1.n_nationkey)
                """);
        assertTrue(joins(plan, JoinRelType.SEMI).isEmpty(), LogicalPlanner.describe(plan));
    }

    @Test
    void nestedInAnotherCorrelatedSubQueryKeepsCalcitesPath()
    {
        // Calcite's decorrelator would have to lift the outer scope through the ANTI join, which it cannot
        RelNode plan = plan("""
                SELECT count(*) FROM supplier
                WHERE EXISTS (SELECT 1 FROM lineitem l1
                              WHERE l1.l_suppkey = s_suppkey
                                AND NOT EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey))
                """);
        assertTrue(joins(plan, JoinRelType.ANTI).isEmpty(), LogicalPlanner.describe(plan));
    }

    private RelNode plan(String sql)
    {
        return planner.plan(sql).root();
    }

    private static void assertKeysAndResidual(Join join, int keyCount, RelNode plan)
    {
        RexBuilder rexBuilder = join.getCluster().getRexBuilder();
        JoinInfo info = join.analyzeCondition();
        assertEquals(keyCount, info.leftKeys.size(), LogicalPlanner.describe(plan));
        assertFalse(info.getRemaining(rexBuilder).isAlwaysTrue(), LogicalPlanner.describe(plan));
    }

    private static List<Join> joins(RelNode rel, JoinRelType type)
    {
        List<Join> joins = new ArrayList<>();
        collectJoins(rel, type, joins);
        return joins;
    }

    private static void collectJoins(RelNode rel, JoinRelType type, List<Join> joins)
    {
        if (rel instanceof Join join && join.getJoinType() == type) {
            joins.add(join);
        }
        for (RelNode input : rel.getInputs()) {
            collectJoins(input, type, joins);
        }
    }

    private static int scans(RelNode rel, String table)
    {
        int count = rel instanceof TableScan scan && scan.getTable().getQualifiedName().getLast().equals(table) ? 1 : 0;
        for (RelNode input : rel.getInputs()) {
            count += scans(input, table);
        }
        return count;
    }
}
