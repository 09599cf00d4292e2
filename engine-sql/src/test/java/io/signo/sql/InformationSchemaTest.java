package io.signo.sql;

import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.db.Database;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** information_schema as JDBC and BI tools read it: the catalog's schemas, tables, views and columns. */
class InformationSchemaTest
{
    @Test
    void tablesAndColumnsAreDuckDbsOverTheSameTables()
            throws Exception
    {
        try (TpchFixture tpch = TpchFixture.withDuckDb(Setup.of(0.01).withWorkers(3))) {
            DuckDbTpch duckDb = tpch.duckDb();
            SignoEngine engine = tpch.engine();
            String schema = engine.catalog().schemaName();
            String columns = "SELECT table_name, column_name, ordinal_position FROM information_schema.columns WHERE table_schema = '%s' ORDER BY table_name, ordinal_position";
            assertEquals(duckDb.query(columns.formatted("main")), ResultRows.toRows(engine.execute(columns.formatted(schema))));
            String tables = "SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = '%s' ORDER BY table_name";
            assertEquals(duckDb.query(tables.formatted("main")), ResultRows.toRows(engine.execute(tables.formatted(schema))));
        }
    }

    @Test
    void storedTablesViewsAndSchemas()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE sales (id BIGINT NOT NULL, amount DECIMAL(10, 2), note VARCHAR(20), sold_on DATE)");
            engine.execute("CREATE SCHEMA archive");
            engine.execute("CREATE TABLE archive.old_sales (id BIGINT, stamp TIMESTAMP)");
            engine.execute("CREATE VIEW big_sales AS SELECT id, amount FROM sales WHERE amount > 100");
            assertEquals(List.of(List.of("archive"), List.of("information_schema"), List.of("main"), List.of("pg_catalog")),
                    rows(engine, "SELECT schema_name FROM information_schema.schemata ORDER BY schema_name"));
            assertEquals(List.of(row("archive", "old_sales", "BASE TABLE"), row("main", "big_sales", "VIEW"), row("main", "sales", "BASE TABLE")),
                    rows(engine, "SELECT table_schema, table_name, table_type FROM information_schema.tables ORDER BY table_schema, table_name"));
            assertEquals(List.of(
                    row("id", 1, "NO", "BIGINT", null, 64, 0, null),
                    row("amount", 2, "YES", "DECIMAL(10,2)", null, 10, 2, null),
                    row("note", 3, "YES", "VARCHAR(20)", 20, null, null, null),
                    row("sold_on", 4, "YES", "DATE", null, null, null, 0)),
                    rows(engine, "SELECT column_name, ordinal_position, is_nullable, data_type, character_maximum_length, numeric_precision, numeric_scale, datetime_precision"
                            + " FROM information_schema.columns WHERE table_name = 'sales' ORDER BY ordinal_position"));
            assertEquals(List.of(row("big_sales", 2L)),
                    rows(engine, "SELECT v.table_name, count(*) FROM information_schema.views v JOIN information_schema.columns c ON v.table_name = c.table_name GROUP BY v.table_name"));
            // a table created after is seen by the next statement
            engine.execute("CREATE TABLE later (x INTEGER)");
            assertEquals(List.of(List.of(1L)), rows(engine, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'later'"));
        }
    }

    private static List<Object> row(Object... values)
    {
        return Arrays.asList(values);
    }

    private static List<List<Object>> rows(SignoEngine engine, String sql)
    {
        return ResultRows.toRows(engine.execute(sql));
    }
}
