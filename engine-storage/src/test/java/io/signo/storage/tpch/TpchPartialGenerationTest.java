package io.signo.storage.tpch;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A worker generating only its partitions: the shares of all workers together are the whole data set. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchPartialGenerationTest
{
    private static final List<String> PARTITIONED = List.of("lineitem", "orders", "partsupp", "part", "customer", "supplier");

    private TpchDataSet whole;
    private TpchDataSet even;
    private TpchDataSet odd;

    @BeforeAll
    void generate()
    {
        MemoryPool pool = MemoryPool.unbounded("tpch-partial-test");
        whole = TpchData.generateDataSet(0.01, 4, pool);
        even = TpchData.generateDataSet(0.01, 4, partition -> partition % 2 == 0, 2, pool);
        odd = TpchData.generateDataSet(0.01, 4, partition -> partition % 2 == 1, 2, pool);
    }

    @AfterAll
    void close()
    {
        whole.close();
        even.close();
        odd.close();
    }

    @Test
    void sharesHoldTheirPartitionsWithTheWholeCount()
    {
        for (String name : PARTITIONED) {
            Table evenTable = even.catalog().table(name);
            Table oddTable = odd.catalog().table(name);
            assertEquals(List.of(0, 2), indexes(evenTable), name);
            assertEquals(List.of(1, 3), indexes(oddTable), name);
            assertEquals(4, evenTable.partitionCount(), name);
            assertEquals(4, oddTable.partitionCount(), name);
            assertEquals(4, whole.catalog().table(name).partitionCount(), name);
        }
        for (String name : List.of("nation", "region")) {
            assertEquals(rows(whole.catalog().table(name).partitions().getFirst()), rows(even.catalog().table(name).partitions().getFirst()), name);
            assertEquals(rows(whole.catalog().table(name).partitions().getFirst()), rows(odd.catalog().table(name).partitions().getFirst()), name);
            assertEquals(1, even.catalog().table(name).partitionCount(), name);
        }
    }

    @Test
    void sharesTogetherAreExactlyTheWhole()
    {
        for (String name : PARTITIONED) {
            Table wholeTable = whole.catalog().table(name);
            for (Table share : List.of(even.catalog().table(name), odd.catalog().table(name))) {
                for (Partition partition : share.partitions()) {
                    assertEquals(rows(wholeTable.partitions().get(partition.index())), rows(partition), name + " partition " + partition.index());
                }
            }
            assertEquals(wholeTable.statistics().rowCount(), even.catalog().table(name).statistics().rowCount() + odd.catalog().table(name).statistics().rowCount(), name);
        }
    }

    @Test
    void mergedStatisticsOfTheSharesAreThoseOfTheWhole()
    {
        for (String name : PARTITIONED) {
            TableStatistics expected = whole.catalog().table(name).statistics();
            TableStatistics merged = TableStatistics.merge(List.of(even.catalog().table(name).statistics(), odd.catalog().table(name).statistics()));
            assertEquals(expected.rowCount(), merged.rowCount(), name);
            assertEquals(expected.columns().keySet(), merged.columns().keySet(), name);
            for (Map.Entry<String, ColumnStatistics> entry : expected.columns().entrySet()) {
                String column = name + "." + entry.getKey();
                ColumnStatistics wholeColumn = entry.getValue();
                ColumnStatistics mergedColumn = merged.column(entry.getKey());
                assertEquals(wholeColumn.min(), mergedColumn.min(), column);
                assertEquals(wholeColumn.max(), mergedColumn.max(), column);
                assertEquals(wholeColumn.nullCount(), mergedColumn.nullCount(), column);
                // sketches merge register by register: the same sketch as generating everything
                assertArrayEquals(wholeColumn.distinctSketch(), mergedColumn.distinctSketch(), column);
                assertEquals(wholeColumn.distinctValues(), mergedColumn.distinctValues(), column);
                assertEquals(wholeColumn.averageWidthBytes(), mergedColumn.averageWidthBytes(), 1e-9, column);
            }
        }
    }

    @Test
    void schemaOnlyTableForTheCoordinator()
    {
        Table evenLineitem = even.catalog().table("lineitem");
        TableStatistics merged = TableStatistics.merge(List.of(evenLineitem.statistics(), odd.catalog().table("lineitem").statistics()));
        Table schema = evenLineitem.schemaOnly(merged);
        assertTrue(schema.partitions().isEmpty());
        assertEquals(4, schema.partitionCount());
        assertEquals(evenLineitem.columns(), schema.columns());
        assertEquals(evenLineitem.partitioning(), schema.partitioning());
        assertEquals(whole.catalog().table("lineitem").statistics().rowCount(), schema.statistics().rowCount());
        Table nation = even.catalog().table("nation").schemaOnly();
        assertEquals(1, nation.partitionCount());
        assertTrue(nation.partitioning().replicated());
    }

    @Test
    void mergeWithoutSketchesBoundsDistinctCounts()
    {
        // key-like: all values distinct in each part, parts disjoint -> the counts add up
        ColumnStatistics keysA = new ColumnStatistics(100, 0, 1L, 100L, 8);
        ColumnStatistics keysB = new ColumnStatistics(100, 0, 101L, 200L, 8);
        // low cardinality: the same few values in every part -> the largest count
        ColumnStatistics flagsA = new ColumnStatistics(3, 10, "A", "R", 1);
        ColumnStatistics flagsB = new ColumnStatistics(2, 0, "N", "R", 1);
        TableStatistics merged = TableStatistics.merge(List.of(
                new TableStatistics(100, Map.of("key", keysA, "flag", flagsA)),
                new TableStatistics(100, Map.of("key", keysB, "flag", flagsB))));
        assertEquals(200, merged.rowCount());
        assertEquals(new ColumnStatistics(200, 0, 1L, 200L, 8.0), merged.column("key"));
        ColumnStatistics flag = merged.column("flag");
        assertEquals(3, flag.distinctValues());
        assertEquals(10, flag.nullCount());
        assertEquals("A", flag.min());
        assertEquals("R", flag.max());
        assertNull(flag.distinctSketch());
    }

    @Test
    void mergeWithEmptyAndAllNullParts()
    {
        ColumnStatistics empty = new ColumnStatistics(0, 0, null, null, 4);
        ColumnStatistics allNull = new ColumnStatistics(0, 5, null, null, 4);
        ColumnStatistics values = new ColumnStatistics(3, 0, 7, 9, 4);
        TableStatistics merged = TableStatistics.merge(List.of(
                new TableStatistics(0, Map.of("c", empty)),
                new TableStatistics(5, Map.of("c", allNull)),
                new TableStatistics(3, Map.of("c", values))));
        assertEquals(new ColumnStatistics(3, 5, 7, 9, 4.0), merged.column("c"));
        assertEquals(new ColumnStatistics(0, 5, null, null, 4.0), TableStatistics.merge(List.of(new TableStatistics(5, Map.of("c", allNull)))).column("c"));
        assertThrows(IllegalArgumentException.class, () -> TableStatistics.merge(List.of()));
    }

    private static List<Integer> indexes(Table table)
    {
        List<Integer> indexes = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            indexes.add(partition.index());
        }
        return indexes;
    }

    private static List<List<Object>> rows(Partition partition)
    {
        List<List<Object>> rows = new ArrayList<>();
        for (Segment segment : partition.segments()) {
            Page page = segment.readAll();
            for (int position = 0; position < page.positionCount(); position++) {
                List<Object> row = new ArrayList<>();
                for (int column = 0; column < page.columnCount(); column++) {
                    row.add(page.column(column).getObject(position));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
