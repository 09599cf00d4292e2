import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;

/** CPU time of Q1 and Q6 over a Parquet lineitem, Signo and DuckDB in one process: args file threads [duck|signo|both] [queries] */
public class Cpu {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        String file = "read_parquet('" + args[0] + "')";
        int threads = Integer.parseInt(args[1]);
        String who = args.length > 2 ? args[2] : "both";
        String[] qs = (args.length > 3 ? args[3] : "1,6").split(",");
        int runs = Integer.getInteger("runs", 7);
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), threads); DuckDbDatabase duck = DuckDbDatabase.open(threads)) {
            for (String qn : qs) {
                int q = Integer.parseInt(qn);
                String sql = TpchQueries.query(q).replaceFirst("(?i)from\\s+lineitem", "from " + file);
                boolean s1 = !who.equals("duck"), d1 = !who.equals("signo");
                for (int i = 0; i < 3; i++) { if (s1) ResultRows.toRows(signo.execute(sql)); if (d1) duck.query(sql); }
                long[] s = new long[runs], d = new long[runs], sw = new long[runs], dw = new long[runs];
                for (int r = 0; r < runs; r++) {
                    long c = cpu(), w = System.nanoTime(); if (s1) ResultRows.toRows(signo.execute(sql)); s[r] = cpu() - c; sw[r] = System.nanoTime() - w;
                    c = cpu(); w = System.nanoTime(); if (d1) duck.query(sql); d[r] = cpu() - c; dw[r] = System.nanoTime() - w;
                }
                java.util.Arrays.sort(s); java.util.Arrays.sort(d); java.util.Arrays.sort(sw); java.util.Arrays.sort(dw);
                System.out.printf("q%02d wall ms: signo median %.1f | duckdb median %.1f%n", q, sw[runs/2]/1e6, dw[runs/2]/1e6);
                System.out.printf("q%02d cpu ms: signo median %.1f min %.1f | duckdb median %.1f min %.1f | ratio of medians %.2f%n", q, s[runs/2]/1e6, s[0]/1e6, d[runs/2]/1e6, d[0]/1e6, (double) s[runs/2]/Math.max(1, d[runs/2]));
            }
        }
    }
}
