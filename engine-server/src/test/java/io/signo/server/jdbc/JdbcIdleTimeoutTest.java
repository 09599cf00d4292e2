package io.signo.server.jdbc;

import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryState;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A JDBC endpoint whose connections expire after 2 s without a request: an abandoned connection is
 * closed with its statements, its running query cancelled and its result let go, and its client
 * learns so with a clear error; connections in use, or waiting for a long statement, stay.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JdbcIdleTimeoutTest
{
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(2);

    private JdbcTestServer server;

    @BeforeAll
    void start()
            throws Exception
    {
        server = new JdbcTestServer(new SignoEngine(TpchData.generate(0.01, 2, MemoryPool.unbounded("tpch")), 2), IDLE_TIMEOUT);
    }

    @AfterAll
    void stop()
            throws Exception
    {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anAbandonedConnectionExpiresWithItsStatementsAndItsRunningQuery()
            throws Exception
    {
        // hundreds of millions of rows: the query runs until its statement is closed
        String sql = "select l_orderkey, o_orderkey from lineitem, orders where l_quantity + o_totalprice > 0";
        int openBefore = server.endpoint().connectionCount();
        Connection abandoned = DriverManager.getConnection(server.url());
        PreparedStatement prepared = abandoned.prepareStatement("select count(*) from nation where n_regionkey = ?");
        DatabaseMetaData metaData = abandoned.getMetaData();
        Statement streaming = abandoned.createStatement();
        ResultSet rows = streaming.executeQuery(sql);
        assertTrue(rows.next());
        ManagedQuery query = newestQuery(sql);
        assertEquals(QueryState.RUNNING, query.state());
        assertEquals(openBefore + 1, server.endpoint().connectionCount());

        try (Connection active = DriverManager.getConnection(server.url()); Statement statement = active.createStatement()) {
            // this one is used every 200 ms for three idle timeouts, and stays
            long until = System.nanoTime() + 3 * IDLE_TIMEOUT.toNanos();
            while (System.nanoTime() < until) {
                try (ResultSet count = statement.executeQuery("select count(*) from region")) {
                    assertTrue(count.next());
                    assertEquals(5, count.getLong(1));
                }
                Thread.sleep(200);
            }
            waitUntilDone(query);
            assertEquals(QueryState.CANCELLED, query.state());
            assertTrue(query.error().getMessage().contains("the connection expired: it was idle for longer than the server's JDBC idle timeout of 2 s"),
                    query.error().getMessage());
            assertEquals(openBefore + 1, server.endpoint().connectionCount(), "the abandoned connection is gone, the active one stays");
            assertTrue(active.isValid(10));
        }

        // every later use of the abandoned connection says that it expired
        assertExpired(assertThrows(SQLException.class, () -> {
            for (int row = 0; row < 1_000_000; row++) {
                rows.next();
            }
        }));
        assertExpired(assertThrows(SQLException.class, () -> streaming.executeQuery("select 1")));
        prepared.setInt(1, 1);
        assertExpired(assertThrows(SQLException.class, prepared::executeQuery));
        assertExpired(assertThrows(SQLException.class, abandoned::createStatement));
        assertExpired(assertThrows(SQLException.class, () -> abandoned.prepareStatement("select 1")));
        assertExpired(assertThrows(SQLException.class, () -> metaData.getTables(null, null, "%", null)));
        assertFalse(abandoned.isValid(10));
        // closing it is allowed and quiet: there is nothing left to close
        prepared.close();
        streaming.close();
        abandoned.close();
        assertEquals(openBefore, server.endpoint().connectionCount());
    }

    private static void assertExpired(SQLException error)
    {
        assertEquals("08003", error.getSQLState(), error.getMessage());
        assertEquals(ErrorCode.CONNECTION_EXPIRED.number(), error.getErrorCode(), error.getMessage());
        assertTrue(error.getMessage().contains("expired: it was idle for longer than the server's JDBC idle timeout of 2 s"), error.getMessage());
        assertTrue(error.getMessage().contains("open a new connection"), error.getMessage());
    }

    @Test
    void aConnectionWaitingForALongStatementDoesNotExpire()
            throws Exception
    {
        // a nested-loop join of 60,000 rows with themselves: far longer than the 5 s query timeout
        String sql = "select count(*) from lineitem a join lineitem b on a.l_quantity < b.l_quantity";
        try (Connection connection = DriverManager.getConnection(server.url()); Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(5);
            // the request in flight keeps the connection for two and a half idle timeouts; then the driver's
            // cancel for the query timeout travels on the same connection
            SQLException error = assertThrows(SQLException.class, () -> statement.executeQuery(sql));
            assertInstanceOf(SQLTimeoutException.class, error, error.getMessage());
            assertTrue(error.getMessage().contains("timeout of 5 s"), error.getMessage());
            ManagedQuery query = newestQuery(sql);
            waitUntilDone(query);
            assertTrue(query.error().getMessage().contains("cancelled by the client"), query.error().getMessage());
            try (ResultSet rows = statement.executeQuery("select count(*) from nation")) {
                assertTrue(rows.next());
                assertEquals(25, rows.getLong(1));
            }
        }
    }

    @Test
    void aReadResultKeepsItsConnectionWhileTheClientFetches()
            throws Exception
    {
        // 60,175 rows in frames of 4,096: the client asks for the next frame every half timeout
        try (Connection connection = DriverManager.getConnection(server.url());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select l_orderkey from lineitem")) {
            long count = 0;
            while (rows.next()) {
                count++;
                if (count % 4096 == 0 && count <= 4 * 4096) {
                    Thread.sleep(IDLE_TIMEOUT.toMillis() / 2);
                }
            }
            assertEquals(60_175, count);
        }
    }

    private ManagedQuery newestQuery(String sql)
    {
        return server.queryManager().queries().stream()
                .filter(query -> query.sql().equals(sql))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no query " + sql));
    }

    private static void waitUntilDone(ManagedQuery query)
            throws InterruptedException
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!query.state().isDone()) {
            if (System.nanoTime() > deadline) {
                fail("the query did not end: " + query.state());
            }
            Thread.sleep(20);
        }
    }
}
