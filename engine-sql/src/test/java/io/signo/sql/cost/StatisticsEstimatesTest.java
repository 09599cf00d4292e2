package io.signo.sql.cost;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Row count estimates of small plans over hand-built statistics, as the planner sees them. */
class StatisticsEstimatesTest
{
    private static final int FIRST_DAY = (int) LocalDate.of(2020, 1, 1).toEpochDay();
    private static final int LAST_DAY = (int) LocalDate.of(2020, 12, 31).toEpochDay();

    // sales: 1000 rows; store_id 1..10 (10 values), category 5 values, sale_date over 2020,
    // amount DECIMAL(10,2) 0.00..100.00, note nullable with 400 nulls
    // stores: 10 rows, store_id unique, region 3 values
    private final Catalog catalog = catalog();

    @Test
    void equiJoinWithDimensionKeepsFactRows()
    {
        assertWithin(1000, rows("SELECT * FROM sales s JOIN stores t ON s.store_id = t.store_id"), 1.5);
    }

    @Test
    void joinWithFilteredDimensionKeepsItsFraction()
    {
        // one region of three: about a third of the sales
        assertWithin(1000.0 / 3, rows("SELECT * FROM sales s JOIN stores t ON s.store_id = t.store_id WHERE t.region = 'north'"), 1.5);
    }

    @Test
    void joinOrderSeesStatistics()
    {
        RelNode plan = plan("SELECT * FROM sales s JOIN stores t ON s.store_id = t.store_id JOIN sales s2 ON s2.sale_id = s.sale_id");
        Join top = findJoin(plan);
        RelMetadataQuery metadata = top.getCluster().getMetadataQuery();
        assertWithin(1000, metadata.getRowCount(top), 1.5);
    }

    @Test
    void dateRangeSelectsItsFractionOfTheYear()
    {
        // January to March: 91 of 366 days
        assertWithin(1000 * 91.0 / 366, rows("SELECT * FROM sales WHERE sale_date >= DATE '2020-01-01' AND sale_date < DATE '2020-04-01'"), 1.1);
        assertWithin(1000 * 91.0 / 366, rows("SELECT * FROM sales WHERE sale_date BETWEEN DATE '2020-01-01' AND DATE '2020-03-31'"), 1.1);
        assertWithin(1000 * 91.0 / 366, rows("SELECT * FROM sales WHERE sale_date >= DATE '2020-01-01' AND sale_date < DATE '2020-01-01' + INTERVAL '3' MONTH"), 1.1);
        assertWithin(1000 * 275.0 / 366, rows("SELECT * FROM sales WHERE sale_date >= DATE '2020-04-01'"), 1.1);
    }

    @Test
    void rangeOutsideTheValuesSelectsAlmostNothing()
    {
        assertTrue(rows("SELECT * FROM sales WHERE sale_date > DATE '2021-06-01'") <= 2);
    }

    @Test
    void decimalRangeUsesScaledBounds()
    {
        assertWithin(250, rows("SELECT * FROM sales WHERE amount < 25.00"), 1.1);
        assertWithin(500, rows("SELECT * FROM sales WHERE amount > 50"), 1.1);
    }

    @Test
    void equalityAndInUseDistinctValues()
    {
        assertWithin(200, rows("SELECT * FROM sales WHERE category = 'toys'"), 1.1);
        assertWithin(400, rows("SELECT * FROM sales WHERE category IN ('toys', 'food')"), 1.1);
        assertWithin(800, rows("SELECT * FROM sales WHERE category <> 'toys'"), 1.1);
    }

    @Test
    void booleanCombinations()
    {
        // OR: 0.2 + 0.1 - 0.02; NOT: complement; AND: product
        assertWithin(280, rows("SELECT * FROM sales WHERE category = 'toys' OR store_id = 3"), 1.1);
        assertWithin(800, rows("SELECT * FROM sales WHERE NOT (category = 'toys')"), 1.1);
        assertWithin(1000 * 0.2 * 0.1, rows("SELECT * FROM sales WHERE category = 'toys' AND store_id = 3"), 1.1);
    }

