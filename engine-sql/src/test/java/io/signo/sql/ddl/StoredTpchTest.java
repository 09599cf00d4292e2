package io.signo.sql.ddl;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * TPC-H loaded into a database directory from the generator catalog ({@code tpch.sf0_01}) holds the
 * rows the in-memory generator makes, and the 22 queries on the stored tables, in a freshly opened
 * database, answer as DuckDB does over the same rows.
 */
class StoredTpchTest
{
    private static final double SCALE = 0.01;

    @TempDir
    Path directory;

    @Test
    void theTwentyTwoQueriesOnStoredTablesAnswerAsDuckDb()
            throws Exception
    {
        try (SignoEngine loader = new SignoEngine(Database.open(directory), 2)) {
            for (String table : GeneratedTpchTables.tableNames()) {
                List<List<Object>> written = ResultRows.toRows(loader.execute("CREATE TABLE " + table + " AS SELECT * FROM tpch.sf0_01." + table));
                assertEquals(1, written.size());
            }
        }
        Catalog generated = TpchData.generate(SCALE, 2, MemoryPool.unbounded("tpch"));
        try (SignoEngine stored = new SignoEngine(Database.open(directory), 2);
                DuckDbTpch duckDb = DuckDbTpch.load(generated)) {
            for (String table : GeneratedTpchTables.tableNames()) {
                long rows = ((Number) ResultRows.toRows(stored.execute("SELECT count(*) FROM " + table)).getFirst().getFirst()).longValue();
                assertEquals(duckDb.rowCount(table), rows, table);
            }
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                String sql = TpchQueries.query(query);
                ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(stored.execute(sql)), sql.toLowerCase(Locale.ROOT).contains("order by"), "q" + query);
            }
        }
    }
}
