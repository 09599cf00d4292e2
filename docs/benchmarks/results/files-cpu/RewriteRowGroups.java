import java.sql.*;
/** Rewrites a Parquet file with DuckDB at another row group size: args in out rowGroupSize */
public class RewriteRowGroups {
    public static void main(String[] a) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("SET threads=1");
            s.execute("COPY (SELECT * FROM read_parquet('" + a[0] + "')) TO '" + a[1] + "' (FORMAT parquet, ROW_GROUP_SIZE " + a[2] + ")");
            try (ResultSet r = s.executeQuery("SELECT count(DISTINCT row_group_id), max(row_group_num_rows), min(row_group_num_rows) FROM parquet_metadata('" + a[1] + "')")) { r.next(); System.out.println(r.getLong(1) + " row groups, rows " + r.getLong(2) + " max " + r.getLong(3) + " min"); }
        }
    }
}
