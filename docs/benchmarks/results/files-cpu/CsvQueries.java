import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Column;
import io.signo.storage.tpch.TpchData;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/** CPU time of TPC-H Q1 and Q6 over lineitem.tbl through read_csv, Signo: args dir threads rounds (DuckDB: csv_queries_duckdb.py) */
public class CsvQueries {
    static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        List<String> columns = new ArrayList<>();
        for (Column column : TpchData.generate(0.01, 1, MemoryPool.unbounded("s")).table("lineitem").columns()) columns.add(column.name() + " " + SqlTypes.toSql(column.type()));
        String lineitem = "(SELECT * FROM read_csv('" + args[0] + "/lineitem.tbl', delim => '|', header => false, columns => '" + String.join(", ", columns) + "'))";
        String q1 = "SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice), sum(l_extendedprice*(1-l_discount)), sum(l_extendedprice*(1-l_discount)*(1+l_tax)), avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*) FROM " + lineitem + " t WHERE l_shipdate <= DATE '1998-09-02' GROUP BY l_returnflag, l_linestatus ORDER BY 1, 2";
        String q6 = "SELECT sum(l_extendedprice*l_discount) FROM " + lineitem + " t WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), threads)) {
            for (int round = 0; round < rounds; round++) {
                long c1 = cpu(), w1 = System.nanoTime();
                signo.execute(q1);
                long c2 = cpu(), w2 = System.nanoTime();
                signo.execute(q6);
                long c3 = cpu(), w3 = System.nanoTime();
                System.out.printf("round %d q1 cpu ms %.0f wall ms %.0f | q6 cpu ms %.0f wall ms %.0f%n", round, (c2 - c1) / 1e6, (w2 - w1) / 1e6, (c3 - c2) / 1e6, (w3 - w2) / 1e6);
            }
        }
    }
}
