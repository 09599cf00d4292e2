package io.signo.storage.source;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shares of a source's nodes together hold every row once; the replicated tables are whole on every node. */
class TpchSourceTest
{
    private static final DataSource SOURCE = new TpchSource(0.01);

    @Test
    void theWorkersSharesSplitThePartitionedTablesAndCopyTheReplicatedOnes()
    {
        MemoryPool pool = MemoryPool.unbounded("tpch-source-test");
        try (SourceData whole = SOURCE.open(NodeShare.WHOLE, 2, pool);
                SourceData first = SOURCE.open(new NodeShare(0, 2), 1, pool);
                SourceData second = SOURCE.open(new NodeShare(1, 2), 1, pool);
                SourceData coordinator = SOURCE.open(NodeShare.replicatedOnly(2), 1, pool)) {
            for (Table table : whole.catalog().tables()) {
                long wholeRows = rows(NodeShare.WHOLE.splits(table));
                Table firstTable = first.catalog().table(table.name());
                Table secondTable = second.catalog().table(table.name());
                Table coordinatorTable = coordinator.catalog().table(table.name());
                if (table.partitioning().replicated()) {
                    assertEquals(wholeRows, rows(NodeShare.WHOLE.splits(firstTable)), table.name());
                    assertEquals(wholeRows, rows(NodeShare.WHOLE.splits(coordinatorTable)), table.name());
                }
                else {
                    long shared = rows(new NodeShare(0, 2).splits(firstTable)) + rows(new NodeShare(1, 2).splits(secondTable));
                    assertEquals(wholeRows, shared, table.name());
                    assertTrue(coordinatorTable.partitions().isEmpty(), table.name());
                    assertEquals(table.partitionCount(), coordinatorTable.partitionCount(), table.name());
                }
            }
        }
    }

    @Test
    void aShareHoldsEveryNthPartition()
    {
        NodeShare share = new NodeShare(1, 3);
        List<Integer> held = new ArrayList<>();
        for (int partition = 0; partition < 9; partition++) {
            if (share.holds(partition)) {
                held.add(partition);
            }
        }
        assertEquals(List.of(1, 4, 7), held);
        assertFalse(NodeShare.replicatedOnly(3).holds(0));
        assertFalse(NodeShare.replicatedOnly(3).holds(5));
    }

    private static long rows(List<Segment> segments)
    {
        long rows = 0;
        for (Segment segment : segments) {
            rows += segment.rowCount();
        }
        return rows;
    }
}
