package io.signo.sql.ddl;

import io.signo.core.exchange.PartitionHasher;
import io.signo.sql.ResultRows;
import io.signo.sql.ScanCounts;
import io.signo.sql.SignoEngine;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.db.Database;
import io.signo.storage.db.TableLayout;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tables declared {@code WITH (partitioned_by, partitions, sorted_by, replicated)}: every row lies
 * in the partition its key hashes to and every file in sort-key order, after CREATE AS, INSERT and
 * UPDATE and after reopening; joins on the keys of co-partitioned tables need no exchange; a sorted
 * table's zone maps skip blocks an unsorted copy must read; and every query answers as the
 * generated table it was loaded from.
 */
class TableLayoutTest
{
    private static final int THREADS = 2;

    @Test
    void rowsLieInTheirPartitionsInSortOrder(@TempDir Path directory)
    {
        try (SignoEngine engine = new SignoEngine(Database.open(directory), THREADS)) {
            engine.execute("CREATE TABLE orders WITH (partitioned_by = 'o_orderkey', partitions = 4, sorted_by = 'o_orderdate') AS SELECT * FROM tpch.tiny.orders");
            engine.execute("CREATE TABLE lines (l_orderkey BIGINT NOT NULL, l_linenumber INTEGER, l_shipdate DATE, l_comment VARCHAR(44)) "
                    + "WITH (partitioned_by = ARRAY['l_orderkey', 'l_linenumber'], sorted_by = 'l_shipdate, l_linenumber')");
            engine.execute("INSERT INTO lines SELECT l_orderkey, l_linenumber, l_shipdate, l_comment FROM tpch.tiny.lineitem WHERE l_orderkey < 30000");
            engine.execute("INSERT INTO lines SELECT l_orderkey, l_linenumber, l_shipdate, l_comment FROM tpch.tiny.lineitem WHERE l_orderkey >= 30000");
            engine.execute("UPDATE orders SET o_orderkey = o_orderkey + 1000000 WHERE o_orderstatus = 'F'");
            assertPlaced(engine.catalog().table("orders"), List.of("o_orderkey"), List.of("o_orderdate"));
            assertPlaced(engine.catalog().table("lines"), List.of("l_orderkey", "l_linenumber"), List.of("l_shipdate", "l_linenumber"));
            assertEquals(4, engine.catalog().table("orders").partitions().size());
            assertEquals(TableLayout.DEFAULT_PARTITIONS, engine.catalog().table("lines").partitions().size());

            assertSameRows(engine, "SELECT o_orderstatus, count(*), sum(o_totalprice), min(o_orderkey), max(o_orderkey) FROM orders GROUP BY o_orderstatus",
                    "SELECT o_orderstatus, count(*), sum(o_totalprice), min(CASE WHEN o_orderstatus = 'F' THEN o_orderkey + 1000000 ELSE o_orderkey END), "
                            + "max(CASE WHEN o_orderstatus = 'F' THEN o_orderkey + 1000000 ELSE o_orderkey END) FROM tpch.tiny.orders GROUP BY o_orderstatus");
            assertSameRows(engine, "SELECT l_shipdate, count(*), sum(l_linenumber) FROM lines GROUP BY l_shipdate",
                    "SELECT l_shipdate, count(*), sum(l_linenumber) FROM tpch.tiny.lineitem GROUP BY l_shipdate");
        }
        try (SignoEngine reopened = new SignoEngine(Database.open(directory), THREADS)) {
            assertPlaced(reopened.catalog().table("orders"), List.of("o_orderkey"), List.of("o_orderdate"));
            reopened.execute("ALTER TABLE lines RENAME TO lineitems");
            assertEquals(new TableLayout(List.of("l_orderkey", "l_linenumber"), TableLayout.DEFAULT_PARTITIONS, false, List.of("l_shipdate", "l_linenumber")),
                    reopened.database().manifest().table("lineitems").layout());
        }
    }