    @Test
    void nullsCountFromStatistics()
    {
        assertWithin(400, rows("SELECT * FROM sales WHERE note IS NULL"), 1.05);
        assertWithin(600, rows("SELECT * FROM sales WHERE note IS NOT NULL"), 1.05);
    }

    @Test
    void outerJoinsMakeTheUnmatchedRowsNull()
    {
        // a third of the sales have a northern store: the others come out of the LEFT join with NULL store columns
        String left = "SELECT * FROM sales s LEFT JOIN (SELECT * FROM stores WHERE region = 'north') t ON s.store_id = t.store_id";
        assertWithin(1000 * 2.0 / 3, rows(left + " WHERE t.store_id IS NULL"), 1.5);
        assertWithin(1000 / 3.0, rows(left + " WHERE t.store_id IS NOT NULL"), 1.5);
        // the rows a NOT IN keeps (TPC-H Q16's shape: a LEFT join with the subquery's distinct values, then IS NULL)
        assertWithin(1000 * 2.0 / 3, rows("SELECT * FROM sales WHERE store_id NOT IN (SELECT store_id FROM stores WHERE region = 'north')"), 1.5);
        // the preserved side's own columns keep their statistics
        assertWithin(400, rows(left + " WHERE s.note IS NULL"), 1.05);
    }

    @Test
    void groupByEstimatesDistinctValues()
    {
        assertWithin(5, rows("SELECT category, count(*) FROM sales GROUP BY category"), 1.01);
        assertWithin(50, rows("SELECT category, store_id, count(*) FROM sales GROUP BY category, store_id"), 1.01);
        assertEquals(1, rows("SELECT count(*) FROM sales"), 0.01);
        // a key with more combinations than rows has at most one group per row
        assertTrue(rows("SELECT sale_id, category FROM sales GROUP BY sale_id, category") <= 1000);
    }

    @Test
    void groupByCountTakesFewValues()
    {
        // TPC-H Q13's shape: the sales per store, then the stores per count of sales. 1000 rows spread
        // over groups with k different counts hold at least 0 + 1 + ... + (k - 1) rows: k is at most 45.2,
        // and no statistic says it is much smaller
        double counts = rows("SELECT c, count(*) FROM (SELECT sale_id, count(*) AS c FROM sales GROUP BY sale_id) GROUP BY c");
        assertTrue(counts >= 10 && counts <= 45.3, "estimated " + counts);
        double notNullNotes = rows("SELECT c, count(*) FROM (SELECT sale_id, count(note) AS c FROM sales GROUP BY sale_id) GROUP BY c");
        assertTrue(notNullNotes >= 10 && notNullNotes <= 45.3, "estimated " + notNullNotes);
        // with a group column beside the count, each of its values may have every count
        double withCategory = rows("SELECT category, c, count(*) FROM (SELECT category, store_id, count(*) AS c FROM sales GROUP BY category, store_id) GROUP BY category, c");
        assertTrue(withCategory >= 5 && withCategory <= 50, "estimated " + withCategory);
    }

    @Test
    void groupByAfterJoinSeesDimensionValues()
    {
        assertWithin(3, rows("SELECT t.region, sum(s.amount) FROM sales s JOIN stores t ON s.store_id = t.store_id GROUP BY t.region"), 1.01);
    }

    @Test
    void havingOnSumUsesTheRangeOfGroupSums()
    {
        // 5 categories of 200 sales, amounts 0..100: a category's sum lies in 0..20000
        assertWithin(5 * 0.25, rows("SELECT category FROM sales GROUP BY category HAVING sum(amount) > 15000"), 1.1);
        assertWithin(5 * 0.5, rows("SELECT category FROM sales GROUP BY category HAVING max(amount) < 50"), 1.1);
    }

