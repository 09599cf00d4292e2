import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;

/** CPU time of in-memory TPC-H queries: args sf threads queries */
public class Mem {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[1]);
        int runs = Integer.getInteger("runs", 7);
        try (SignoEngine signo = new SignoEngine(TpchData.generate(Double.parseDouble(args[0]), 2, MemoryPool.unbounded("tpch")), threads)) {
            for (String qn : args[2].split(",")) {
                String sql = TpchQueries.query(Integer.parseInt(qn));
                for (int i = 0; i < 3; i++) ResultRows.toRows(signo.execute(sql));
                long[] s = new long[runs];
                for (int r = 0; r < runs; r++) { long c = cpu(); ResultRows.toRows(signo.execute(sql)); s[r] = cpu() - c; }
                java.util.Arrays.sort(s);
                System.out.printf("q%s in-memory cpu ms: median %.1f min %.1f%n", qn, s[runs/2]/1e6, s[0]/1e6);
            }
        }
    }
}