    @Test
    void joinsOnTheKeysOfCoPartitionedTablesStayLocal()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), THREADS)) {
            engine.execute("CREATE TABLE orders WITH (partitioned_by = 'o_orderkey') AS SELECT * FROM tpch.tiny.orders");
            engine.execute("CREATE TABLE lineitem WITH (partitioned_by = 'l_orderkey') AS SELECT * FROM tpch.tiny.lineitem");
            engine.execute("CREATE TABLE lineitem4 WITH (partitioned_by = 'l_orderkey', partitions = 4) AS SELECT * FROM tpch.tiny.lineitem");
            engine.execute("CREATE TABLE nation WITH (replicated = true) AS SELECT * FROM tpch.tiny.nation");
            String join = "SELECT o_orderpriority, count(*), sum(l_quantity) FROM orders JOIN %s ON o_orderkey = l_orderkey "
                    + "WHERE l_commitdate < l_receiptdate GROUP BY o_orderpriority";
            // one scheme on both sides is what lets a cluster join the rows where they lie
            String plan = explain(engine, join.formatted("lineitem"));
            assertEquals("PARTITIONED(stored-hash:BIGINT/8 on [0])", scanDistribution(plan, "orders"));
            assertEquals("PARTITIONED(stored-hash:BIGINT/8 on [0])", scanDistribution(plan, "lineitem"));
            assertEquals("PARTITIONED(stored-hash:BIGINT/4 on [0])", scanDistribution(explain(engine, join.formatted("lineitem4")), "lineitem4"));
            assertEquals("SINGLE", scanDistribution(explain(engine, "SELECT * FROM nation"), "nation"), "a replicated table is read where it is whole");
            String generated = join.formatted("tpch.tiny.lineitem").replace("FROM orders", "FROM tpch.tiny.orders");
            assertSameRows(engine, join.formatted("lineitem"), generated);
            assertSameRows(engine, join.formatted("lineitem4"), generated);
            assertSameRows(engine, "SELECT n_name, count(*) FROM nation JOIN orders ON n_nationkey = MOD(o_custkey, 25) GROUP BY n_name",
                    "SELECT n_name, count(*) FROM tpch.tiny.nation JOIN tpch.tiny.orders ON n_nationkey = MOD(o_custkey, 25) GROUP BY n_name");
        }
    }

    @Test
    void aSortedTableSkipsTheBlocksOutsideARange()
            throws Exception
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), THREADS)) {
            engine.execute("CREATE TABLE sorted WITH (sorted_by = 'o_orderdate') AS SELECT * FROM tpch.sf0_1.orders");
            engine.execute("CREATE TABLE unsorted AS SELECT * FROM tpch.sf0_1.orders");
            String query = "SELECT count(*), sum(o_totalprice) FROM %s WHERE o_orderdate >= DATE '1995-01-01' AND o_orderdate < DATE '1995-04-01'";
            ScanCounts sorted = ScanCounts.of(engine, query.formatted("sorted"), THREADS);
            ScanCounts unsorted = ScanCounts.of(engine, query.formatted("unsorted"), THREADS);
            assertEquals(sorted.segments(), unsorted.segments(), "both tables have as many blocks");
            assertEquals(0, unsorted.pruned(), "every block of the unsorted table spans the years");
            // a quarter of about seven years: all but two or three of the 19 blocks are skipped
            assertTrue(sorted.pruned() >= sorted.segments() - 3, "pruned " + sorted.pruned() + " of " + sorted.segments() + " blocks");
            assertSameRows(engine, query.formatted("sorted"), query.formatted("tpch.sf0_1.orders"));
        }
    }

    @Test
    void badOptionsAreNamed()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), THREADS)) {
            assertError(engine, "CREATE TABLE t (a INT) WITH (sort_by = 'a')", "unknown table option sort_by");
            assertError(engine, "CREATE TABLE t (a INT) WITH (sorted_by = 'b')", "sorted_by names column b, which table t does not have");
            assertError(engine, "CREATE TABLE t WITH (partitioned_by = 'x') AS SELECT 1 AS a", "partitioned_by names column x");
            assertError(engine, "CREATE TABLE t (a INT) WITH (replicated = true, partitioned_by = 'a')", "cannot be both replicated and partitioned_by");
            assertError(engine, "CREATE TABLE t (a INT) WITH (partitions = 4)", "partitions needs partitioned_by");
            assertError(engine, "CREATE TABLE t (a INT) WITH (partitioned_by = 'a', partitions = 0)", "from 1 to 1024, not 0");
            assertError(engine, "CREATE TABLE t (a INT) WITH (replicated = maybe)", "replicated is true or false");
            assertError(engine, "CREATE TABLE t (a INT) WITH (sorted_by = 'a', sorted_by = 'a')", "sorted_by is given twice");
            assertError(engine, "CREATE TABLE t (a INT) WITH (sorted_by)", "has no value");
            assertEquals(List.of(), ResultRows.toRows(engine.execute("SHOW TABLES")), "no failed statement created a table");
            // WITH after AS is the query's common table expression
            engine.execute("CREATE TABLE t AS WITH x AS (SELECT 1 AS a) SELECT * FROM x");
            assertEquals(List.of(List.of(1)), ResultRows.toRows(engine.execute("SELECT * FROM t")));
        }
    }

    /** Every row of every partition hashes to it, as the exchange hashes keys, and each file is in sort-key order. */
    static void assertPlaced(Table table, List<String> keys, List<String> sortKeys)
    {
        int[] keyChannels = keys.stream().mapToInt(table::columnIndex).toArray();
        int[] sortChannels = sortKeys.stream().mapToInt(table::columnIndex).toArray();
        int[] all = new int[table.columns().size()];
        for (int c = 0; c < all.length; c++) {
            all[c] = c;
        }
        PartitionHasher hasher = new PartitionHasher(keyChannels, table.partitions().size());
        long rows = 0;
        for (Partition partition : table.partitions()) {
            List<Object> previous = null;
            int previousRows = -1;
            for (Segment segment : partition.segments()) {
                Page page = segment.read(all);
                int[] partitions = new int[page.positionCount()];
                hasher.partitions(page, new long[page.positionCount()], partitions);
                for (int row = 0; row < page.positionCount(); row++) {
                    assertEquals(partition.index(), partitions[row], table.name() + ": row " + row + " lies in the wrong partition");
                    List<Object> sortKey = new ArrayList<>();
                    for (int channel : sortChannels) {
                        sortKey.add(page.column(channel).isNull(row) ? null : page.column(channel).getObject(row));
                    }
                    // a segment is a block; a new file starts a new run, which a block of fewer rows than the last ended
                    boolean sameRun = previous != null && !(row == 0 && previousRows < 8192);
                    if (sameRun) {
                        assertTrue(compare(previous, sortKey) <= 0, table.name() + ": " + previous + " before " + sortKey);
                    }
                    previous = sortKey;
                }
                previousRows = page.positionCount();
                rows += page.positionCount();
            }
        }
        assertTrue(rows > 0, table.name() + " has rows");
    }

    @SuppressWarnings("unchecked")
    private static int compare(List<Object> left, List<Object> right)
    {
        for (int i = 0; i < left.size(); i++) {
            int order = ((Comparable<Object>) left.get(i)).compareTo(right.get(i));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private static void assertSameRows(SignoEngine engine, String sql, String expectedSql)
    {
        List<List<Object>> actual = new ArrayList<>(ResultRows.toRows(engine.execute(sql)));
        List<List<Object>> expected = new ArrayList<>(ResultRows.toRows(engine.execute(expectedSql)));
        actual.sort(java.util.Comparator.comparing(Object::toString));
        expected.sort(java.util.Comparator.comparing(Object::toString));
        assertEquals(expected, actual, sql);
    }

    private static void assertError(SignoEngine engine, String sql, String message)
    {
        SignoException error = assertThrows(SignoException.class, () -> engine.execute(sql), sql);
        assertEquals(ErrorCode.VALIDATION_ERROR, error.errorCode(), error.getMessage());
        assertTrue(error.getMessage().contains(message), error.getMessage());
    }

    /** The distribution EXPLAIN shows for the scan of {@code table}. */
    private static String scanDistribution(String plan, String table)
    {
        java.util.regex.Matcher scan = java.util.regex.Pattern.compile("TableScan\\[" + table + ", [^\n]*\\{rows: [^,]+, ([^}]+)}").matcher(plan);
        assertTrue(scan.find(), "no scan of " + table + " in\n" + plan);
        return scan.group(1);
    }

    private static String explain(SignoEngine engine, String sql)
    {
        return String.join("\n", PlanPrinter.render(engine.plan(sql).root()));
    }
}
