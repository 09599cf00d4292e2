package io.signo.storage.tpch;

import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpchDataTest
{
    private static final Map<String, Long> ROW_COUNTS_SF_001 = Map.of(
            "lineitem", 60175L,
            "orders", 15000L,
            "customer", 1500L,
            "part", 2000L,
            "partsupp", 8000L,
            "supplier", 100L,
            "nation", 25L,
            "region", 5L);

    private static MemoryPool pool;
    private static TpchDataSet dataSet;
    private static Catalog catalog;

    @BeforeAll
    static void generate()
    {
        pool = new MemoryPool("tpch-test", 1L << 30);
        dataSet = TpchData.generateDataSet(0.01, 2, pool);
        catalog = dataSet.catalog();
    }

    @AfterAll
    static void release()
    {
        dataSet.close();
        assertEquals(0, pool.reservedBytes(), "closing the data set returns all memory to the pool");
    }

    @Test
    void generatesEightTablesWithSpecRowCounts()
    {
        assertEquals("tpch", catalog.schemaName());
        assertEquals(8, catalog.tables().size());
        for (Map.Entry<String, Long> entry : ROW_COUNTS_SF_001.entrySet()) {
            Table table = catalog.table(entry.getKey());
            assertEquals(entry.getValue(), rowCount(table), entry.getKey());
            assertEquals(entry.getValue(), table.statistics().rowCount(), entry.getKey());
        }
    }

    @Test
    void usesSpecTypes()
    {
        Table lineitem = catalog.table("lineitem");
        assertEquals(Type.BIGINT, type(lineitem, "l_orderkey"));
        assertEquals(Type.BIGINT, type(lineitem, "l_suppkey"));
        assertEquals(Type.INTEGER, type(lineitem, "l_linenumber"));
        assertEquals(Type.decimal(15, 2), type(lineitem, "l_quantity"));
        assertEquals(Type.decimal(15, 2), type(lineitem, "l_discount"));
        assertEquals(Type.DATE, type(lineitem, "l_shipdate"));
        assertEquals(Type.character(1), type(lineitem, "l_returnflag"));
        assertEquals(Type.character(25), type(lineitem, "l_shipinstruct"));
        assertEquals(Type.character(10), type(lineitem, "l_shipmode"));
        assertEquals(Type.varchar(44), type(lineitem, "l_comment"));
        assertEquals(Type.INTEGER, type(catalog.table("orders"), "o_shippriority"));
        assertEquals(Type.character(15), type(catalog.table("orders"), "o_orderpriority"));
        assertEquals(Type.character(15), type(catalog.table("customer"), "c_phone"));
        assertEquals(Type.varchar(55), type(catalog.table("part"), "p_name"));
        assertEquals(Type.varchar(25), type(catalog.table("part"), "p_type"));
        assertEquals(Type.INTEGER, type(catalog.table("part"), "p_size"));
        assertEquals(Type.INTEGER, type(catalog.table("partsupp"), "ps_availqty"));
        assertEquals(Type.decimal(15, 2), type(catalog.table("partsupp"), "ps_supplycost"));
        assertEquals(Type.character(25), type(catalog.table("supplier"), "s_name"));
        assertEquals(Type.character(25), type(catalog.table("nation"), "n_name"));
        assertEquals(Type.BIGINT, type(catalog.table("nation"), "n_regionkey"));
        assertEquals(Type.character(25), type(catalog.table("region"), "r_name"));
    }

    @Test
    void keepsGeneratorValuesAndText()
    {
        // the first lineitem of io.trino.tpch (and dbgen) at any scale factor
        Page page = catalog.table("lineitem").partitions().get(0).segments().get(0).readAll();
        assertEquals(1L, page.column(0).getLong(0));
        assertEquals(1552L, page.column(1).getLong(0));
        assertEquals(93L, page.column(2).getLong(0));
        assertEquals(1, page.column(3).getInt(0));
        assertEquals(1700L, page.column(4).getLong(0), "quantity 17.00");
        assertEquals(2471035L, page.column(5).getLong(0), "extendedprice 24710.35");
        assertEquals(4L, page.column(6).getLong(0), "discount 0.04");
        assertEquals(2L, page.column(7).getLong(0), "tax 0.02");
        assertEquals("N", page.column(8).getString(0));
        assertEquals("O", page.column(9).getString(0));
        assertEquals(LocalDate.of(1996, 3, 13).toEpochDay(), page.column(10).getInt(0));
        assertEquals("DELIVER IN PERSON", page.column(13).getString(0));
        assertEquals("TRUCK", page.column(14).getString(0));
        assertEquals("egular courts above the", page.column(15).getString(0));

        // VARCHAR text keeps its trailing space exactly as generated
        Page orders = catalog.table("orders").partitions().get(0).segments().get(0).readAll();
        assertEquals("nstructions sleep furiously among ", orders.column(8).getString(0));
        assertEquals("Clerk#000000951", orders.column(6).getString(0));
        assertEquals("5-LOW", orders.column(5).getString(0));

        Page nation = catalog.table("nation").partitions().get(0).segments().get(0).readAll();
        assertEquals("ALGERIA", nation.column(1).getString(0));
        assertEquals(" haggle. carefully final deposits detect slyly agai", nation.column(3).getString(0));
    }

    @Test
    void partitionsFollowTheDesign()
    {
        for (String name : List.of("lineitem", "orders", "customer", "part", "partsupp", "supplier")) {
            Table table = catalog.table(name);
            assertEquals(2, table.partitions().size(), name);
            assertEquals(false, table.partitioning().replicated(), name);
            for (int i = 0; i < table.partitions().size(); i++) {
                assertEquals(i, table.partitions().get(i).index());
            }
        }
        assertEquals(List.of("l_orderkey"), catalog.table("lineitem").partitioning().keyColumns());
        assertEquals(List.of("o_orderkey"), catalog.table("orders").partitioning().keyColumns());
        assertEquals(List.of("ps_partkey"), catalog.table("partsupp").partitioning().keyColumns());
        assertEquals(List.of("p_partkey"), catalog.table("part").partitioning().keyColumns());
        assertEquals(List.of("c_custkey"), catalog.table("customer").partitioning().keyColumns());
        assertEquals(List.of("s_suppkey"), catalog.table("supplier").partitioning().keyColumns());
        assertTrue(catalog.table("nation").partitioning().replicated());
        assertTrue(catalog.table("region").partitioning().replicated());
        assertEquals(1, catalog.table("nation").partitions().size());

        // lineitem and orders are co-located: partition i of both holds the same order keys
        Set<Long> orderKeys = keys(catalog.table("orders").partitions().get(1), 0);
        Set<Long> lineitemOrderKeys = keys(catalog.table("lineitem").partitions().get(1), 0);
        assertEquals(orderKeys, lineitemOrderKeys);
        assertEquals(keys(catalog.table("part").partitions().get(0), 0), keys(catalog.table("partsupp").partitions().get(0), 0));
    }

    @Test
    void segmentsAreFullPagesWithMinMax()
    {
        for (Table table : catalog.tables()) {
            for (Partition partition : table.partitions()) {
                List<Segment> segments = partition.segments();
                for (int s = 0; s < segments.size(); s++) {
                    Segment segment = segments.get(s);
                    Page page = segment.readAll();
                    assertTrue(page.positionCount() > 0);
                    if (s < segments.size() - 1) {
                        assertEquals(TpchData.SEGMENT_ROWS, page.positionCount(), table.name());
                    }
                    for (int c = 0; c < page.columnCount(); c++) {
                        ColumnStatistics statistics = segment.columnStatistics()[c];
                        Object[] minMax = minMax(page.column(c));
                        String context = table.name() + "." + table.columns().get(c).name();
                        assertEquals(minMax[0], statistics.min(), context);
                        assertEquals(minMax[1], statistics.max(), context);
                        assertEquals(0, statistics.nullCount());
                        assertTrue(statistics.distinctValues() >= 1 && statistics.distinctValues() <= page.positionCount(), context);
                        assertTrue(!page.column(c).mayHaveNulls(), context);
                    }
                }
            }
        }
    }

    @Test
    void tableStatisticsDescribeTheData()
    {
        for (Table table : catalog.tables()) {
            for (int c = 0; c < table.columns().size(); c++) {
                String column = table.columns().get(c).name();
                ColumnStatistics statistics = table.statistics().column(column);
                Object min = null;
                Object max = null;
                long bytes = 0;
                Set<Object> distinct = new HashSet<>();
                for (Partition partition : table.partitions()) {
                    for (Segment segment : partition.segments()) {
                        ColumnVector vector = segment.readAll().column(c);
                        Object[] minMax = minMax(vector);
                        min = min == null || compare(minMax[0], min) < 0 ? minMax[0] : min;
                        max = max == null || compare(minMax[1], max) > 0 ? minMax[1] : max;
                        for (int p = 0; p < vector.positionCount(); p++) {
                            distinct.add(vector.getObject(p));
                            if (vector.type().isString()) {
                                bytes += vector.stringLength(p);
                            }
                        }
                    }
                }
                String context = table.name() + "." + column;
                assertEquals(min, statistics.min(), context);
                assertEquals(max, statistics.max(), context);
                assertEquals(0, statistics.nullCount(), context);
                long exact = distinct.size();
                assertTrue(Math.abs(statistics.distinctValues() - exact) <= Math.max(1, exact * 0.06),
                        context + ": estimated " + statistics.distinctValues() + " distinct, exact " + exact);
                if (table.columns().get(c).type().isString()) {
                    assertEquals((double) bytes / table.statistics().rowCount(), statistics.averageWidthBytes(), 1e-9, context);
                    int declaredLength = table.columns().get(c).type().length();
                    assertTrue(((String) max).length() <= declaredLength, context + " fits its declared length");
                }
            }
        }
        // small domains come out exact
        assertEquals(25, catalog.table("nation").statistics().column("n_name").distinctValues());
        assertEquals(3, catalog.table("lineitem").statistics().column("l_returnflag").distinctValues());
        assertEquals(7, catalog.table("lineitem").statistics().column("l_shipmode").distinctValues());
        assertEquals(50, catalog.table("part").statistics().column("p_size").distinctValues());
        // ship dates lie within the spec's [STARTDATE + 1, ENDDATE - 151 + 121] range
        assertTrue(((Integer) catalog.table("lineitem").statistics().column("l_shipdate").min()) >= LocalDate.of(1992, 1, 2).toEpochDay());
        assertTrue(((Integer) catalog.table("lineitem").statistics().column("l_shipdate").max()) <= LocalDate.of(1998, 12, 1).toEpochDay());
        assertEquals(4.0, catalog.table("lineitem").statistics().column("l_linenumber").averageWidthBytes());
    }

    @Test
    void countsMemoryAgainstThePool()
    {
        assertTrue(dataSet.allocatedBytes() > 0);
        assertEquals(dataSet.allocatedBytes(), pool.reservedBytes());
        long retained = 0;
        for (Table table : catalog.tables()) {
            for (Partition partition : table.partitions()) {
                for (Segment segment : partition.segments()) {
                    retained += segment.readAll().retainedBytes();
                }
            }
        }
        // vectors are sized exactly; only the 8-byte minimum per allocation may add a little
        assertTrue(dataSet.allocatedBytes() - retained < 64 * 1024, "allocated " + dataSet.allocatedBytes() + ", retained " + retained);
    }

    @Test
    void failsCleanlyWhenThePoolIsTooSmall()
    {
        MemoryPool small = new MemoryPool("small", 1024 * 1024);
        assertThrows(ExceededMemoryLimitException.class, () -> TpchData.generate(0.01, 2, small));
        assertEquals(0, small.reservedBytes());
    }

    @Test
    void sameDataForAnyParallelism()
    {
        MemoryPool otherPool = MemoryPool.unbounded("other");
        try (TpchDataSet single = TpchData.generateDataSet(0.01, 1, otherPool);
                TpchDataSet three = TpchData.generateDataSet(0.01, 3, otherPool)) {
            for (String name : ROW_COUNTS_SF_001.keySet()) {
                Table expected = catalog.table(name);
                for (TpchDataSet other : List.of(single, three)) {
                    Table actual = other.catalog().table(name);
                    assertEquals(expected.statistics().rowCount(), actual.statistics().rowCount(), name);
                    for (int c = 0; c < expected.columns().size(); c++) {
                        assertEquals(checksum(expected, c), checksum(actual, c), name + " column " + c);
                    }
                }
            }
            assertEquals(1, single.catalog().table("lineitem").partitions().size());
            assertEquals(3, three.catalog().table("lineitem").partitions().size());
        }
        assertEquals(0, otherPool.reservedBytes());
    }

    @Test
    void tinyScaleFactorLeavesNoEmptySegments()
    {
        MemoryPool otherPool = MemoryPool.unbounded("tiny");
        try (TpchDataSet tiny = TpchData.generateDataSet(0.0001, 4, otherPool)) {
            assertEquals(1, rowCount(tiny.catalog().table("supplier")));
            assertEquals(25, rowCount(tiny.catalog().table("nation")));
            for (Partition partition : tiny.catalog().table("supplier").partitions()) {
                for (Segment segment : partition.segments()) {
                    assertTrue(segment.rowCount() > 0);
                }
            }
            ColumnStatistics empty = tiny.catalog().table("supplier").statistics().column("s_name");
            assertEquals(1, empty.distinctValues());
        }
    }

    @Test
    void rejectsInvalidArguments()
    {
        MemoryPool unused = MemoryPool.unbounded("unused");
        assertThrows(IllegalArgumentException.class, () -> TpchData.generate(0, 1, unused));
        assertThrows(IllegalArgumentException.class, () -> TpchData.generate(-1, 1, unused));
        assertThrows(IllegalArgumentException.class, () -> TpchData.generate(0.01, 0, unused));
        assertThrows(NullPointerException.class, () -> TpchData.generate(0.01, 1, null));
    }

    private static long rowCount(Table table)
    {
        long rows = 0;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                rows += segment.rowCount();
            }
        }
        return rows;
    }

    private static Type type(Table table, String column)
    {
        return table.columns().get(table.columnIndex(column)).type();
    }

    private static Set<Long> keys(Partition partition, int column)
    {
        Set<Long> keys = new HashSet<>();
        for (Segment segment : partition.segments()) {
            ColumnVector vector = segment.readAll().column(column);
            for (int p = 0; p < vector.positionCount(); p++) {
                keys.add(vector.getLong(p));
            }
        }
        return keys;
    }

    private static long checksum(Table table, int column)
    {
        long checksum = 0;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                ColumnVector vector = segment.readAll().column(column);
                for (int p = 0; p < vector.positionCount(); p++) {
                    checksum += vector.getObject(p).hashCode();
                }
            }
        }
        return checksum;
    }

    private static Object[] minMax(ColumnVector vector)
    {
        Object min = null;
        Object max = null;
        for (int p = 0; p < vector.positionCount(); p++) {
            Object value = vector.getObject(p);
            if (min == null || compare(value, min) < 0) {
                min = value;
            }
            if (max == null || compare(value, max) > 0) {
                max = value;
            }
        }
        return new Object[] {min, max};
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object left, Object right)
    {
        return ((Comparable) left).compareTo(right);
    }
}
