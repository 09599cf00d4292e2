import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.tpch.TpchQueries;

import java.util.List;

/**
 * Prints the EXPLAIN of the 22 TPC-H queries over the SF 1 tables as Parquet views and of Q1 and Q6
 * over lineitem as one Parquet file and as 16, so that two builds' plans can be compared with diff:
 * args {@code dir} (as {@code bench files} writes it).
 */
public class ExplainFiles {
    public static void main(String[] args) throws Exception {
        String dir = args[0];
        String[] tables = {"lineitem", "orders", "customer", "part", "partsupp", "supplier", "nation", "region"};
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            for (String t : tables) signo.execute("CREATE VIEW " + t + " AS SELECT * FROM read_parquet('" + dir + "/" + t + ".parquet')");
            for (int q = 1; q <= 22; q++) print(signo, "q" + q + " views", TpchQueries.query(q));
            for (String from : List.of(dir + "/lineitem.parquet", dir + "/lineitem_ranges/*.parquet")) {
                for (int q : new int[] {1, 6}) {
                    print(signo, "q" + q + " " + from, TpchQueries.query(q).replaceFirst("(?i)from\\s+lineitem", "from read_parquet('" + from + "')"));
                }
            }
        }
    }

    static void print(SignoEngine signo, String name, String sql) {
        System.out.println("==== " + name);
        for (List<Object> row : ResultRows.toRows(signo.execute("EXPLAIN " + sql))) System.out.println(row.getFirst());
    }
}
