package io.signo.sql.rule;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.table.Catalog;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.sql.rule.JoinPlans.joins;
import static io.signo.sql.rule.JoinPlans.table;
import static io.signo.sql.rule.JoinPlans.toMultiJoinsThen;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two small inputs each cut a large one down, and the two large ones join many to many on a key of
 * ten values: a' (one row of a) with x, y with b' (one row of b), each about 10 rows, and then those
 * two joined. Every left-deep order joins x with y while one of them is still whole (about 100,000
 * rows); the bushy tree never holds more than 10.
 */
class MultiJoinOptimizeExhaustiveTest
{
    private static final String QUERY = """
            SELECT count(*) FROM a, x, y, b
            WHERE a.id_a = 5 AND b.id_b = 7 AND a.id_a = x.a_x AND x.k_x = y.k_y AND y.b_y = b.id_b
            """;

    private final Catalog catalog = catalog();

    @Test
    void bushyTreeIsChosenWhereItIsCheaper()
    {
        JoinPlans plans = new JoinPlans(catalog, List.of("a", "x", "y", "b"));
        RelNode leftDeep = leftDeepPlan(plans);
        RelNode exhaustive = toMultiJoinsThen(leftDeep, SignoRules.MULTI_JOIN_OPTIMIZE_EXHAUSTIVE);
        RelNode calcite = toMultiJoinsThen(leftDeep, CoreRules.MULTI_JOIN_OPTIMIZE);
        assertTrue(bushy(exhaustive), LogicalPlanner.describe(exhaustive));
        assertTrue(joinRows(exhaustive) < joinRows(leftDeep) / 100, joinRows(exhaustive) + " rows joined against " + joinRows(leftDeep) + " left-deep");
        assertTrue(joinRows(exhaustive) <= joinRows(calcite), joinRows(exhaustive) + " rows joined against LoptOptimizeJoinRule's " + joinRows(calcite));
        for (Join join : joins(exhaustive)) {
            assertFalse(join.getCondition().isAlwaysTrue(), "a cross product in " + LogicalPlanner.describe(exhaustive));
        }
    }

    @Test
    void plannerKeepsTheBushyPlan()
    {
        RelNode plan = new LogicalPlanner(catalog).plan(QUERY).root();
        assertTrue(bushy(plan), LogicalPlanner.describe(plan));
    }

    @Test
    void plannerKeepsALeftDeepPlanWhereItIsCheapest()
    {
        // a chain of joins on the keys of c and d from a' outwards holds about 10 rows at each step; joining c with d first would hold 1,000
        RelNode plan = new LogicalPlanner(catalog).plan("""
                SELECT count(*) FROM a, x, c, d
                WHERE a.id_a = 5 AND a.id_a = x.a_x AND x.c_x = c.id_c AND c.d_c = d.id_d
                """).root();
        assertFalse(bushy(plan), LogicalPlanner.describe(plan));
    }

    private static RelNode leftDeepPlan(JoinPlans plans)
    {
        RelBuilder builder = plans.builder();
        return builder.push(plans.scan("a")).filter(builder.equals(builder.field("id_a"), builder.literal(5)))
                .push(plans.scan("x")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "id_a"), builder.field(2, 1, "a_x")))
                .push(plans.scan("y")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "k_x"), builder.field(2, 1, "k_y")))
                .push(plans.scan("b")).filter(builder.equals(builder.field("id_b"), builder.literal(7)))
                .join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "b_y"), builder.field(2, 1, "id_b")))
                .build();
    }

    /** Whether some join joins two joins. */
    private static boolean bushy(RelNode plan)
    {
        for (Join join : joins(plan)) {
            if (!joins(join.getLeft()).isEmpty() && !joins(join.getRight()).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The rows every join of the plan produces, as the planner estimates them: the cost join ordering minimizes. */
    private static double joinRows(RelNode plan)
    {
        RelMetadataQuery metadata = plan.getCluster().getMetadataQuery();
        double rows = 0;
        for (Join join : joins(plan)) {
            rows += metadata.getRowCount(join);
        }
        return rows;
    }

    private static Catalog catalog()
    {
        Catalog catalog = new Catalog("test");
        catalog.addTable(table("a", 10_000, "id_a", 10_000));
        catalog.addTable(table("b", 10_000, "id_b", 10_000));
        catalog.addTable(table("x", 100_000, "a_x", 10_000, "k_x", 10, "c_x", 1_000));
        catalog.addTable(table("y", 100_000, "k_y", 10, "b_y", 10_000));
        catalog.addTable(table("c", 1_000, "id_c", 1_000, "d_c", 100));
        catalog.addTable(table("d", 100, "id_d", 100));
        return catalog;
    }
}
