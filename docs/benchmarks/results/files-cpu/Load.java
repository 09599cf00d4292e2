import io.signo.reference.DuckDbDatabase;
import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import java.lang.management.ManagementFactory;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** CPU time of CTAS from read_csv of .tbl files, Signo then DuckDB, one process: args dir threads tables [signo|duck|both] */
public class Load {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[1]);
        String who = args.length > 3 ? args[3] : "both";
        var schema = TpchData.generate(0.01, 1, MemoryPool.unbounded("s"));
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), threads); DuckDbDatabase duck = DuckDbDatabase.open(threads)) {
            for (int round = 0; round < Integer.getInteger("rounds", 1); round++) {
            for (String table : args[2].split(",")) {
                Table definition = schema.table(table);
                List<String> s = new ArrayList<>(), d = new ArrayList<>();
                for (Column column : definition.columns()) {
                    String type = SqlTypes.toSql(column.type());
                    s.add(column.name() + " " + type); d.add("'" + column.name() + "': '" + type + "'");
                }
                String file = args[0] + "/" + table + ".tbl";
                String name = "loaded_" + table + "_" + round;
                long c = cpu(); long w = System.nanoTime();
                if (!who.equals("duck")) signo.execute("CREATE TABLE " + name + " AS SELECT * FROM read_csv('" + file + "', delim => '|', header => false, columns => '" + String.join(", ", s) + "')");
                long sc = cpu() - c, sw = System.nanoTime() - w;
                c = cpu(); w = System.nanoTime();
                if (!who.equals("signo")) try (Statement st = duck.connection().createStatement()) { st.execute("CREATE TABLE " + name + " AS SELECT * FROM read_csv('" + file + "', delim = '|', header = false, columns = {" + String.join(", ", d) + "})"); }
                long dc = cpu() - c, dw = System.nanoTime() - w;
                System.out.printf("%s load cpu ms signo %.0f duckdb %.0f ratio %.2f | wall ms signo %.0f duckdb %.0f%n", table, sc/1e6, dc/1e6, (double) sc/Math.max(1,dc), sw/1e6, dw/1e6);
            }
            }
        }
    }
}
