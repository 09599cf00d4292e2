package io.signo.storage.file.parquet;

import io.signo.storage.memory.RecyclingPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.*;
import io.signo.storage.vector.ColumnVector;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.*;

/** CPU time of reading Q1's (or Q6's) columns of a Parquet lineitem with the scan's shipdate test, on this thread: args file q */
public class ScanBench {
    public static void main(String[] args) throws Exception {
        Table table = ParquetTable.of("lineitem", List.of(Path.of(args[0])));
        List<Segment> segments = new ArrayList<>();
        for (Partition p : table.partitions()) segments.addAll(p.segments());
        boolean q1 = args.length < 2 || args[1].equals("1");
        // Q1: shipdate <= 1998-09-02 (10471); Q6: shipdate in [8766, 9131), discount 5..7, quantity < 2400
        int[] read = q1 ? new int[] {4, 5, 6, 7, 8, 9, 10} : new int[] {5, 6};
        List<ColumnTest> tests = q1 ? List.of(range(10, Long.MIN_VALUE, 10471)) : List.of(range(10, 8766, 9130), range(6, 5, 7), range(4, Long.MIN_VALUE, 2399));
        var bean = ManagementFactory.getThreadMXBean();
        RecyclingPageAllocator allocator = new RecyclingPageAllocator(MemoryPool.unbounded("bench"));
        long[] times = new long[Integer.getInteger("runs", 15)];
        long rows = 0;
        for (int run = -5; run < times.length; run++) {
            long t = bean.getCurrentThreadCpuTime();
            for (Segment s : segments) {
                rows += (Boolean.getBoolean("notests") ? s.read(read, allocator) : s.read(read, tests, allocator)).positionCount();
                allocator.recycle();
            }
            if (run >= 0) times[run] = bean.getCurrentThreadCpuTime() - t;
        }
        Arrays.sort(times);
        System.out.printf("q%s scan: median %.1f ms, min %.1f ms cpu (%d rows)%n", q1 ? "1" : "6", times[times.length / 2] / 1e6, times[0] / 1e6, rows);
    }

    static ColumnTest range(int column, long low, long high) {
        return new ColumnTest() {
            public int column() { return column; }
            public int keep(ColumnVector values, int[] positions, int count) {
                boolean ints = values.type().physicalType() == io.signo.storage.type.PhysicalType.INT;
                int kept = 0;
                for (int i = 0; i < count; i++) {
                    int p = positions[i];
                    long v = ints ? values.values().getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, p) : values.values().getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, p);
                    positions[kept] = p;
                    kept += (!values.isNull(p) && v >= low && v <= high) ? 1 : 0;
                }
                return kept;
            }
        };
    }
}
