import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;
import java.lang.management.ManagementFactory;

/** A query over read_parquet(file) and over the same rows copied into an in-memory table (CREATE TABLE AS), or over
 *  generated tables (file "tpch": SF 1, 2 partitions), one engine, one thread: process CPU medians of -Druns, then the
 *  medians of -Danalyze EXPLAIN ANALYZE runs per operator (its cpu, apportioned by wall time within a driver).
 *  args: file query [sources: file,table] */
public class Operators {
    static String current = "";
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        String file = "read_parquet('" + args[0] + "')";
        int q = Integer.parseInt(args[1]);
        String[] sources = (args.length > 2 ? args[2] : "file,table").split(",");
        int runs = Integer.getInteger("runs", 11);
        boolean generated = args[0].equals("tpch");
        try (SignoEngine signo = generated ? new SignoEngine(io.signo.storage.tpch.TpchData.generate(1, 2, io.signo.storage.memory.MemoryPool.unbounded("tpch")), 1) : new SignoEngine(Database.inMemory(), 1)) {
            if (!generated) signo.execute("CREATE TABLE lineitem AS SELECT * FROM " + file);
            for (int round = 0; round < 2; round++) {
                for (String source : sources) {
                    String sql = TpchQueries.query(q);
                    if (source.equals("file")) sql = sql.replaceFirst("(?i)from\\s+lineitem", "from " + file);
                    for (int i = 0; i < 3; i++) ResultRows.toRows(signo.execute(sql));
                    long[] s = new long[runs];
                    for (int r = 0; r < runs; r++) { long c = cpu(); ResultRows.toRows(signo.execute(sql)); s[r] = cpu() - c; }
                    java.util.Arrays.sort(s);
                    System.out.printf("round %d q%02d over %s: cpu ms median %.1f min %.1f%n", round, q, source, s[runs/2]/1e6, s[0]/1e6);
                    if (round == 1) {
                        int k = Integer.getInteger("analyze", 9);
                        java.util.Map<String, double[]> ops = new java.util.LinkedHashMap<>();
                        for (int r = 0; r < k; r++) {
                            for (java.util.List<Object> row : ResultRows.toRows(signo.execute("EXPLAIN ANALYZE " + sql))) {
                                String line = String.valueOf(row.get(0));
                                java.util.regex.Matcher name = java.util.regex.Pattern.compile("^\\s*- (\\w+(\\[\\w+)?)").matcher(line);
                                if (name.find()) current = name.group(1);
                                java.util.regex.Matcher m = java.util.regex.Pattern.compile("cpu ([0-9.]+) ms").matcher(line);
                                if (line.contains("actual:") && m.find()) ops.computeIfAbsent(current, x -> new double[k])[r] = Double.parseDouble(m.group(1));
                            }
                        }
                        StringBuilder out = new StringBuilder("  operators cpu ms medians of " + k + ":");
                        for (var e : ops.entrySet()) { double[] v = e.getValue().clone(); java.util.Arrays.sort(v); out.append(String.format(" %s %.1f;", e.getKey(), v[k / 2])); }
                        System.out.println(out);
                    }
                }
            }
        }
    }
}
