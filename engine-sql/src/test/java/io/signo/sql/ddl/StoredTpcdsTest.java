package io.signo.sql.ddl;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpcds.GeneratedTpcdsTables;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpcds.TpcdsQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated TPC-DS catalog ({@code tpcds.sf0_01}, each table generated segment by segment as it is
 * read) loaded into a database directory holds the rows the in-memory generator makes, and TPC-DS
 * queries answer as DuckDB does over those rows, on the stored tables and on the catalog directly.
 */
class StoredTpcdsTest
{
    private static final double SCALE = 0.01;
    private static final List<String> QUERIES = List.of("q03", "q42", "q96");

    @TempDir
    Path directory;

    @Test
    void loadedFromTheGeneratedCatalogAndQueried()
            throws Exception
    {
        String sql = "SELECT d_year, count(*), sum(ss_net_paid) FROM %sstore_sales JOIN %sdate_dim ON ss_sold_date_sk = d_date_sk GROUP BY d_year ORDER BY d_year";
        List<String> directColumns;
        List<List<Object>> directRows;
        try (SignoEngine loader = new SignoEngine(Database.open(directory), 2)) {
            for (String table : GeneratedTpcdsTables.tableNames()) {
                loader.execute(GeneratedTpcdsTables.loadStatement(table, SCALE));
            }
            // the catalog read in place, without a load: a join of two generated tables
            QueryResult direct = loader.execute(sql.formatted("tpcds.sf0_01.", "tpcds.tiny."));
            directColumns = direct.columnNames();
            directRows = ResultRows.toRows(direct);
        }
        try (GeneratedDataSet generated = TpcdsData.generateDataSet(SCALE, 2, MemoryPool.unbounded("tpcds"));
                DuckDbDatabase duckDb = DuckDbDatabase.open(2);
                SignoEngine stored = new SignoEngine(Database.open(directory), 2)) {
            duckDb.load(generated.catalog(), 2, true);
            String local = sql.formatted("", "");
            assertSame(duckDb, local, directColumns, directRows, "tpcds.sf0_01 read in place");
            for (String table : GeneratedTpcdsTables.tableNames()) {
                long rows = ((Number) ResultRows.toRows(stored.execute("SELECT count(*) FROM " + table)).getFirst().getFirst()).longValue();
                assertEquals(duckDb.rowCount(table), rows, table);
                assertTrue(rows > 0, table);
            }
            for (String name : QUERIES) {
                String query = TpcdsQueries.query(name);
                QueryResult result = stored.execute(query);
                assertSame(duckDb, query, result.columnNames(), ResultRows.toRows(result), name);
            }
        }
    }

    private static void assertSame(DuckDbDatabase duckDb, String sql, List<String> columns, List<List<Object>> rows, String context)
            throws Exception
    {
        Optional<String> difference = duckDb.differenceOfAnswers(sql, columns, duckDb.query(sql), rows);
        difference.ifPresent(text -> {
            throw new AssertionError(context + ": " + text);
        });
    }
}
