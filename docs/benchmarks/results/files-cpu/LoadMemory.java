import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchData;
import java.util.ArrayList;
import java.util.List;

/** args: dir threads : loads the eight .tbl files as bench files does and prints the in-memory database's bytes after each table. */
public class LoadMemory {
    public static void main(String[] args) throws Exception {
        String dir = args[0];
        int threads = Integer.parseInt(args[1]);
        var schema = TpchData.generate(0.01, 1, MemoryPool.unbounded("s"));
        Database database = Database.inMemory();
        var storeField = Database.class.getDeclaredField("store");
        storeField.setAccessible(true);
        Object store = storeField.get(database);
        var held = store.getClass().getDeclaredMethod("heldBytes");
        held.setAccessible(true);
        try (SignoEngine signo = new SignoEngine(database, threads)) {
            long before = 0;
            for (String table : GeneratedTpchTables.tableNames()) {
                Table definition = schema.table(table);
                List<String> columns = new ArrayList<>();
                for (Column column : definition.columns()) {
                    columns.add(column.name() + " " + SqlTypes.toSql(column.type()));
                }
                signo.execute("CREATE TABLE loaded_" + table + " AS SELECT * FROM read_csv('" + dir + "/" + table + ".tbl', delim => '|', header => false, columns => '" + String.join(", ", columns) + "')");
                long now = (long) held.invoke(store);
                System.out.printf("%-9s %,14d bytes%n", table, now - before);
                before = now;
            }
            System.out.printf("%-9s %,14d bytes%n", "TOTAL", before);
        }
    }
}
