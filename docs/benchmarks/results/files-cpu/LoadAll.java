import io.signo.reference.DuckDbDatabase;
import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.GeneratedTpchTables;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Statement;
import java.util.*;

/** args: dir threads signo|duck|both rounds [tables] : all tables as bench files loads them; wall, CPU, per-thread CPU */
public class LoadAll {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    static Map<String, Long> threads() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<String, Long> m = new TreeMap<>();
        for (long id : mx.getAllThreadIds()) { var info = mx.getThreadInfo(id); long t = mx.getThreadCpuTime(id); if (info != null && t > 0) m.merge(info.getThreadName().replaceAll("[0-9]+$", "#"), t, Long::sum); }
        return m;
    }
    /** CPU ms of every thread of this process by name (compiler and collector threads included), from /proc. */
    static Map<String, Long> nativeThreads() {
        Map<String, Long> m = new TreeMap<>();
        java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
        if (tasks == null) return m;
        for (java.io.File task : tasks) {
            try {
                String name = java.nio.file.Files.readString(task.toPath().resolve("comm")).strip().replaceAll("[0-9]+$", "#");
                String stat = java.nio.file.Files.readString(task.toPath().resolve("stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                m.merge(name, ticks * 10, Long::sum);
            } catch (Exception e) { }
        }
        return m;
    }
    public static void main(String[] args) throws Exception {
        String dir = args[0]; int threads = Integer.parseInt(args[1]); String who = args[2]; int rounds = Integer.parseInt(args[3]);
        List<String> tables = args.length > 4 ? List.of(args[4].split(",")) : GeneratedTpchTables.tableNames();
        var schema = TpchData.generate(0.01, 1, MemoryPool.unbounded("s"));
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), threads); DuckDbDatabase duck = DuckDbDatabase.open(threads)) {
            for (int round = 0; round < rounds; round++) {
                long stc = 0, stw = 0, dtc = 0, dtw = 0;
                Map<String, Long> before = threads();
                Map<String, Long> nativeBefore = nativeThreads();
                for (String table : tables) {
                    Table definition = schema.table(table);
                    List<String> s = new ArrayList<>(), d = new ArrayList<>();
                    for (Column column : definition.columns()) { String type = SqlTypes.toSql(column.type()); s.add(column.name() + " " + type); d.add("'" + column.name() + "': '" + type + "'"); }
                    String file = dir + "/" + table + ".tbl"; String name = "loaded_" + table + "_" + round;
                    long c = cpu(), w = System.nanoTime();
                    if (!who.equals("duck")) signo.execute("CREATE TABLE " + name + " AS SELECT * FROM read_csv('" + file + "', delim => '|', header => false, columns => '" + String.join(", ", s) + "')");
                    long sc = cpu() - c, sw = System.nanoTime() - w;
                    c = cpu(); w = System.nanoTime();
                    if (!who.equals("signo")) try (Statement st = duck.connection().createStatement()) { st.execute("CREATE TABLE " + name + " AS SELECT * FROM read_csv('" + file + "', delim = '|', header = false, columns = {" + String.join(", ", d) + "})"); }
                    long dc = cpu() - c, dw = System.nanoTime() - w;
                    stc += sc; stw += sw; dtc += dc; dtw += dw;
                    System.out.printf("r%d %-9s cpu signo %7.0f duck %7.0f (%.2f) | wall signo %7.0f duck %7.0f (%.2f) | busy signo %.2f%n", round, table, sc/1e6, dc/1e6, (double) sc/Math.max(1,dc), sw/1e6, dw/1e6, (double) sw/Math.max(1,dw), (double) sc/sw);
                }
                System.out.printf("r%d TOTAL     cpu signo %7.0f duck %7.0f (%.2f) | wall signo %7.0f duck %7.0f (%.2f) | load %s%n", round, stc/1e6, dtc/1e6, (double) stc/Math.max(1,dtc), stw/1e6, dtw/1e6, (double) stw/Math.max(1,dtw),
                        Arrays.toString(((java.lang.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getSystemLoadAverage() > 0 ? new double[]{ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()} : new double[0]));
                Map<String, Long> after = threads();
                StringBuilder b = new StringBuilder("   thread cpu ms:");
                after.forEach((k, v) -> { long dlt = v - before.getOrDefault(k, 0L); if (dlt > 50_000_000L) b.append(' ').append(k).append('=').append(dlt / 1_000_000); });
                System.out.println(b);
                Map<String, Long> nativeAfter = nativeThreads();
                StringBuilder n = new StringBuilder("   all threads cpu ms:");
                nativeAfter.forEach((k, v) -> { long dlt = v - nativeBefore.getOrDefault(k, 0L); if (dlt >= 50) n.append(' ').append(k.replace(' ', '_')).append('=').append(dlt); });
                System.out.println(n);
            }
        }
    }
}
