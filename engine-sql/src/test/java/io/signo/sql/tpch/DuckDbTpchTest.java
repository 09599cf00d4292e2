package io.signo.sql.tpch;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class DuckDbTpchTest
{
    private static final double SCALE_FACTOR = 0.01;

    private static TpchDataSet dataSet;
    private static Catalog catalog;
    private static DuckDbTpch duckDb;

    @BeforeAll
    static void load()
            throws SQLException
    {
        dataSet = TpchData.generateDataSet(SCALE_FACTOR, 2, MemoryPool.unbounded("duckdb-test"));
        catalog = dataSet.catalog();
        duckDb = DuckDbTpch.load(catalog);
    }

    @AfterAll
    static void close()
            throws SQLException
    {
        duckDb.close();
        dataSet.close();
    }

    @Test
    void loadsEveryRowOfEveryTable()
            throws SQLException
    {
        assertEquals(8, catalog.tables().size());
        for (Table table : catalog.tables()) {
            assertEquals(table.statistics().rowCount(), duckDb.rowCount(table.name()), table.name());
        }
        assertEquals(60175, duckDb.rowCount("lineitem"));
    }

    @Test
    void keepsTypesAndValues()
            throws SQLException
    {
        List<List<Object>> types = duckDb.query("""
                SELECT column_name, data_type FROM information_schema.columns
                WHERE table_name = 'lineitem' AND column_name IN ('l_orderkey', 'l_linenumber', 'l_quantity', 'l_shipdate', 'l_comment')
                ORDER BY column_name""");
        assertEquals(List.of(
                List.of("l_comment", "VARCHAR"),
                List.of("l_linenumber", "INTEGER"),
                List.of("l_orderkey", "BIGINT"),
                List.of("l_quantity", "DECIMAL(15,2)"),
                List.of("l_shipdate", "DATE")), types);

        assertEquals(List.of(List.of(1L, 1552L, 1, new BigDecimal("17.00"), new BigDecimal("24710.35"), new BigDecimal("0.04"),
                "N", LocalDate.of(1996, 3, 13), "TRUCK", "egular courts above the")),
                duckDb.query("""
                        SELECT l_orderkey, l_partkey, l_linenumber, l_quantity, l_extendedprice, l_discount,
                               l_returnflag, l_shipdate, l_shipmode, l_comment
                        FROM lineitem WHERE l_orderkey = 1 AND l_linenumber = 1"""));
        // VARCHAR keeps the generator's trailing space
        assertEquals(List.of(List.of("nstructions sleep furiously among ")), duckDb.query("SELECT o_comment FROM orders WHERE o_orderkey = 1"));

        // whole columns agree, not just one row
        BigDecimal signoSum = BigDecimal.ZERO;
        long signoDays = 0;
        Table lineitem = catalog.table("lineitem");
        for (Partition partition : lineitem.partitions()) {
            for (Segment segment : partition.segments()) {
                ColumnVector prices = segment.readAll().column(lineitem.columnIndex("l_extendedprice"));
                ColumnVector shipDates = segment.readAll().column(lineitem.columnIndex("l_shipdate"));
                for (int p = 0; p < prices.positionCount(); p++) {
                    signoSum = signoSum.add(BigDecimal.valueOf(prices.getLong(p), 2));
                    signoDays += shipDates.getInt(p);
                }
            }
        }
        List<Object> sums = duckDb.query("SELECT sum(l_extendedprice), sum(l_shipdate - DATE '1970-01-01') FROM lineitem").getFirst();
        assertEquals(signoSum, sums.get(0));
        assertEquals(BigDecimal.valueOf(signoDays), io.signo.reference.ResultComparison.normalize(sums.get(1)));
    }

    @Test
    void returnsNullsAndEmptyResults()
            throws SQLException
    {
        assertEquals(List.of(), duckDb.query("SELECT n_name FROM nation WHERE n_nationkey < 0"));
        assertEquals(List.of(Arrays.asList(null, 0L)), duckDb.query("SELECT max(n_name), count(*) FROM nation WHERE n_nationkey < 0"));
    }

    @Test
    void runsAllTwentyTwoQueriesWithValidationParameters()
            throws SQLException
    {
        List<String> failures = new ArrayList<>();
        for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
            try {
                duckDb.query(TpchQueries.query(number));
            }
            catch (SQLException e) {
                failures.add("Q" + number + ": " + e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures));
        }
        // results with known shapes
        List<List<Object>> q1 = duckDb.query(TpchQueries.query(1));
        assertEquals(4, q1.size());
        assertEquals(List.of("A", "F"), q1.getFirst().subList(0, 2));
        assertEquals(1, duckDb.query(TpchQueries.query(6)).size());
        assertEquals(5, duckDb.query(TpchQueries.query(4)).size());
        assertTrue(duckDb.query(TpchQueries.query(3)).size() <= 10);
        assertEquals(2, duckDb.query(TpchQueries.query(12)).size());
        assertFalse(duckDb.query(TpchQueries.query(13)).isEmpty());
    }

    @Test
    void runsRandomDrawsOfAllQueries()
    {
        List<String> failures = new ArrayList<>();
        for (int seed = 1; seed <= 3; seed++) {
            for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
                String sql = TpchQueries.query(number, new SplittableRandom(seed * 100L + number), SCALE_FACTOR);
                try {
                    duckDb.query(sql);
                }
                catch (SQLException e) {
                    failures.add("Q" + number + " seed " + seed + ": " + e.getMessage());
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures));
        }
    }

    @Test
    void resultsCompareEqualToThemselvesInAnyOrder()
            throws SQLException
    {
        for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
            List<List<Object>> result = duckDb.query(TpchQueries.query(number));
            List<List<Object>> reversed = new ArrayList<>(result);
            java.util.Collections.reverse(reversed);
            ResultComparison.assertSameResult(result, result, true, "Q" + number);
            ResultComparison.assertSameResult(result, reversed, false, "Q" + number);
        }
    }
}
