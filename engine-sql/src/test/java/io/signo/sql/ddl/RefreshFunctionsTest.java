package io.signo.sql.ddl;

import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.tpch.TpchRefreshData;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TPC-H refresh functions through the engine's write path: each one atomic unit
 * ({@link SignoEngine#executeAtomically}), after each the 22 queries answer as DuckDB does on the same
 * state, a failing statement leaves none of its batch behind, and queries running beside the refresh
 * functions see each function whole or not at all.
 */
class RefreshFunctionsTest
{
    private static final double SCALE = 0.01;
    private static final String SCHEMA = "tpch.sf0_01";

    @Test
    void afterEachRefreshFunctionTheQueriesAnswerAsDuckDb()
            throws Exception
    {
        Catalog generated = TpchData.generate(SCALE, 2, MemoryPool.unbounded("tpch"));
        try (SignoEngine engine = loadedEngine();
                DuckDbTpch duckDb = DuckDbTpch.load(generated)) {
            Session session = new Session("test");
            long orders = duckDb.rowCount("orders");
            for (int pair = 1; pair <= 2; pair++) {
                TpchRefreshData data = TpchRefreshData.generate(SCALE, pair, 5);
                List<String> rf1 = data.refreshFunction1(7);
                List<Long> inserted = engine.executeAtomically(session, rf1, new QueryControl());
                assertEquals(data.orders().size() + data.lineItems().size(), inserted.stream().mapToLong(Long::longValue).sum());
                inDuckDbTransaction(duckDb, rf1);
                assertEquals(orders + data.orders().size(), count(engine, "SELECT count(*) FROM orders"));
                if (pair == 1) {
                    compareQueries(engine, duckDb, "after RF1 of pair 1", 0);
                }

                List<Long> deleted = engine.executeAtomically(session, data.refreshFunction2(), new QueryControl());
                inDuckDbTransaction(duckDb, data.refreshFunction2());
                assertEquals(data.orders().size(), deleted.get(1), "RF2 deletes SF * 1500 orders");
                assertEquals(orders, count(engine, "SELECT count(*) FROM orders"));
                assertEquals(duckDb.rowCount("lineitem"), count(engine, "SELECT count(*) FROM lineitem"));
                if (pair == 1) {
                    compareQueries(engine, duckDb, "after RF2 of pair 1", 1);
                }
                String state = "SELECT count(*), sum(o_orderkey), sum(o_totalprice), min(o_orderdate), max(o_comment) FROM orders";
                ResultComparison.assertSameResult(duckDb.query(state), ResultRows.toRows(engine.execute(state)), false, "orders after pair " + pair);
                String lines = "SELECT count(*), sum(l_orderkey * l_linenumber), sum(l_extendedprice), sum(l_discount), max(l_shipdate), min(l_comment) FROM lineitem";
                ResultComparison.assertSameResult(duckDb.query(lines), ResultRows.toRows(engine.execute(lines)), false, "lineitem after pair " + pair);
            }
            // pair 1 deleted the lowest loaded orders, pair 2 the orders pair 1 inserted: what is left of the refreshes is pair 2's
            long[] pairTwo = TpchRefreshData.insertedOrderKeys(SCALE, 2);
            assertEquals(pairTwo.length, count(engine, "SELECT count(*) FROM orders WHERE o_orderkey % 32 >= 8"));
            assertEquals(0, count(engine, "SELECT count(*) FROM orders WHERE o_orderkey IN (" + TpchRefreshData.insertedOrderKeys(SCALE, 1)[0] + ", "
                    + TpchRefreshData.deletedOrderKeys(SCALE, 1)[0] + ")"));
        }
    }

    @Test
    void aBatchThatFailsLeavesNothing()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE a (k BIGINT NOT NULL, v VARCHAR)");
            engine.execute("CREATE TABLE b (k BIGINT NOT NULL)");
            engine.execute("INSERT INTO a VALUES (1, 'one'), (2, 'two')");
            Session session = new Session("test");
            SignoException notNull = assertThrows(SignoException.class, () -> engine.executeAtomically(session,
                    List.of("INSERT INTO a VALUES (3, 'three')", "DELETE FROM a WHERE k = 1", "INSERT INTO b VALUES (NULL)"), new QueryControl()));
            assertEquals(ErrorCode.NOT_NULL_VIOLATION, notNull.errorCode());
            assertEquals(List.of(List.of(1L), List.of(2L)), ResultRows.toRows(engine.execute("SELECT k FROM a ORDER BY k")));
            assertEquals(0, count(engine, "SELECT count(*) FROM b"));

            SignoException notAWrite = assertThrows(SignoException.class, () -> engine.executeAtomically(session, List.of("INSERT INTO b VALUES (1)", "SELECT * FROM a"),
                    new QueryControl()));
            assertEquals(ErrorCode.NOT_SUPPORTED, notAWrite.errorCode());
            assertTrue(notAWrite.getMessage().contains("INSERT, UPDATE and DELETE"), notAWrite.getMessage());
            SignoException noTable = assertThrows(SignoException.class, () -> engine.executeAtomically(session, List.of("INSERT INTO b VALUES (1)", "DELETE FROM missing"),
                    new QueryControl()));
            assertTrue(noTable.getMessage().toLowerCase(Locale.ROOT).contains("missing"), noTable.getMessage());
            assertEquals(0, count(engine, "SELECT count(*) FROM b"));

            List<Long> counts = engine.executeAtomically(session, List.of("INSERT INTO b SELECT k FROM a", "UPDATE a SET v = 'changed' WHERE k = 2", "DELETE FROM a WHERE k = 1"),
                    new QueryControl());
            assertEquals(List.of(2L, 1L, 1L), counts);
            assertEquals(List.of(List.of(2L, "changed")), ResultRows.toRows(engine.execute("SELECT k, v FROM a")));
            assertEquals(List.of(), engine.executeAtomically(session, List.of(), new QueryControl()));
        }
        try (SignoEngine generatedOnly = new SignoEngine(TpchData.generate(SCALE, 1, MemoryPool.unbounded("tpch")), 1)) {
            SignoException readOnly = assertThrows(SignoException.class, () -> generatedOnly.executeAtomically(new Session("test"), List.of("DELETE FROM orders"), new QueryControl()));
            assertEquals(ErrorCode.READ_ONLY_TABLE, readOnly.errorCode());
        }
    }

    @Test
    void queriesBesideTheRefreshFunctionsSeeEachWholeOrNotAtAll()
            throws Exception
    {
        try (SignoEngine engine = loadedEngine()) {
            long orders = count(engine, "SELECT count(*) FROM orders");
            long lines = count(engine, "SELECT count(*) FROM lineitem");
            AtomicBoolean done = new AtomicBoolean();
            ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
            // one query reads both tables: the refreshed orders and their line items must come and go together
            String state = "SELECT (SELECT count(*) FROM orders), (SELECT count(*) FROM orders WHERE o_orderkey % 32 >= 8), "
                    + "(SELECT count(DISTINCT l_orderkey) FROM lineitem WHERE l_orderkey % 32 >= 8), (SELECT count(*) FROM lineitem)";
            List<Thread> readers = new ArrayList<>();
            int[] reads = new int[2];
            for (int reader = 0; reader < 2; reader++) {
                int number = reader;
                readers.add(Thread.ofPlatform().start(() -> {
                    Session session = new Session("reader");
                    while (!done.get()) {
                        List<Object> row = ResultRows.toRows(engine.execute(session, state, new QueryControl())).getFirst();
                        seen.add(row.toString());
                        reads[number]++;
                    }
                }));
            }
            Session session = new Session("refresh");
            List<TpchRefreshData> pairs = new ArrayList<>();
            for (int pair = 1; pair <= 3; pair++) {
                TpchRefreshData data = TpchRefreshData.generate(SCALE, pair, 11);
                pairs.add(data);
                engine.executeAtomically(session, data.refreshFunction1(5), new QueryControl());
                engine.executeAtomically(session, data.refreshFunction2(), new QueryControl());
            }
            done.set(true);
            for (Thread reader : readers) {
                reader.join();
            }
            assertTrue(reads[0] > 0 && reads[1] > 0, "both readers ran");
            int perRefresh = TpchRefreshData.ordersPerRefresh(SCALE);
            for (String row : seen) {
                String[] values = row.substring(1, row.length() - 1).split(", ");
                long all = Long.parseLong(values[0]);
                long refreshedOrders = Long.parseLong(values[1]);
                long refreshedLineOrders = Long.parseLong(values[2]);
                assertEquals(refreshedOrders, refreshedLineOrders, "orders and their line items in one snapshot: " + row);
                assertTrue(all == orders || all == orders + perRefresh, "a whole refresh function or none: " + row);
                assertTrue(refreshedOrders == 0 || refreshedOrders == perRefresh || refreshedOrders == 2L * perRefresh, row);
            }
            long lastLines = pairs.getLast().lineItems().size();
            assertEquals(lines - linesOfFirstDeleted(engine) + lastLines, count(engine, "SELECT count(*) FROM lineitem"));
        }
    }

    /** The loaded line items that RF2 of pair 1 deleted: the generator still has them. */
    private static long linesOfFirstDeleted(SignoEngine engine)
    {
        long[] keys = TpchRefreshData.deletedOrderKeys(SCALE, 1);
        StringBuilder list = new StringBuilder();
        for (long key : keys) {
            list.append(list.isEmpty() ? "" : ", ").append(key);
        }
        return count(engine, "SELECT count(*) FROM " + SCHEMA + ".lineitem WHERE l_orderkey IN (" + list + ")");
    }

    private static SignoEngine loadedEngine()
    {
        SignoEngine engine = new SignoEngine(Database.inMemory(), 2);
        for (String table : GeneratedTpchTables.tableNames()) {
            engine.execute(GeneratedTpchTables.loadStatement(table, SCALE));
        }
        return engine;
    }

    /** The 22 queries with the validation parameters ({@code seed} 0) or with parameters drawn from {@code seed}, on both engines. */
    private static void compareQueries(SignoEngine engine, DuckDbTpch duckDb, String when, long seed)
            throws Exception
    {
        SplittableRandom random = new SplittableRandom(seed);
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            String sql = seed == 0 ? TpchQueries.query(query) : TpchQueries.query(query, random, SCALE);
            ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(engine.execute(sql)), sql.toLowerCase(Locale.ROOT).contains("order by"), "q" + query + " " + when);
        }
    }

    private static void inDuckDbTransaction(DuckDbTpch duckDb, List<String> statements)
            throws Exception
    {
        Connection connection = duckDb.connection();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
            connection.commit();
        }
        finally {
            connection.setAutoCommit(true);
        }
    }

    private static long count(SignoEngine engine, String sql)
    {
        return ((Number) ResultRows.toRows(engine.execute(sql)).getFirst().getFirst()).longValue();
    }
}
