import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Planning CPU time of TPC-H queries over views on read_parquet (one per table, as bench files makes them) and over in-memory tables
 * (generated, SF 0.1), in one process, each query planned (SignoEngine.plan: parse, validate, optimize, physical plan; plan cache off, so that
 * the tables' plans are made every time as the views' are) over each in turn
 * every round; prints per query the median of the planning thread's CPU time and the mean of the process's over the second half of the rounds.
 * Args: dir rounds queries(all|1,2,...) [views|memory|both]
 */
public class PlanViews {
    static final ThreadMXBean T = ManagementFactory.getThreadMXBean();
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        String dir = args[0];
        int rounds = Integer.parseInt(args[1]);
        int[] qs = args[2].equals("all") ? java.util.stream.IntStream.rangeClosed(1, 22).toArray() : Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        String who = args.length > 3 ? args[3] : "both";
        String[] tables = {"lineitem", "orders", "customer", "part", "partsupp", "supplier", "nation", "region"};
        Catalog generated = TpchData.generate(0.1, 2, MemoryPool.unbounded("plan"));
        try (SignoEngine views = new SignoEngine(Database.inMemory(), 2); SignoEngine memory = new SignoEngine(generated, 2)) {
            for (String t : tables) views.execute("CREATE VIEW " + t + " AS SELECT * FROM read_parquet('" + dir + "/" + t + ".parquet')");
            Session session = new Session("plan-views");
            session.set(Session.PLAN_CACHE, "false");
            long[][][] thread = new long[2][qs.length][rounds], process = new long[2][qs.length][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < qs.length; i++) {
                    String sql = TpchQueries.query(qs[i]);
                    for (int e = 0; e < 2; e++) {
                        if (e == 0 && who.equals("memory") || e == 1 && who.equals("views")) continue;
                        SignoEngine engine = e == 0 ? views : memory;
                        long p = cpu(), t = T.getCurrentThreadCpuTime();
                        engine.plan(session, sql, new QueryControl());
                        thread[e][i][r] = T.getCurrentThreadCpuTime() - t;
                        process[e][i][r] = cpu() - p;
                    }
                }
            }
            double[] sums = new double[4];
            System.out.println("rounds " + (rounds / 2 + 1) + "-" + rounds + ", ms CPU: views thread (median) / process (mean) | memory thread / process");
            for (int i = 0; i < qs.length; i++) {
                double[] m = {med(thread[0][i], rounds), mean(process[0][i], rounds), med(thread[1][i], rounds), mean(process[1][i], rounds)};
                for (int k = 0; k < 4; k++) sums[k] += m[k];
                System.out.printf("q%02d views %6.1f / %6.1f | memory %6.1f / %6.1f%n", qs[i], m[0], m[1], m[2], m[3]);
            }
            System.out.printf("sum views %6.1f / %6.1f | memory %6.1f / %6.1f%n", sums[0], sums[1], sums[2], sums[3]);
        }
    }
    static double mean(long[] v, int rounds) {
        long sum = 0;
        for (int r = rounds / 2; r < rounds; r++) sum += v[r];
        return sum / 1e6 / (rounds - rounds / 2);
    }
    static double med(long[] v, int rounds) {
        long[] s = Arrays.copyOfRange(v, rounds / 2, rounds);
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
