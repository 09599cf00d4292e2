package io.signo.storage.file.parquet;

import io.signo.storage.memory.RecyclingPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.*;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.*;

/** CPU time of decoding the given columns of a Parquet file whole, every row group, on this thread: args file col,col,... */
public class ColumnsBench {
    public static void main(String[] args) throws Exception {
        Table table = ParquetTable.of("t", List.of(Path.of(args[0])));
        List<Segment> segments = new ArrayList<>();
        for (Partition p : table.partitions()) segments.addAll(p.segments());
        int[] read = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        var bean = ManagementFactory.getThreadMXBean();
        RecyclingPageAllocator allocator = new RecyclingPageAllocator(MemoryPool.unbounded("bench"));
        long[] times = new long[Integer.getInteger("runs", 21)];
        long rows = 0;
        for (int run = -5; run < times.length; run++) {
            long t = bean.getCurrentThreadCpuTime();
            for (Segment s : segments) {
                rows += s.read(read, allocator).positionCount();
                allocator.recycle();
            }
            if (run >= 0) times[run] = bean.getCurrentThreadCpuTime() - t;
        }
        Arrays.sort(times);
        System.out.printf("columns %s: median %.1f ms, min %.1f ms cpu (%d rows)%n", args[1], times[times.length / 2] / 1e6, times[0] / 1e6, rows);
    }
}
