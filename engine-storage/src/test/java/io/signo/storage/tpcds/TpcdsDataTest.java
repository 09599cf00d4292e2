package io.signo.storage.tpcds;

import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpcdsDataTest
{
    private static final double SCALE_FACTOR = 0.01;

    private static MemoryPool pool;
    private static GeneratedDataSet dataSet;
    private static Catalog catalog;

    @BeforeAll
    static void generate()
    {
        pool = new MemoryPool("tpcds-test", 1L << 30);
        dataSet = TpcdsData.generateDataSet(SCALE_FACTOR, 3, pool);
        catalog = dataSet.catalog();
    }

    @AfterAll
    static void release()
    {
        dataSet.close();
        assertEquals(0, pool.reservedBytes(), "closing the data set returns all memory to the pool");
    }

    @Test
    void generatesTheTwentyFourTablesWithEveryRowOfTheGenerator()
    {
        assertEquals(24, catalog.tables().size());
        assertEquals(TpcdsData.tableNames().size(), catalog.tables().size());
        // the largest tables' counts at SF 0.01, the others counted from the generator here
        Map<String, Long> largest = Map.of(
                "store_sales", 120_527L,
                "catalog_sales", 89_807L,
                "inventory", 261_261L,
                "customer_demographics", 1_920_800L,
                "store_returns", 11_925L,
                "catalog_returns", 8_923L);
        for (String name : TpcdsData.tableNames()) {
            Table table = catalog.table(name);
            if (largest.containsKey(name)) {
                assertEquals(largest.get(name), table.statistics().rowCount(), name);
                assertEquals(largest.get(name), rowCount(table), name);
                continue;
            }
            io.trino.tpcds.Table generatorTable = io.trino.tpcds.Table.getTable(name);
            Session session = Session.getDefaultSession().withScale(SCALE_FACTOR).withTable(generatorTable).withNoSexism(false);
            long expected = 0;
            for (List<List<String>> ignored : Results.constructResults(generatorTable, session)) {
                expected++;
            }
            assertEquals(expected, table.statistics().rowCount(), name);
            assertEquals(expected, rowCount(table), name);
        }
        assertTrue(catalog.table("store").partitioning().replicated());
        assertFalse(catalog.table("store_sales").partitioning().replicated());
        assertEquals(3, catalog.table("store_sales").partitionCount());
    }

    @Test
    void keepsTheLibrarysColumnTypes()
    {
        Table storeSales = catalog.table("store_sales");
        assertEquals(Type.BIGINT, storeSales.columns().get(storeSales.columnIndex("ss_item_sk")).type());
        assertEquals(Type.INTEGER, storeSales.columns().get(storeSales.columnIndex("ss_quantity")).type());
        assertEquals(Type.decimal(7, 2), storeSales.columns().get(storeSales.columnIndex("ss_net_paid")).type());
        Table dateDim = catalog.table("date_dim");
        assertEquals(Type.DATE, dateDim.columns().get(dateDim.columnIndex("d_date")).type());
        assertEquals(Type.character(16), dateDim.columns().get(dateDim.columnIndex("d_date_id")).type());
        Table item = catalog.table("item");
        assertEquals(Type.varchar(200), item.columns().get(item.columnIndex("i_item_desc")).type());
        Table promotion = catalog.table("promotion");
        assertEquals(Type.decimal(15, 2), promotion.columns().get(promotion.columnIndex("p_cost")).type());
    }

    @Test
    void parsesValuesAndKeepsTheGeneratorsNulls()
    {
        // the first row of call_center: 1, AAAAAAAABAAAAAAA, 1998-01-01, NULL (rec_end_date), NULL (closed_date_sk), ...
        Table callCenter = catalog.table("call_center");
        Page page = callCenter.partitions().getFirst().segments().getFirst().readAll();
        assertEquals(1L, page.column(callCenter.columnIndex("cc_call_center_sk")).getLong(0));
        assertEquals("AAAAAAAABAAAAAAA", page.column(callCenter.columnIndex("cc_call_center_id")).getString(0));
        assertEquals(LocalDate.of(1998, 1, 1).toEpochDay(), page.column(callCenter.columnIndex("cc_rec_start_date")).getInt(0));
        assertTrue(page.column(callCenter.columnIndex("cc_rec_end_date")).isNull(0));
        assertTrue(page.column(callCenter.columnIndex("cc_closed_date_sk")).isNull(0));
        // DECIMAL(5,2) -5 and 0.11
        assertEquals(-500L, page.column(callCenter.columnIndex("cc_gmt_offset")).getLong(0));
        assertEquals(11L, page.column(callCenter.columnIndex("cc_tax_percentage")).getLong(0));

        // NULLs are counted in the statistics, which then describe the other values only
        ColumnStatistics customerSk = catalog.table("store_sales").statistics().columns().get("ss_customer_sk");
        assertTrue(customerSk.nullCount() > 0, customerSk.toString());
        assertTrue((Long) customerSk.min() >= 1, customerSk.toString());
        ColumnStatistics login = catalog.table("customer").statistics().columns().get("c_login");
        assertEquals(1000, login.nullCount(), "the generator leaves c_login NULL");
        assertNull(login.min());
        ColumnStatistics dateSk = catalog.table("date_dim").statistics().columns().get("d_date_sk");
        assertEquals(0, dateSk.nullCount());

        long nulls = 0;
        Table storeSales = catalog.table("store_sales");
        for (Partition partition : storeSales.partitions()) {
            for (Segment segment : partition.segments()) {
                ColumnVector column = segment.readAll().column(storeSales.columnIndex("ss_customer_sk"));
                for (int position = 0; position < column.positionCount(); position++) {
                    nulls += column.isNull(position) ? 1 : 0;
                }
            }
        }
        assertEquals(customerSk.nullCount(), nulls);
    }

    @Test
    void parsesDecimalsAndDates()
    {
        assertEquals(-77973, GeneratedValues.unscaledDecimal("-779.73", 2));
        assertEquals(-500, GeneratedValues.unscaledDecimal("-5", 2));
        assertEquals(10, GeneratedValues.unscaledDecimal("0.1", 2));
        assertEquals(100000, GeneratedValues.unscaledDecimal("1000.00", 2));
        assertThrows(NumberFormatException.class, () -> GeneratedValues.unscaledDecimal("1.234", 2));
        assertThrows(NumberFormatException.class, () -> GeneratedValues.unscaledDecimal("", 2));
        assertEquals(LocalDate.of(1900, 1, 2).toEpochDay(), GeneratedValues.epochDay("1900-01-02"));
        assertThrows(IllegalArgumentException.class, () -> GeneratedValues.epochDay("1900-1-02"));
    }

    @Test
    void listsTheQueriesWithBothStatementsOfTheFourDoubleTemplates()
    {
        assertEquals(103, TpcdsQueries.names().size());
        assertEquals(List.of("q13", "q14a", "q14b", "q15"), TpcdsQueries.names().subList(12, 16));
        for (String name : TpcdsQueries.names()) {
            String sql = TpcdsQueries.query(name);
            assertFalse(sql.endsWith(";"), name);
            assertFalse(sql.contains(";"), name + " is one statement");
        }
        assertThrows(IllegalArgumentException.class, () -> TpcdsQueries.query("q14"));
    }

    private static long rowCount(Table table)
    {
        long rows = 0;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                rows += segment.readAll().positionCount();
            }
        }
        return rows;
    }
}
