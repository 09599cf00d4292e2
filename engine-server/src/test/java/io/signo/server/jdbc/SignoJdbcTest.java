package io.signo.server.jdbc;

import com.sun.net.httpserver.HttpServer;
import io.signo.reference.ResultComparison;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryState;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Signo's JDBC driver against a JDBC endpoint over TPC-H SF 0.1, with DuckDB over the same data as
 * the reference: a child process with only the driver jar, sqlline, prepared statements, metadata,
 * cancel, timeouts, errors, concurrent clients and a per-query memory limit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SignoJdbcTest
{
    private static final double SCALE_FACTOR = 0.1;
    /** A query that runs far longer than the tests wait: a non-equi join of lineitem with itself. */
    private static final String LONG_QUERY = "select count(*) from lineitem a join lineitem b on a.l_quantity < b.l_quantity";

    /** The data and DuckDB of the SF 0.1 tests of this JVM: the server only reads them, sessions set what they change. */
    @RegisterExtension
    static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(Setup.of(SCALE_FACTOR));

    private JdbcTestServer server;
    private DuckDbTpch duckDb;

    @BeforeAll
    void start()
            throws Exception
    {
        duckDb = TPCH.fixture().duckDb();
        server = new JdbcTestServer(TPCH.fixture().catalog(), 2);
    }

    @AfterAll
    void stop()
            throws Exception
    {
        if (server != null) {
            server.close();
        }
    }

    private Connection connect()
            throws SQLException
    {
        return DriverManager.getConnection(server.url());
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
            throws SQLException
    {
        Optional<String> difference = ResultComparison.difference(duckDb.query(sql), actual, sql.toLowerCase(Locale.ROOT).contains("order by"));
        difference.ifPresent(message -> fail(message + "\n" + sql));
    }

    @Test
    void typesAndValuesOfOneRow()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select o_orderkey, o_totalprice, o_orderdate, o_orderpriority, o_shippriority, cast(null as varchar) as nothing "
                        + "from orders where o_orderkey = 1")) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertEquals(Types.BIGINT, metaData.getColumnType(1));
            assertEquals(Types.DECIMAL, metaData.getColumnType(2));
            assertEquals(2, metaData.getScale(2));
            assertEquals(Types.DATE, metaData.getColumnType(3));
            assertTrue(rows.next());
            assertEquals(1L, rows.getLong(1));
            List<List<Object>> expected = duckDb.query("select o_totalprice, o_orderdate, o_orderpriority, o_shippriority from orders where o_orderkey = 1");
            assertEquals(0, ((BigDecimal) ResultComparison.normalize(expected.get(0).get(0))).compareTo(rows.getBigDecimal(2)));
            assertEquals(ResultComparison.normalize(expected.get(0).get(1)), rows.getDate(3).toLocalDate());
            assertEquals(ResultComparison.normalize(expected.get(0).get(2)), rows.getString(4).strip());
            assertEquals(((Number) expected.get(0).get(3)).intValue(), rows.getInt(5));
            assertNull(rows.getString(6));
            assertTrue(rows.wasNull());
            assertFalse(rows.next());
        }
    }

    @Test
    void longDecimalsAreExactBigDecimals()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select cast(o_totalprice as decimal(38, 4)) * 100000000000000000000 as big, cast(null as decimal(30, 2)) as nothing, "
                        + "sum(o_totalprice) over () as total from orders where o_orderkey = 1")) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertEquals(Types.DECIMAL, metaData.getColumnType(1));
            assertEquals(38, metaData.getPrecision(1));
            assertEquals(4, metaData.getScale(1));
            assertEquals(30, metaData.getPrecision(2));
            // a sum of a DECIMAL is a DECIMAL(38, s)
            assertEquals(38, metaData.getPrecision(3));
            assertTrue(rows.next());
            BigDecimal price = new BigDecimal(duckDb.query("select cast(o_totalprice as varchar) from orders where o_orderkey = 1").get(0).get(0).toString());
            BigDecimal expected = price.setScale(4).multiply(BigDecimal.TEN.pow(20));
            assertEquals(expected, rows.getBigDecimal(1));
            assertEquals(expected, rows.getObject(1));
            assertNull(rows.getBigDecimal(2));
            assertTrue(rows.wasNull());
            assertFalse(rows.next());
        }
    }

    @Test
    void realsAndTimestampsKeepTheirTypes()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select cast(0.1 as real) * 3 as r, timestamp '2024-02-29 12:30:05.25' as ts, cast(null as real) as nothing")) {
            ResultSetMetaData metaData = rows.getMetaData();
            assertEquals(Types.REAL, metaData.getColumnType(1));
            assertEquals(Types.TIMESTAMP, metaData.getColumnType(2));
            assertTrue(rows.next());
            // a float times 3, rounded to float: 0.3f, which is no double's 0.3
            assertEquals(0.3f, rows.getFloat(1));
            assertEquals(0.3f, ((Number) rows.getObject(1)).floatValue());
            assertEquals(java.time.LocalDateTime.of(2024, 2, 29, 12, 30, 5, 250_000_000), rows.getTimestamp(2, java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"))).toLocalDateTime());
            assertEquals(0.0f, rows.getFloat(3));
            assertTrue(rows.wasNull());
            assertFalse(rows.next());
        }
    }

    @Test
    void timesInstantsAndIntervalsTravelWithTheirTypes()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET TIME ZONE 'Europe/Berlin'");
            try (ResultSet rows = statement.executeQuery("select time '12:34:56' as t, timestamptz '2024-01-02 09:00:00Z' as tz, "
                    + "timestamp '2024-03-01 00:00' - timestamp '2024-01-01 00:00' as gap, interval '14' month as months, cast(null as time) as nothing")) {
                ResultSetMetaData metaData = rows.getMetaData();
                assertEquals(Types.TIME, metaData.getColumnType(1));
                assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, metaData.getColumnType(2));
                assertEquals("TIMESTAMP WITH TIME ZONE", metaData.getColumnTypeName(2));
                assertEquals(Types.OTHER, metaData.getColumnType(3));
                assertEquals("INTERVAL", metaData.getColumnTypeName(3));
                assertTrue(rows.next());
                assertEquals(java.time.LocalTime.of(12, 34, 56), rows.getTime(1, java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"))).toLocalTime());
                assertEquals("2024-01-02 10:00:00+01", rows.getString(2));
                assertEquals("60 days", rows.getObject(3));
                assertEquals("1 year 2 months", rows.getString(4));
                assertEquals(null, rows.getTime(5));
                assertTrue(rows.wasNull());
                assertFalse(rows.next());
            }
            // another connection keeps its own zone
            try (Connection other = connect();
                    Statement otherStatement = other.createStatement()) {
                otherStatement.execute("SET TIME ZONE 'Asia/Kolkata'");
                try (ResultSet rows = otherStatement.executeQuery("select timestamptz '2024-01-02 09:00:00Z'")) {
                    assertTrue(rows.next());
                    assertEquals("2024-01-02 14:30:00+05:30", rows.getString(1));
                }
            }
        }
    }

    @Test
    void resultLargerThanOneFrame()
            throws Exception
    {
        String sql = "select o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate from orders where o_orderkey < 100000";
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            List<List<Object>> actual = rows(rows);
            assertTrue(actual.size() > 20_000, "rows: " + actual.size());
            assertSameAsDuckDb(sql, actual);
        }
    }

    @Test
    void aResultStreamsToTheClientAndClosingTheStatementStopsItsQuery()
            throws Exception
    {
        // tens of billions of rows: only a result that streams from the running query gives its first ones
        String sql = "select l_orderkey, o_orderkey from lineitem, orders where l_quantity + o_totalprice > 0";
        try (Connection connection = connect()) {
            Statement statement = connection.createStatement();
            ResultSet rows = statement.executeQuery(sql);
            for (int row = 0; row < 10_000; row++) {
                assertTrue(rows.next(), "row " + row);
            }
            ManagedQuery query = newestQuery(sql);
            assertEquals(QueryState.RUNNING, query.state(), "the query still produces rows while the client reads the first ones");
            assertTrue(query.rows() >= 10_000 && query.rows() < 1_000_000, "rows sent: " + query.rows());
            statement.close();
            assertEquals(QueryState.CANCELLED, query.state());
            assertTrue(query.error().getMessage().contains("the client closed the statement"), query.error().getMessage());
        }
    }

    @Test
    void theRowLimitEndsTheQueryOnceItsRowsAreSent()
            throws Exception
    {
        String sql = "select o_orderkey from lineitem, orders where l_quantity + o_totalprice > 1";
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.setMaxRows(5);
            try (ResultSet rows = statement.executeQuery(sql)) {
                assertEquals(5, rows(rows).size());
            }
            ManagedQuery query = newestQuery(sql);
            assertEquals(QueryState.FINISHED, query.state());
            // the rows read from the query: whole pages, of which the client was sent the first 5
            assertTrue(query.rows() >= 5, "rows: " + query.rows());
        }
    }

    private ManagedQuery newestQuery(String sql)
    {
        return server.queryManager().queries().stream()
                .filter(query -> query.sql().equals(sql))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no query " + sql));
    }

    @Test
    void emptyResult()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select n_name from nation where n_nationkey < 0")) {
            assertEquals(1, rows.getMetaData().getColumnCount());
            assertFalse(rows.next());
        }
    }

    @Test
    void roundTripFromAChildProcessWithOnlyTheDriverJar()
            throws Exception
    {
        String sql = TpchQueries.query(3);
        Path classes = Path.of(JdbcClientMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        // the test classes directory holds far more, but nothing the child loads besides JdbcClientMain
        ProcessResult child = runChild(List.of(JdbcTestServer.javaBinary().toString(), "-cp", JdbcTestServer.driverJar() + java.io.File.pathSeparator + classes,
                JdbcClientMain.class.getName(), server.url() + "?user=child", sql));
        assertEquals(0, child.exitCode(), child.output());
        assertEquals("", child.errors(), "the driver prints nothing into its host program (no JVM warnings either)");
        List<String> lines = child.output().lines().toList();
        String[] types = lines.get(0).split("\t");
        List<List<Object>> actual = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] values = line.split("\t", -1);
            List<Object> row = new ArrayList<>();
            for (int column = 0; column < values.length; column++) {
                row.add(parse(Integer.parseInt(types[column]), values[column]));
            }
            actual.add(row);
        }
        assertEquals(10, actual.size(), child.output());
        assertSameAsDuckDb(sql, actual);
    }

    static Object parse(int type, String text)
    {
        if (text.equals("NULL")) {
            return null;
        }
        return switch (type) {
            case Types.BIGINT, Types.INTEGER, Types.DECIMAL, Types.DOUBLE -> new BigDecimal(text);
            case Types.DATE -> LocalDate.parse(text);
            default -> text;
        };
    }

    @Test
    void sqllineRunsTpchQuery1ThroughTheDriverJar()
            throws Exception
    {
        Path script = Files.createTempFile("q1", ".sql");
        Files.writeString(script, TpchQueries.query(1).strip() + (TpchQueries.query(1).strip().endsWith(";") ? "\n" : ";\n"));
        try {
            String classPath = String.join(java.io.File.pathSeparator, JdbcTestServer.driverJar().toString(), jarOf(sqlline.SqlLine.class), jarOf(org.jline.terminal.Terminal.class));
            ProcessResult child = runChild(List.of(JdbcTestServer.javaBinary().toString(), "-cp", classPath, "sqlline.SqlLine",
                    "-u", server.url(), "-n", "sqlline", "-p", "", "--outputFormat=csv", "--run=" + script));
            assertEquals(0, child.exitCode(), child.output());
            for (String group : List.of("'A','F'", "'N','F'", "'N','O'", "'R','F'")) {
                assertTrue(child.output().contains(group), "no group " + group + " in\n" + child.output());
            }
        }
        finally {
            Files.deleteIfExists(script);
        }
    }

    private static String jarOf(Class<?> type)
            throws Exception
    {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** @param output standard output, and standard error after it when the child failed */
    record ProcessResult(int exitCode, String output, String errors) {}

    private static ProcessResult runChild(List<String> command)
            throws IOException, InterruptedException
    {
        // standard error apart: the JVM's warnings must not mix with the rows
        Path errors = Files.createTempFile("child", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectError(errors.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("child did not end: " + new String(output, StandardCharsets.UTF_8) + Files.readString(errors));
            }
            String text = new String(output, StandardCharsets.UTF_8);
            String errorText = Files.readString(errors);
            return new ProcessResult(process.exitValue(), process.exitValue() == 0 ? text : text + "\nstderr:\n" + errorText, errorText);
        }
        finally {
            Files.deleteIfExists(errors);
        }
    }

    @Test
    void preparedStatementWithStringDateAndNumberParameters()
            throws Exception
    {
        String template = "select l_returnflag, count(*) as orders, sum(l_quantity) as quantity from lineitem "
                + "where l_shipmode = ? and l_shipdate <= ? and l_quantity > ? and l_comment <> '?' group by l_returnflag order by l_returnflag";
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(template)) {
            assertEquals(3, statement.getParameterMetaData().getParameterCount());
            statement.setString(1, "AIR");
            statement.setDate(2, Date.valueOf("1995-06-17"));
            statement.setBigDecimal(3, new BigDecimal("10.5"));
            List<List<Object>> first;
            try (ResultSet rows = statement.executeQuery()) {
                first = rows(rows);
            }
            assertSameAsDuckDb("select l_returnflag, count(*) as orders, sum(l_quantity) as quantity from lineitem "
                    + "where l_shipmode = 'AIR' and l_shipdate <= date '1995-06-17' and l_quantity > 10.5 and l_comment <> '?' group by l_returnflag order by l_returnflag", first);

            // again with other values, and a quote that must stay inside its literal
            statement.setString(1, "it's; drop");
            statement.setDate(2, Date.valueOf("1998-12-01"));
            statement.setInt(3, -1);
            try (ResultSet rows = statement.executeQuery()) {
                assertFalse(rows.next());
            }
        }
    }

    @Test
    void preparedStatementReportsItsColumnsBeforeRunning()
            throws Exception
    {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement("select n_name, n_nationkey from nation where n_regionkey = 1")) {
            ResultSetMetaData metaData = statement.getMetaData();
            assertEquals(2, metaData.getColumnCount());
            assertEquals("n_name", metaData.getColumnLabel(1).toLowerCase(Locale.ROOT));
            assertEquals(Types.BIGINT, metaData.getColumnType(2));
            try (ResultSet rows = statement.executeQuery()) {
                assertEquals(5, rows(rows).size());
            }
        }
    }

    @Test
    void unnamedColumnsAreNamedAsPostgresqlNamesThem()
            throws Exception
    {
        String sql = "select count(*), sum(n_nationkey), n_nationkey + 1, cast(n_name as varchar(30)), max(n_name) as top, 'x', coalesce(n_comment, '') "
                + "from nation where n_nationkey = 3 group by n_nationkey, n_name, n_comment";
        List<String> expected = List.of("count", "sum", "?column?", "n_name", "top", "?column?", "coalesce");
        try (Connection connection = connect()) {
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(sql)) {
                assertEquals(expected, labels(rows.getMetaData()));
                // max of a CHAR(25) column is a CHAR(25), padded
                assertEquals(List.of(List.of(1L, 3L, 4L, "CANADA", String.format("%-25s", "CANADA"), "x")), rows(rows).stream().map(row -> row.subList(0, 6)).toList());
            }
            // described before it runs, with the same names
            try (PreparedStatement prepared = connection.prepareStatement(sql)) {
                assertEquals(expected, labels(prepared.getMetaData()));
            }
            // an empty result still names its columns
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("select count(*) from nation where n_nationkey < 0 group by n_regionkey")) {
                assertEquals(List.of("count"), labels(rows.getMetaData()));
                assertFalse(rows.next());
            }
        }
    }

    private static List<String> labels(ResultSetMetaData metaData)
            throws SQLException
    {
        List<String> labels = new ArrayList<>();
        for (int column = 1; column <= metaData.getColumnCount(); column++) {
            assertEquals(metaData.getColumnLabel(column), metaData.getColumnName(column));
            labels.add(metaData.getColumnLabel(column));
        }
        return labels;
    }

    @Test
    void explainAnalyzeShowsTheRowsOfEachOperator()
            throws Exception
    {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE select n_name from nation where n_regionkey = 1")) {
            assertEquals("plan", rows.getMetaData().getColumnLabel(1));
            List<String> plan = new ArrayList<>();
            while (rows.next()) {
                plan.add(rows.getString(1));
            }
            int scan = -1;
            for (int i = 0; i < plan.size(); i++) {
                if (plan.get(i).contains("TableScan[nation")) {
                    scan = i;
                }
            }
            assertTrue(scan > 0 && plan.get(scan + 1).strip().startsWith("actual: 25 rows (1 page)"), String.join("\n", plan));
            assertTrue(plan.getFirst().contains(", 5 result rows,"), plan.getFirst());
        }
    }

    @Test
    void databaseMetaData()
            throws Exception
    {
        try (Connection connection = connect()) {
            DatabaseMetaData metaData = connection.getMetaData();
            try (ResultSet schemas = metaData.getSchemas()) {
                assertTrue(schemas.next());
                assertEquals(TpchData.SCHEMA_NAME, schemas.getString("TABLE_SCHEM"));
                assertFalse(schemas.next());
            }
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = metaData.getTables(null, null, "%", null)) {
                while (rows.next()) {
                    tables.add(rows.getString("TABLE_NAME"));
                    assertEquals("TABLE", rows.getString("TABLE_TYPE"));
                }
            }
            assertEquals(List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier"), tables);
            try (ResultSet rows = metaData.getColumns(null, TpchData.SCHEMA_NAME, "lineitem", "l_%")) {
                List<String> columns = new ArrayList<>();
                while (rows.next()) {
                    columns.add(rows.getString("COLUMN_NAME"));
                    switch (rows.getString("COLUMN_NAME")) {
                        case "l_orderkey" -> assertEquals(Types.BIGINT, rows.getInt("DATA_TYPE"));
                        case "l_extendedprice" -> {
                            assertEquals(Types.DECIMAL, rows.getInt("DATA_TYPE"));
                            assertEquals(2, rows.getInt("DECIMAL_DIGITS"));
                        }
                        case "l_shipdate" -> assertEquals(Types.DATE, rows.getInt("DATA_TYPE"));
                        case "l_comment" -> assertEquals(Types.VARCHAR, rows.getInt("DATA_TYPE"));
                        default -> {
                        }
                    }
                    assertEquals(DatabaseMetaData.columnNullable, rows.getInt("NULLABLE"));
                }
                assertEquals(16, columns.size(), columns.toString());
                assertEquals("l_orderkey", columns.get(0));
            }
            try (ResultSet rows = metaData.getTableTypes()) {
                assertTrue(rows.next());
                assertEquals("TABLE", rows.getString(1));
            }
            try (ResultSet rows = metaData.getCatalogs()) {
                assertFalse(rows.next());
            }
            try (ResultSet rows = metaData.getTables(null, null, "no_such_%", null)) {
                assertFalse(rows.next());
            }
        }
    }

    @Test
    void cancelEndsALongQueryWithinASecond()
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
                SQLException error = failure.get(10, TimeUnit.SECONDS);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis < 1000, "cancel took " + millis + " ms");
                assertTrue(error != null && error.getMessage().contains("cancelled"), String.valueOf(error));
            }
            finally {
                executor.shutdownNow();
            }
            // the statement runs again after a cancel
            try (ResultSet rows = statement.executeQuery("select count(*) from region")) {
                assertTrue(rows.next());
                assertEquals(5, rows.getLong(1));
            }
        }
    }

    /** Waits until the statement's query has started its tasks: a cancel then stops running drivers. */
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
    void queryTimeoutEndsALongQuery()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(1);
            long start = System.nanoTime();
            SQLException error = assertThrows(SQLException.class, () -> statement.executeQuery(LONG_QUERY));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertInstanceOf(SQLTimeoutException.class, error);
            assertTrue(error.getMessage().contains("timeout"), error.getMessage());
            assertTrue(millis < 3000, "took " + millis + " ms");
        }
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(LONG_QUERY)) {
            statement.setQueryTimeout(1);
            assertThrows(SQLTimeoutException.class, statement::executeQuery);
        }
    }

    @Test
    void errorsCarrySignosMessage()
            throws Exception
    {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("SET TIME ZONE 'Europe/Berlin'");
            SQLException syntax = assertThrows(SQLException.class, () -> statement.executeQuery("select from where"));
            assertTrue(syntax.getMessage().contains("line 1"), syntax.getMessage());
            assertEquals("42601", syntax.getSQLState());
            assertEquals(ErrorCode.SYNTAX_ERROR.number(), syntax.getErrorCode(), syntax.getMessage());
            // the driver neither reopened the connection (losing the session's settings) nor sent the statement again
            assertEquals(1, server.queryManager().queries().stream().filter(query -> query.sql().equals("select from where")).count());
            try (ResultSet rows = statement.executeQuery("select timestamptz '2024-01-02 09:00:00Z'")) {
                assertTrue(rows.next());
                assertEquals("2024-01-02 10:00:00+01", rows.getString(1));
            }
            SQLException division = assertThrows(SQLException.class, () -> statement.executeQuery("select n_nationkey / (n_regionkey - n_regionkey) from nation"));
            assertEquals(ErrorCode.DIVISION_BY_ZERO.sqlState(), division.getSQLState(), division.getMessage());
            assertEquals(ErrorCode.DIVISION_BY_ZERO.number(), division.getErrorCode(), division.getMessage());
            SQLException unknown = assertThrows(SQLException.class, () -> statement.executeQuery("select nothing from lineitem"));
            assertTrue(unknown.getMessage().toLowerCase(Locale.ROOT).contains("nothing"), unknown.getMessage());
            SQLException prepare = assertThrows(SQLException.class, () -> connection.prepareStatement("select * from no_such_table"));
            assertTrue(prepare.getMessage().toLowerCase(Locale.ROOT).contains("no_such_table"), prepare.getMessage());
            // the connection still works
            try (ResultSet rows = statement.executeQuery("select count(*) from nation")) {
                assertTrue(rows.next());
                assertEquals(25, rows.getLong(1));
            }
        }
    }

    @Test
    void userAndTokenReachTheServer()
            throws Exception
    {
        Properties properties = new Properties();
        properties.setProperty("user", "alice");
        properties.setProperty("token", "secret");
        try (Connection connection = DriverManager.getConnection(server.url(), properties);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select count(*) from region")) {
            assertTrue(rows.next());
        }
        assertTrue(server.queryManager().queries().stream().anyMatch(query -> query.user().equals("alice")));
    }

    @Test
    void memoryLimitFailsOnlyTheQueryOfTheSessionThatSetIt()
            throws Exception
    {
        String sql = "select l_orderkey, l_partkey, sum(l_extendedprice) from lineitem group by l_orderkey, l_partkey";
        try (Connection limited = connect(); Connection unlimited = connect()) {
            try (Statement statement = limited.createStatement()) {
                statement.execute("SET query_max_memory = '1MB'");
            }
            ExecutorService executor = Executors.newFixedThreadPool(2);
            try {
                Future<SQLException> limitedRun = executor.submit(() -> {
                    try (Statement statement = limited.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
                        rows(rows);
                        return null;
                    }
                    catch (SQLException e) {
                        return e;
                    }
                });
                Future<List<List<Object>>> unlimitedRun = executor.submit(() -> {
                    try (Statement statement = unlimited.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
                        return rows(rows);
                    }
                });
                SQLException error = limitedRun.get(120, TimeUnit.SECONDS);
                assertTrue(error != null && error.getMessage().toLowerCase(Locale.ROOT).contains("memory"), String.valueOf(error));
                assertTrue(error.getMessage().contains("EXCEEDED_MEMORY_LIMIT"), error.getMessage());
                assertSameAsDuckDb(sql, unlimitedRun.get(120, TimeUnit.SECONDS));
            }
            finally {
                executor.shutdownNow();
            }
        }
    }

    @Test
    void aParameterLeftUnboundFailsNamingItsIndex()
            throws Exception
    {
        String sql = "select count(*) from nation where n_regionkey = ? and n_name <> ?";
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setInt(1, 1);
            SQLException second = assertThrows(SQLException.class, statement::executeQuery);
            assertEquals("07001", second.getSQLState());
            assertTrue(second.getMessage().startsWith("parameter 2 of 2 has no value"), second.getMessage());
            assertThrows(SQLException.class, statement::execute);

            statement.setString(2, "BRAZIL");
            try (ResultSet rows = statement.executeQuery()) {
                assertSameAsDuckDb("select count(*) from nation where n_regionkey = 1 and n_name <> 'BRAZIL'", rows(rows));
            }

            statement.clearParameters();
            SQLException first = assertThrows(SQLException.class, statement::executeQuery);
            assertTrue(first.getMessage().startsWith("parameter 1 of 2 has no value"), first.getMessage());

            // NULL is a value when it is bound as one: n_regionkey = NULL holds for no row
            statement.setNull(1, Types.INTEGER);
            statement.setNull(2, Types.VARCHAR);
            try (ResultSet rows = statement.executeQuery()) {
                assertTrue(rows.next());
                assertEquals(0, rows.getLong(1));
            }
        }
    }

    @Test
    void failuresToConnectAreSqlExceptionsWithSqlStates()
            throws Exception
    {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        SQLException unreachable = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:signo://127.0.0.1:" + closedPort));
        assertInstanceOf(SQLNonTransientConnectionException.class, unreachable);
        assertEquals("08001", unreachable.getSQLState());
        assertTrue(unreachable.getMessage().startsWith("cannot connect to the Signo server at 127.0.0.1:" + closedPort), unreachable.getMessage());

        SQLException unknownHost = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:signo://no-such-host.invalid:8080"));
        assertEquals("08001", unknownHost.getSQLState());
        assertTrue(unknownHost.getMessage().contains("no-such-host.invalid"), unknownHost.getMessage());

        for (String url : List.of("jdbc:signo://127.0.0.1", "jdbc:signo://127.0.0.1:notaport", "jdbc:signo://127.0.0.1:70000", "jdbc:signo://:8080", "jdbc:signo://h:1?novalue")) {
            SQLException badUrl = assertThrows(SQLException.class, () -> DriverManager.getConnection(url), url);
            assertEquals("08001", badUrl.getSQLState(), url);
            assertTrue(badUrl.getMessage().contains(url), badUrl.getMessage());
        }
        for (String timeout : List.of("connectTimeout=soon", "socketTimeout=-1", "connectTimeout=1.5", "socketTimeout=100000")) {
            SQLException badTimeout = assertThrows(SQLException.class, () -> DriverManager.getConnection(server.url() + "?" + timeout), timeout);
            assertEquals("08001", badTimeout.getSQLState(), timeout);
            assertTrue(badTimeout.getMessage().startsWith("invalid " + timeout.substring(0, timeout.indexOf('='))), badTimeout.getMessage());
        }
        // the properties passed to DriverManager are checked the same way
        Properties properties = new Properties();
        properties.setProperty("socketTimeout", "x");
        assertEquals("08001", assertThrows(SQLException.class, () -> DriverManager.getConnection(server.url(), properties)).getSQLState());

        // an HTTP server that is not Signo's
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        other.start();
        try {
            SQLException notSigno = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:signo://127.0.0.1:" + other.getAddress().getPort()));
            assertEquals("08001", notSigno.getSQLState());
            assertTrue(notSigno.getMessage().contains("no Signo JDBC endpoint") && notSigno.getMessage().contains("HTTP 404"), notSigno.getMessage());
        }
        finally {
            other.stop(0);
        }

        // with valid timeouts it connects
        try (Connection connection = DriverManager.getConnection(server.url() + "?connectTimeout=5&socketTimeout=60");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select count(*) from region")) {
            assertTrue(rows.next());
            assertEquals(5, rows.getLong(1));
            assertTrue(connection.isValid(5));
        }
    }

    @Test
    void aServerThatWentAwayFailsEveryCallWithAnSqlException()
            throws Exception
    {
        String sql = "select l_orderkey, o_orderkey from lineitem, orders where l_quantity + o_totalprice > 2";
        Connection connection;
        Statement statement;
        ResultSet rows;
        DatabaseMetaData metaData;
        try (JdbcTestServer going = new JdbcTestServer(server.queryManager().runner().catalog(), 1)) {
            connection = DriverManager.getConnection(going.url());
            statement = connection.createStatement();
            rows = statement.executeQuery(sql);
            assertTrue(rows.next());
            metaData = connection.getMetaData();
        }
        // the first frame is in the client; reading past it asks the server
        SQLException fetch = assertThrows(SQLException.class, () -> {
            for (int row = 0; row < 1_000_000; row++) {
                rows.next();
            }
        });
        assertEquals("08001", fetch.getSQLState(), fetch.getMessage());
        assertEquals("08001", assertThrows(SQLException.class, () -> statement.executeQuery("select 1")).getSQLState());
        assertEquals("08001", assertThrows(SQLException.class, () -> connection.createStatement()).getSQLState());
        assertEquals("08001", assertThrows(SQLException.class, () -> connection.prepareStatement("select 1")).getSQLState());
        assertEquals("08001", assertThrows(SQLException.class, () -> metaData.getTables(null, null, "%", null)).getSQLState());
        assertEquals("08001", assertThrows(SQLException.class, () -> metaData.getSchemas()).getSQLState());
        assertFalse(connection.isValid(2));
        try {
            connection.close();
        }
        catch (SQLException expected) {
            // the server cannot be told; the connection is closed on this side all the same
        }
        assertTrue(connection.isClosed());
    }

    @Test
    void theSocketTimeoutEndsTheWaitForTheServerAndCancelsTheQuery()
            throws Exception
    {
        String sql = LONG_QUERY + " and a.l_linenumber <> 99";
        try (Connection connection = DriverManager.getConnection(server.url() + "?socketTimeout=1");
                Statement statement = connection.createStatement()) {
            long start = System.nanoTime();
            SQLException error = assertThrows(SQLException.class, () -> statement.executeQuery(sql));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertInstanceOf(SQLTimeoutException.class, error);
            assertEquals("HYT00", error.getSQLState());
            assertTrue(error.getMessage().contains("did not answer within the socketTimeout of 1 s"), error.getMessage());
            assertTrue(millis < 5000, "took " + millis + " ms");
            ManagedQuery query = newestQuery(sql);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!query.state().isDone() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(QueryState.CANCELLED, query.state(), "the query nobody waits for any more");
            // the connection still works for what answers in time
            try (ResultSet rows = statement.executeQuery("select count(*) from nation")) {
                assertTrue(rows.next());
                assertEquals(25, rows.getLong(1));
            }
        }
    }
    @Test
    void eightConcurrentClientsRunTheTpchQueries()
            throws Exception
    {
        int clients = 8;
        List<List<List<Object>>> expected = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            expected.add(duckDb.query(TpchQueries.query(query)));
        }
        ExecutorService executor = Executors.newFixedThreadPool(clients);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int client = 0; client < clients; client++) {
                int first = client;
                results.add(executor.submit(() -> {
                    List<String> differences = new ArrayList<>();
                    try (Connection connection = connect(); Statement statement = connection.createStatement()) {
                        for (int i = 0; i < 22; i++) {
                            int query = (first * 3 + i) % 22 + 1;
                            String sql = TpchQueries.query(query);
                            try (ResultSet rows = statement.executeQuery(sql)) {
                                ResultComparison.difference(expected.get(query - 1), rows(rows), sql.toLowerCase(Locale.ROOT).contains("order by"))
                                        .ifPresent(difference -> differences.add("client " + first + ", q" + query + ": " + difference));
                            }
                        }
                    }
                    return differences;
                }));
            }
            List<String> differences = new ArrayList<>();
            for (Future<List<String>> result : results) {
                differences.addAll(result.get(15, TimeUnit.MINUTES));
            }
            assertEquals(List.of(), differences);
        }
        finally {
            executor.shutdownNow();
        }
    }
}
