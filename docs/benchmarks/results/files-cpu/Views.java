import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;

/** CPU time of TPC-H queries over Parquet views: args dir threads [duck|signo|both] queries */
public class Views {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        String dir = args[0];
        int threads = Integer.parseInt(args[1]);
        String who = args[2];
        String[] qs = args[3].split(",");
        int runs = Integer.getInteger("runs", 5);
        String[] tables = {"lineitem", "orders", "customer", "part", "partsupp", "supplier", "nation", "region"};
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), threads); DuckDbDatabase duck = DuckDbDatabase.open(threads)) {
            for (String t : tables) {
                String v = "CREATE VIEW " + t + " AS SELECT * FROM read_parquet('" + dir + "/" + t + ".parquet')";
                signo.execute(v);
                duck.connection().createStatement().execute(v);
            }
            for (String qn : qs) {
                int q = Integer.parseInt(qn);
                String sql = TpchQueries.query(q);
                boolean s1 = !who.equals("duck"), d1 = !who.equals("signo");
                for (int i = 0; i < 2; i++) { if (s1) ResultRows.toRows(signo.execute(sql)); if (d1) duck.query(sql); }
                long[] s = new long[runs], d = new long[runs];
                for (int r = 0; r < runs; r++) {
                    long c = cpu(); if (s1) ResultRows.toRows(signo.execute(sql)); s[r] = cpu() - c;
                    c = cpu(); if (d1) duck.query(sql); d[r] = cpu() - c;
                }
                java.util.Arrays.sort(s); java.util.Arrays.sort(d);
                System.out.printf("q%02d cpu ms: signo median %.0f min %.0f | duckdb median %.0f min %.0f | ratio %.2f%n", q, s[runs/2]/1e6, s[0]/1e6, d[runs/2]/1e6, d[0]/1e6, (double) s[runs/2]/Math.max(1, d[runs/2]));
            }
        }
    }
}
