package io.signo.server.pg;

import io.signo.reference.ResultComparison;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryState;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * PostgreSQL's JDBC driver (pgJDBC) against the PostgreSQL protocol over TPC-H SF 0.01, with DuckDB
 * over the same data as the reference: plain and prepared statements with parameters of each type
 * (text and, once pgJDBC prepares on the server, binary), fetch sizes over portals, cancel, errors
 * with their SQLSTATEs, transactions as clients drive them, and the metadata pgJDBC reads from
 * pg_catalog.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgJdbcTest
{
    /** A query that runs far longer than the tests wait: a non-equi join of lineitem with itself. */
    private static final String LONG_QUERY = "select count(*) from lineitem a join lineitem b on a.l_quantity < b.l_quantity";

    private PgTestServer server;

    @BeforeAll
    void start()
            throws Exception
    {
        server = new PgTestServer(0.01, null);
    }

    @AfterAll
    void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    private Connection connect()
            throws SQLException
    {
        Properties properties = new Properties();
        properties.setProperty("user", "pg_tester");
        return DriverManager.getConnection(server.jdbcUrl(), properties);
    }

    static List<List<Object>> rows(ResultSet resultSet)
            throws SQLException
    {
        int columns = resultSet.getMetaData().getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        while (resultSet.next()) {
            List<Object> row = new ArrayList<>(columns);
            for (int column = 1; column <= columns; column++) {
                row.add(resultSet.getObject(column));
            }
            rows.add(row);
        }
        return rows;
    }

    private void assertSameAsDuckDb(String sql, List<List<Object>> actual)
            throws Exception
    {
        Optional<String> difference = ResultComparison.difference(server.duckDb().query(sql), actual, sql.toLowerCase(Locale.ROOT).contains("order by"));
        difference.ifPresent(message -> fail(message + "\n" + sql));
    }

    @Test
    void tpchQueriesMatchDuckDb()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (int query : new int[] {1, 3, 5, 6, 10, 12, 14, 18}) {
                String sql = TpchQueries.query(query);
                try (ResultSet rows = statement.executeQuery(sql)) {
                    assertSameAsDuckDb(sql, rows(rows));
                }
            }
        }
    }

    @Test
    void typesAndValuesOfOneRow()
            throws Exception
    {
        String sql = "select o_orderkey, o_totalprice, o_orderdate, o_orderpriority, o_shippriority, cast(null as varchar) as nothing, o_totalprice > 1000 as big, "
                + "cast(o_totalprice as double) as price_double, cast(o_orderdate as timestamp) + interval '90' minute as at "
                + "from orders where o_orderkey = 1";
        try (Connection connection = connect(); Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertEquals(Types.BIGINT, metaData.getColumnType(1));
            assertEquals(Types.NUMERIC, metaData.getColumnType(2));
            assertEquals(2, metaData.getScale(2));
            assertEquals(Types.DATE, metaData.getColumnType(3));
            assertEquals("int4", metaData.getColumnTypeName(5));
            assertEquals(Types.BIT, metaData.getColumnType(7));
            assertEquals(Types.DOUBLE, metaData.getColumnType(8));
            assertEquals(Types.TIMESTAMP, metaData.getColumnType(9));
            assertTrue(rows.next());
            List<List<Object>> expected = server.duckDb().query("select o_orderkey, o_totalprice, o_orderdate, o_orderpriority, o_shippriority from orders where o_orderkey = 1");
            assertEquals(1L, rows.getLong(1));
            assertEquals(0, ((BigDecimal) ResultComparison.normalize(expected.get(0).get(1))).compareTo(rows.getBigDecimal(2)));
            assertEquals(ResultComparison.normalize(expected.get(0).get(2)), rows.getDate(3).toLocalDate());
            assertEquals(ResultComparison.normalize(expected.get(0).get(3)), rows.getString(4).strip());
            assertEquals(((Number) expected.get(0).get(4)).intValue(), rows.getInt(5));
            assertNull(rows.getString(6));
            assertTrue(rows.wasNull());
            assertTrue(rows.getBoolean(7));
            assertEquals(rows.getBigDecimal(2).doubleValue(), rows.getDouble(8));
            assertEquals(rows.getDate(3).toLocalDate().atTime(1, 30), rows.getTimestamp(9).toLocalDateTime());
            assertFalse(rows.next());
        }
    }

    @Test
    void unnamedColumnsAreNamedAsPostgreSqlNamesThem()
            throws Exception
    {
        String sql = "select n_regionkey, count(*), sum(n_nationkey) as total, max(n_name)::text, n_regionkey + 1, 1::int, "
                + "case when n_regionkey = 0 then 'a' end, coalesce(n_regionkey, 0) from nation group by n_regionkey order by 1";
        List<String> expected = List.of("n_regionkey", "count", "total", "max", "?column?", "int4", "case", "coalesce");
        try (Connection connection = connect()) {
            // the simple protocol (a Statement) and the extended one (a PreparedStatement, described before it runs)
            try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
                assertEquals(expected, labels(rows.getMetaData()));
            }
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                assertEquals(expected, labels(statement.getMetaData()));
                try (ResultSet rows = statement.executeQuery()) {
                    assertEquals(expected, labels(rows.getMetaData()));
                    assertTrue(rows.next());
                    assertEquals(0, rows.getInt("n_regionkey"));
                    assertEquals(5, rows.getLong("count"));
                }
            }
        }
    }

    private static List<String> labels(ResultSetMetaData metaData)
            throws SQLException
    {
        List<String> labels = new ArrayList<>();
        for (int column = 1; column <= metaData.getColumnCount(); column++) {
            labels.add(metaData.getColumnLabel(column));
        }
        return labels;
    }

    @Test
    void preparedStatementsBindParametersOfEachType()
            throws Exception
    {
        String sql = "select l_orderkey, l_linenumber, l_quantity, l_extendedprice, l_shipdate, l_shipmode from lineitem "
                + "where l_orderkey < ? and l_quantity >= ? and l_shipdate > ? and l_shipmode <> ? and l_discount < ? and l_linenumber <= ? "
                + "order by l_orderkey, l_linenumber";
        String literal = "select l_orderkey, l_linenumber, l_quantity, l_extendedprice, l_shipdate, l_shipmode from lineitem "
                + "where l_orderkey < 2000 and l_quantity >= 10.5 and l_shipdate > DATE '1995-03-15' and l_shipmode <> 'AIR' and l_discount < 0.07 and l_linenumber <= 4 "
                + "order by l_orderkey, l_linenumber";
        List<List<Object>> expected = server.duckDb().query(literal);
        assertFalse(expected.isEmpty());
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            // pgJDBC prepares on the server from the fifth execution on, then asks for binary results and sends binary values
            for (int execution = 0; execution < 7; execution++) {
                statement.setLong(1, 2000);
                statement.setBigDecimal(2, new BigDecimal("10.5"));
                statement.setDate(3, Date.valueOf(LocalDate.of(1995, 3, 15)));
                statement.setString(4, "AIR");
                statement.setDouble(5, 0.07);
                statement.setInt(6, 4);
                try (ResultSet rows = statement.executeQuery()) {
                    Optional<String> difference = ResultComparison.difference(expected, rows(rows), true);
                    int number = execution;
                    difference.ifPresent(message -> fail("execution " + number + ": " + message));
                }
            }
        }
    }

    @Test
    void longDecimalsInTextAndBinary()
            throws Exception
    {
        // SUM of a DECIMAL is a DECIMAL(38, s): 128-bit values, written as numeric text and as binary numeric
        String sql = "select l_returnflag, sum(l_extendedprice), sum(-l_quantity * l_discount), "
                + "cast('-12345678901234567890123456.789012345678' as decimal(38, 12)), cast(0.05 as decimal(30, 20)) "
                + "from lineitem where l_orderkey < ? group by l_returnflag order by l_returnflag";
        List<List<Object>> expected = server.duckDb().query(sql.replace("?", "3000"));
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int execution = 0; execution < 7; execution++) {
                statement.setLong(1, 3000);
                try (ResultSet rows = statement.executeQuery()) {
                    List<List<Object>> actual = rows(rows);
                    assertEquals(new BigDecimal("-12345678901234567890123456.789012345678"), actual.getFirst().get(3), "execution " + execution);
                    Optional<String> difference = ResultComparison.difference(expected, actual, true);
                    int number = execution;
                    difference.ifPresent(message -> fail("execution " + number + ": " + message));
                }
            }
        }
    }

    @Test
    void parametersOfTimesBooleansAndNulls()
            throws Exception
    {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement("select ? as b, cast(? as timestamp) as ts, ? as t, cast(? as integer) as missing, ? + 1 as n, ? as s")) {
            for (int execution = 0; execution < 6; execution++) {
                statement.setBoolean(1, true);
                statement.setTimestamp(2, Timestamp.valueOf(LocalDateTime.of(2024, 2, 29, 13, 45, 6, 123_456_000)));
                statement.setObject(3, LocalDate.of(2000, 1, 1));
                statement.setNull(4, Types.INTEGER);
                statement.setShort(5, (short) -7);
                statement.setString(6, "it's \"quoted\" -- not a comment");
                try (ResultSet rows = statement.executeQuery()) {
                    assertTrue(rows.next());
                    assertTrue(rows.getBoolean(1));
                    assertEquals(LocalDateTime.of(2024, 2, 29, 13, 45, 6, 123_456_000), rows.getTimestamp(2).toLocalDateTime());
                    assertEquals(LocalDate.of(2000, 1, 1), rows.getObject(3, LocalDate.class));
                    assertNull(rows.getObject(4));
                    assertEquals(-6, rows.getInt(5));
                    assertEquals("it's \"quoted\" -- not a comment", rows.getString(6));
                    assertFalse(rows.next());
                }
            }
        }
    }

    @Test
    void parameterMetadataComesFromThePlanner()
            throws Exception
    {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement("select count(*) from orders where o_orderdate < ? and o_totalprice > ? and o_orderkey = ?")) {
            var parameters = statement.getParameterMetaData();
            assertEquals(3, parameters.getParameterCount());
            assertEquals("date", parameters.getParameterTypeName(1));
            assertEquals("numeric", parameters.getParameterTypeName(2));
            assertEquals("int8", parameters.getParameterTypeName(3));
        }
    }

    @Test
    void fetchSizeReadsAPortalInSteps()
            throws Exception
    {
        String sql = "select l_orderkey, l_linenumber, l_comment from lineitem order by l_orderkey, l_linenumber";
        List<List<Object>> expected = server.duckDb().query(sql);
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setFetchSize(1000);
                try (ResultSet rows = statement.executeQuery()) {
                    assertTrue(rows.next());
                    // the portal is open with most rows still to fetch: its query has not finished
                    ManagedQuery query = newestQuery(sql);
                    assertEquals(QueryState.RUNNING, query.state());
                    List<List<Object>> actual = new ArrayList<>();
                    do {
                        actual.add(List.of(rows.getLong(1), rows.getInt(2), rows.getString(3)));
                    }
                    while (rows.next());
                    Optional<String> difference = ResultComparison.difference(expected, actual, true);
                    difference.ifPresent(message -> fail(message));
                }
            }
            connection.commit();
        }
    }

    @Test
    void cancelStopsALongQuery()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            ExecutorService executor = Executors.newSingleThreadExecutor();
            try {
                Future<SQLException> failure = executor.submit(() -> {
                    try (ResultSet ignored = statement.executeQuery(LONG_QUERY)) {
                        return null;
                    }
                    catch (SQLException e) {
                        return e;
                    }
                });
                waitUntilRunning(LONG_QUERY);
                long start = System.nanoTime();
                statement.cancel();
                SQLException error = failure.get(20, TimeUnit.SECONDS);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertNotNull(error, "the query was not cancelled");
                assertEquals("57014", error.getSQLState(), error.getMessage());
                assertTrue(millis < 5000, "cancel took " + millis + " ms");
                assertEquals(QueryState.CANCELLED, newestQuery(LONG_QUERY).state());
            }
            finally {
                executor.shutdownNow();
            }
            try (ResultSet rows = statement.executeQuery("select count(*) from region")) {
                assertTrue(rows.next());
                assertEquals(5, rows.getLong(1));
            }
        }
    }

    private ManagedQuery newestQuery(String sql)
    {
        return server.queryManager().queries().stream().filter(query -> query.sql().equals(sql)).findFirst().orElseThrow();
    }

    private void waitUntilRunning(String sql)
            throws Exception
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (server.queryManager().queries().stream().noneMatch(query -> query.sql().equals(sql))) {
            if (System.nanoTime() > deadline) {
                fail("the query never reached the server");
            }
            Thread.sleep(10);
        }
        newestQuery(sql).started().get(20, TimeUnit.SECONDS);
    }

    @Test
    void errorsCarryTheirSqlState()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            assertSqlState("42601", statement, "selec 1");
            assertSqlState("42P01", statement, "select * from no_such_table");
            assertSqlState("42703", statement, "select no_such_column from nation");
            assertSqlState("22012", statement, "select n_nationkey / 0 from nation");
            assertSqlState("22003", statement, "select cast(n_nationkey + 1000 as decimal(3, 0)) from nation");
            assertSqlState("42704", statement, "set no_such_setting = 1");
            assertSqlState("0A000", statement, "set client_encoding = 'LATIN1'");
            // the connection goes on after each error
            try (ResultSet rows = statement.executeQuery("select count(*) from nation")) {
                assertTrue(rows.next());
                assertEquals(25, rows.getInt(1));
            }
        }
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement("select count(*) from nation where n_nationkey < ?")) {
            // pgJDBC sends a string as varchar: the engine's cast to the column's type fails
            statement.setString(1, "not a number");
            SQLException error = assertThrows(SQLException.class, statement::executeQuery);
            assertEquals("22018", error.getSQLState(), error.getMessage());
            assertTrue(error.getMessage().contains("not a number"), error.getMessage());
        }
    }

    private static void assertSqlState(String sqlState, Statement statement, String sql)
    {
        SQLException error = assertThrows(SQLException.class, () -> statement.execute(sql), sql);
        assertEquals(sqlState, error.getSQLState(), sql + ": " + error.getMessage());
    }

    @Test
    void transactionsAreAcceptedAndAFailedOneWaitsForRollback()
            throws Exception
    {
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                try (ResultSet rows = statement.executeQuery("select count(*) from region")) {
                    assertTrue(rows.next());
                }
                assertThrows(SQLException.class, () -> statement.executeQuery("select 1 / 0"));
                SQLException aborted = assertThrows(SQLException.class, () -> statement.executeQuery("select count(*) from region"));
                assertEquals("25P02", aborted.getSQLState(), aborted.getMessage());
                connection.rollback();
                try (ResultSet rows = statement.executeQuery("select count(*) from region")) {
                    assertTrue(rows.next());
                    assertEquals(5, rows.getInt(1));
                }
                connection.commit();
            }
        }
    }

    @Test
    void settingsAndCatalogFunctions()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("set application_name = 'pg test'");
            statement.execute("SET extra_float_digits TO 3");
            statement.execute("set search_path to tpch, public");
            statement.execute("SET TIME ZONE 'Europe/Berlin'");
            assertEquals("pg test", single(statement, "show application_name"));
            assertEquals("3", single(statement, "show extra_float_digits"));
            assertEquals("Europe/Berlin", single(statement, "show timezone"));
            assertEquals("ISO, MDY", single(statement, "show DateStyle"));
            assertTrue(single(statement, "select version()").startsWith("PostgreSQL 16.0 (Signo"));
            assertEquals("signo", single(statement, "select current_database()"));
            assertEquals("tpch", single(statement, "select current_schema()"));
            assertEquals(16, connection.getMetaData().getDatabaseMajorVersion());
            // the session's time zone decides how instants are shown
            assertEquals("2024-01-01 11:00:00+01", single(statement, "select cast(timestamptz '2024-01-01 10:00:00+00' as varchar)"));
        }
    }

    @Test
    void queriesOfPgClientsAreListedWithTheirUser()
            throws Exception
    {
        String sql = "select count(*) as listed from supplier";
        try (Connection connection = connect(); Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            assertTrue(rows.next());
        }
        ManagedQuery query = newestQuery(sql);
        assertEquals("pg_tester", query.user());
        assertEquals(QueryState.FINISHED, query.state());
    }

    @Test
    void metadataFromPgCatalog()
            throws Exception
    {
        try (Connection connection = connect()) {
            DatabaseMetaData metaData = connection.getMetaData();
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = metaData.getTables(null, "tpch", "%", new String[] {"TABLE"})) {
                while (rows.next()) {
                    tables.add(rows.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier"), tables);
            List<String> columns = new ArrayList<>();
            try (ResultSet rows = metaData.getColumns(null, "tpch", "nation", "%")) {
                while (rows.next()) {
                    columns.add(rows.getString("COLUMN_NAME") + " " + rows.getString("TYPE_NAME") + " " + rows.getInt("ORDINAL_POSITION"));
                }
            }
            assertEquals(List.of("n_nationkey int8 1", "n_name bpchar 2", "n_regionkey int8 3", "n_comment varchar 4"), columns);
        }
    }

    private static String single(Statement statement, String sql)
            throws SQLException
    {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertTrue(rows.next(), sql);
            String value = rows.getString(1);
            assertFalse(rows.next(), sql);
            return value;
        }
    }
}