    @Test
    void semiAndAntiJoinsStayWithinTheLeftSide()
    {
        double semi = rows("SELECT * FROM sales WHERE store_id IN (SELECT store_id FROM stores WHERE region = 'north')");
        assertTrue(semi <= 1000, "semi join " + semi);
        assertWithin(1000.0 / 3, semi, 1.5);
        double anti = rows("SELECT * FROM sales s WHERE NOT EXISTS (SELECT 1 FROM stores t WHERE t.store_id = s.store_id AND t.region = 'north')");
        assertTrue(anti <= 1000, "anti join " + anti);
    }

    @Test
    void distinctCountsComeFromColumnStatistics()
    {
        RelNode plan = plan("SELECT store_id, category FROM sales");
        RelMetadataQuery metadata = plan.getCluster().getMetadataQuery();
        assertEquals(10, metadata.getDistinctRowCount(plan, ImmutableBitSet.of(0), null), 0.01);
        assertEquals(5, metadata.getDistinctRowCount(plan, ImmutableBitSet.of(1), null), 0.01);
        assertEquals(50, metadata.getDistinctRowCount(plan, ImmutableBitSet.of(0, 1), null), 0.01);
    }

    @Test
    void emptyTableEstimatesNoRows()
    {
        assertTrue(rows("SELECT * FROM empty_table e JOIN stores t ON e.store_id = t.store_id WHERE e.store_id > 3") <= 1);
    }

    private double rows(String sql)
    {
        RelNode plan = plan(sql);
        return plan.getCluster().getMetadataQuery().getRowCount(plan);
    }

    private RelNode plan(String sql)
    {
        return new LogicalPlanner(catalog).plan(sql).root();
    }

    private static Join findJoin(RelNode rel)
    {
        if (rel instanceof Join join) {
            return join;
        }
        for (RelNode input : rel.getInputs()) {
            Join join = findJoin(input);
            if (join != null) {
                return join;
            }
        }
        return null;
    }

    private static void assertWithin(double expected, double actual, double factor)
    {
        assertTrue(actual >= expected / factor && actual <= expected * factor,
                "expected " + expected + " within a factor of " + factor + ", estimated " + actual);
    }

    private static Catalog catalog()
    {
        Catalog catalog = new Catalog("test");
        catalog.addTable(new Table("sales",
                List.of(new Column("sale_id", Type.BIGINT), new Column("store_id", Type.INTEGER), new Column("category", Type.VARCHAR),
                        new Column("sale_date", Type.DATE), new Column("amount", Type.decimal(10, 2)), new Column("note", Type.VARCHAR)),
                List.of(), Partitioning.hash("sale_id"),
                new TableStatistics(1000, Map.of(
                        "sale_id", new ColumnStatistics(1000, 0, 1L, 1000L, 8),
                        "store_id", new ColumnStatistics(10, 0, 1, 10, 4),
                        "category", new ColumnStatistics(5, 0, "books", "toys", 5),
                        "sale_date", new ColumnStatistics(366, 0, FIRST_DAY, LAST_DAY, 4),
                        "amount", new ColumnStatistics(900, 0, 0L, 10000L, 8),
                        "note", new ColumnStatistics(50, 400, "a", "z", 10)))));
        catalog.addTable(new Table("stores",
                List.of(new Column("store_id", Type.INTEGER), new Column("region", Type.VARCHAR)),
                List.of(), Partitioning.replicatedTable(),
                new TableStatistics(10, Map.of(
                        "store_id", new ColumnStatistics(10, 0, 1, 10, 4),
                        "region", new ColumnStatistics(3, 0, "east", "west", 5)))));
        catalog.addTable(new Table("empty_table",
                List.of(new Column("store_id", Type.INTEGER)),
                List.of(), Partitioning.hash("store_id"),
                new TableStatistics(0, Map.of("store_id", new ColumnStatistics(0, 0, null, null, 0)))));
        return catalog;
    }
}
