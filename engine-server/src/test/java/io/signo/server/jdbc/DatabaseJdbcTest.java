package io.signo.server.jdbc;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A database written through the JDBC driver: statements, prepared inserts, metadata of tables and views, and the rows after reopening. */
class DatabaseJdbcTest
{
    @TempDir
    Path directory;

    @Test
    void tablesWrittenOverJdbcAreListedAndKept()
            throws Exception
    {
        try (JdbcTestServer server = new JdbcTestServer(new SignoEngine(Database.open(directory), 2));
                Connection connection = DriverManager.getConnection(server.url());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE accounts (id INTEGER NOT NULL, owner VARCHAR)");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO accounts VALUES (?, ?)")) {
                for (int id = 1; id <= 3; id++) {
                    insert.setInt(1, id);
                    insert.setString(2, id == 2 ? null : "owner " + id);
                    assertEquals(1, insert.executeUpdate(), "rows inserted");
                }
            }
            assertEquals(2, statement.executeUpdate("UPDATE accounts SET owner = 'someone' WHERE id >= 2"));
            statement.execute("CREATE VIEW owners AS SELECT owner FROM accounts WHERE owner IS NOT NULL");
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM owners")) {
                assertTrue(rows.next());
                assertEquals(3, rows.getLong(1));
            }

            DatabaseMetaData metaData = connection.getMetaData();
            List<String> relations = new ArrayList<>();
            try (ResultSet rows = metaData.getTables(null, Database.SCHEMA_NAME, "%", null)) {
                while (rows.next()) {
                    relations.add(rows.getString("TABLE_NAME") + " " + rows.getString("TABLE_TYPE"));
                }
            }
            assertEquals(List.of("accounts TABLE", "owners VIEW"), relations);
            statement.execute("CREATE SCHEMA sales");
            statement.execute("CREATE TABLE sales.orders (id INTEGER NOT NULL, amount DECIMAL(10, 2))");
            List<String> schemas = new ArrayList<>();
            try (ResultSet rows = metaData.getSchemas()) {
                while (rows.next()) {
                    schemas.add(rows.getString("TABLE_SCHEM"));
                }
            }
            assertEquals(List.of(Database.SCHEMA_NAME, "sales"), schemas);
            List<String> salesTables = new ArrayList<>();
            try (ResultSet rows = metaData.getTables(null, "sales", "%", null)) {
                while (rows.next()) {
                    salesTables.add(rows.getString("TABLE_SCHEM") + "." + rows.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("sales.orders"), salesTables);
            try (ResultSet rows = metaData.getColumns(null, Database.SCHEMA_NAME, "accounts", "%")) {
                assertTrue(rows.next());
                assertEquals("id", rows.getString("COLUMN_NAME"));
                assertEquals("NO", rows.getString("IS_NULLABLE"));
                assertTrue(rows.next());
                assertEquals("YES", rows.getString("IS_NULLABLE"));
            }
        }
        try (SignoEngine reopened = new SignoEngine(Database.open(directory), 1)) {
            assertEquals(List.of(List.of(1, "owner 1"), List.of(2, "someone"), List.of(3, "someone")),
                    ResultRows.toRows(reopened.execute("SELECT id, owner FROM accounts ORDER BY id")));
        }
    }
}
