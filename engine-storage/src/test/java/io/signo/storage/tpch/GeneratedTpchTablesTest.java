package io.signo.storage.tpch;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class GeneratedTpchTablesTest
{
    /** A scale at which the generator's last part of lineitem takes a remainder of orders beyond the even share. */
    private static final double SCALE = 0.05;

    @Test
    void generatedTablesHoldTheRowsOfTheGeneratedCatalog()
    {
        Catalog generated = TpchData.generate(SCALE, 2, MemoryPool.unbounded("tpch"));
        for (String name : GeneratedTpchTables.tableNames()) {
            Table table = GeneratedTpchTables.table(name, SCALE);
            assertNotNull(table, name);
            long[] expected = rowsAndKeySum(generated.table(name));
            long[] actual = rowsAndKeySum(table);
            assertEquals(expected[0], actual[0], name + " rows");
            assertEquals(expected[1], actual[1], name + " sum of the first column");
        }
    }

    /** The key ranges the segments state without generating are exactly those of the rows they generate, so pruning by them drops no row. */
    @Test
    void segmentsStateTheRangeOfTheirFirstColumnsKeys()
    {
        for (String name : GeneratedTpchTables.tableNames()) {
            Table table = GeneratedTpchTables.table(name, SCALE);
            boolean keyed = !name.equals("nation") && !name.equals("region");
            for (Partition partition : table.partitions()) {
                for (Segment segment : partition.segments()) {
                    ColumnStatistics[] statistics = segment.columnStatistics();
                    if (!keyed) {
                        assertNull(statistics, name);
                        continue;
                    }
                    ColumnVector key = segment.read(new int[] {0}).column(0);
                    long min = Long.MAX_VALUE;
                    long max = Long.MIN_VALUE;
                    for (int p = 0; p < key.positionCount(); p++) {
                        min = Math.min(min, key.getLong(p));
                        max = Math.max(max, key.getLong(p));
                    }
                    assertEquals(min, statistics[0].min(), name + " " + partition.index() + " min");
                    assertEquals(max, statistics[0].max(), name + " " + partition.index() + " max");
                    assertEquals(0, statistics[0].nullCount(), name);
                    for (int column = 1; column < statistics.length; column++) {
                        assertNull(statistics[column], name + " column " + column);
                    }
                }
            }
        }
    }

    @Test
    void schemaNamesStandForTheirScaleFactors()
    {
        for (double scale : new double[] {0.01, 0.1, 1, 10, 100, 0.05, 1.5}) {
            assertEquals(scale, GeneratedTpchTables.scaleFactor(GeneratedTpchTables.schemaName(scale)), GeneratedTpchTables.schemaName(scale));
        }
        assertEquals("sf0_01", GeneratedTpchTables.schemaName(0.01));
        assertEquals("sf10", GeneratedTpchTables.schemaName(10));
        assertEquals(0.01, GeneratedTpchTables.scaleFactor("tiny"));
        assertEquals(null, GeneratedTpchTables.scaleFactor("sf0"));
        assertEquals(null, GeneratedTpchTables.scaleFactor("lineitem"));
    }

    private static long[] rowsAndKeySum(Table table)
    {
        long rows = 0;
        long keys = 0;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                Page page = segment.read(new int[] {0});
                ColumnVector key = page.column(0);
                for (int p = 0; p < page.positionCount(); p++) {
                    keys += key.getLong(p);
                }
                rows += page.positionCount();
            }
        }
        return new long[] {rows, keys};
    }
}
