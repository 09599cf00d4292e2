package io.signo.storage.tpcds;

import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedTpcdsTablesTest
{
    private static final double SCALE = 0.01;

    /**
     * Every table generated segment by segment (ranges of the generator's units) holds exactly the
     * rows, in order and column by column, of the same table generated whole into memory.
     */
    @Test
    void segmentsHoldTheRowsOfTheWholeTable()
    {
        try (GeneratedDataSet whole = TpcdsData.generateDataSet(SCALE, 1, partition -> true, 2, MemoryPool.unbounded("tpcds"))) {
            for (String name : GeneratedTpcdsTables.tableNames()) {
                Table generated = GeneratedTpcdsTables.table(name, SCALE);
                List<List<Object>> expected = rows(whole.catalog().table(name));
                List<List<Object>> actual = rows(generated);
                assertEquals(expected.size(), actual.size(), name + " rows");
                for (int row = 0; row < expected.size(); row++) {
                    assertEquals(expected.get(row), actual.get(row), name + " row " + row);
                }
                if (name.equals("store_sales") || name.equals("inventory") || name.equals("date_dim")) {
                    assertTrue(generated.partitions().size() > 1, name + " is cut into several segments");
                }
                long estimated = generated.statistics().rowCount();
                assertTrue(estimated > expected.size() * 0.8 && estimated < expected.size() * 1.25, name + " estimates " + estimated + " rows for " + expected.size());
            }
        }
    }

    @Test
    void namesAndScaleFactors()
    {
        assertNull(GeneratedTpcdsTables.table("lineitem", SCALE));
        assertEquals("store_sales", GeneratedTpcdsTables.table("STORE_SALES", SCALE).name());
        assertEquals(0.1, GeneratedTpcdsTables.scaleFactor(GeneratedTpcdsTables.schemaName(0.1)));
        assertThrows(IllegalArgumentException.class, () -> GeneratedTpcdsTables.table("item", 0));
        assertEquals("CREATE TABLE store WITH (replicated = true) AS SELECT * FROM tpcds.sf1.store", GeneratedTpcdsTables.loadStatement("store", 1));
        assertEquals("CREATE TABLE store_sales AS SELECT * FROM tpcds.sf0_1.store_sales", GeneratedTpcdsTables.loadStatement("store_sales", 0.1));
    }

    private static List<List<Object>> rows(Table table)
    {
        int columnCount = table.columns().size();
        int[] columns = new int[columnCount];
        for (int c = 0; c < columnCount; c++) {
            columns[c] = c;
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                Page page = segment.read(columns);
                for (int p = 0; p < page.positionCount(); p++) {
                    List<Object> row = new ArrayList<>(columnCount);
                    for (int c = 0; c < columnCount; c++) {
                        row.add(page.column(c).isNull(p) ? null : page.column(c).getObject(p));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
