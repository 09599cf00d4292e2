import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;
public class Plan {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 1)) {
            for (String qn : args[1].split(",")) {
                String sql = TpchQueries.query(Integer.parseInt(qn)).replaceFirst("(?i)from\\s+lineitem", "from read_parquet('" + args[0] + "')");
                for (String prefix : new String[] {"EXPLAIN ", "", "EXPLAIN ", ""}) {
                    for (int i = 0; i < 5; i++) ResultRows.toRows(signo.execute(prefix + sql));
                    long c = cpu();
                    for (int i = 0; i < 10; i++) ResultRows.toRows(signo.execute(prefix + sql));
                    System.out.printf("q%s %s: %.1f ms cpu each%n", qn, prefix.isEmpty() ? "run" : "explain", (cpu() - c) / 10 / 1e6);
                }
            }
        }
    }
}
