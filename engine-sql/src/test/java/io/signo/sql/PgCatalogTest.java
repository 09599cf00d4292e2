package io.signo.sql;

import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** pg_catalog as psql, JDBC drivers and BI tools read it: OIDs that join up, the user's tables, views and columns with PostgreSQL's types. */
class PgCatalogTest
{
    /** The query psql 16's {@code \dt} sends (describe.c, listTables), as it sends it; the shell and the drivers take the statement off its ';'. */
    private static final String PSQL_LIST_TABLES = """
            SELECT n.nspname as "Schema",
              c.relname as "Name",
              CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'i' THEN 'index' WHEN 'S' THEN 'sequence' \
            WHEN 't' THEN 'TOAST table' WHEN 'f' THEN 'foreign table' WHEN 'p' THEN 'partitioned table' WHEN 'I' THEN 'partitioned index' END as "Type",
              pg_catalog.pg_get_userbyid(c.relowner) as "Owner"
            FROM pg_catalog.pg_class c
                 LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                 LEFT JOIN pg_catalog.pg_am am ON am.oid = c.relam
            WHERE c.relkind IN (%s'')
                  AND n.nspname <> 'pg_catalog'
                  AND n.nspname !~ '^pg_toast'
                  AND n.nspname <> 'information_schema'
              AND pg_catalog.pg_table_is_visible(c.oid)
            ORDER BY 1,2;""";

    @Test
    void psqlListsTheTablesAndViewsOfTheDefaultSchema()
    {
        try (SignoEngine engine = salesDatabase()) {
            // \\dt lists tables ('r', 'p'), \\dv views, \\d all relations: those of the schema bare names find
            assertEquals(List.of(row("main", "sales", "table", "signo")), rows(engine, psql("'r','p',")));
            assertEquals(List.of(row("main", "big_sales", "view", "signo")), rows(engine, psql("'v',")));
            assertEquals(List.of(row("main", "big_sales", "view", "signo"), row("main", "sales", "table", "signo")),
                    rows(engine, psql("'r','p','v','m','S','f',")));
            // a table made after is listed by the next statement
            engine.execute("CREATE TABLE later (x INTEGER)");
            assertEquals(List.of(row("main", "later", "table", "signo"), row("main", "sales", "table", "signo")), rows(engine, psql("'r','p',")));
        }
    }

    @Test
    void oidsJoinUpAcrossTheCatalog()
    {
        try (SignoEngine engine = salesDatabase()) {
            // every relation's namespace, every column's relation and type exist
            assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.oid IS NULL"));
            assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_attribute a LEFT JOIN pg_class c ON c.oid = a.attrelid WHERE c.oid IS NULL"));
            assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_attribute a LEFT JOIN pg_type t ON t.oid = a.atttypid WHERE t.oid IS NULL"));
            assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_class c LEFT JOIN pg_am am ON am.oid = c.relam WHERE c.relkind = 'r' AND am.oid IS NULL"));
            // OIDs are unique, and each relation has as many attributes as it says
            assertEquals(rows(engine, "SELECT count(*) FROM pg_class"), rows(engine, "SELECT count(DISTINCT oid) FROM pg_class"));
            assertEquals(List.of(), rows(engine, "SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid GROUP BY c.relname, c.relnatts HAVING count(*) <> c.relnatts"));
            // pg_catalog's own tables have PostgreSQL's OIDs, and are there by their bare names
            assertEquals(List.of(row("pg_class", 1259L, "pg_catalog", 11L), row("pg_namespace", 2615L, "pg_catalog", 11L), row("sales", null, "main", 2200L)),
                    rows(engine, "SELECT c.relname, CASE WHEN c.oid < 16384 THEN c.oid END, n.nspname, n.oid FROM pg_class c JOIN pg_namespace n ON c.relnamespace = n.oid"
                            + " WHERE c.relname IN ('pg_class', 'pg_namespace', 'sales') ORDER BY 1"));
            // the OIDs of the user's objects stay the same from one statement to the next, and past a change elsewhere
            String salesOid = "SELECT oid FROM pg_class WHERE relname = 'sales'";
            List<List<Object>> before = rows(engine, salesOid);
            assertTrue((Long) before.getFirst().getFirst() >= 16384, before.toString());
            engine.execute("CREATE TABLE other (y BIGINT)");
            assertEquals(before, rows(engine, salesOid));
            assertEquals(List.of(row(List.of("archive", "information_schema", "main", "pg_catalog"))),
                    List.of(row(rows(engine, "SELECT nspname FROM pg_namespace ORDER BY nspname").stream().map(List::getFirst).toList())));
        }
    }

    @Test
    void columnsHavePostgresTypes()
    {
        try (SignoEngine engine = salesDatabase()) {
            assertEquals(List.of(
                    row(1, "id", "int8", 20L, -1, true, "bigint"),
                    row(2, "amount", "numeric", 1700L, 655366, false, "numeric(10,2)"),
                    row(3, "note", "varchar", 1043L, 24, false, "character varying(20)"),
                    row(4, "sold_on", "date", 1082L, -1, false, "date"),
                    row(5, "code", "bpchar", 1042L, 7, false, "character(3)"),
                    row(6, "stamp", "timestamp", 1114L, -1, false, "timestamp without time zone"),
                    row(7, "ok", "bool", 16L, -1, false, "boolean"),
                    row(8, "ratio", "float8", 701L, -1, false, "double precision"),
                    row(9, "small", "int4", 23L, -1, false, "integer"),
                    row(10, "unbounded", "varchar", 1043L, -1, false, "character varying")),
                    rows(engine, "SELECT a.attnum, a.attname, t.typname, a.atttypid, a.atttypmod, a.attnotnull, pg_catalog.format_type(a.atttypid, a.atttypmod)"
                            + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON a.attrelid = c.oid JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
                            + " WHERE c.relname = 'sales' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum"));
            // the types PostgreSQL gives Signo's values, by their PostgreSQL OIDs
            assertEquals(List.of(row(16L, "bool"), row(20L, "int8"), row(21L, "int2"), row(23L, "int4"), row(25L, "text"), row(700L, "float4"), row(701L, "float8"),
                    row(1042L, "bpchar"), row(1043L, "varchar"), row(1082L, "date"), row(1083L, "time"), row(1114L, "timestamp"), row(1184L, "timestamptz"),
                    row(1186L, "interval"), row(1700L, "numeric")), rows(engine, "SELECT oid, typname FROM pg_type ORDER BY oid"));
            assertEquals(List.of(row("bigint", "smallint", "real", "text", "time without time zone", "timestamp with time zone", "interval", "bpchar", "???", null)),
                    rows(engine, "SELECT format_type(20, NULL), format_type(21, -1), format_type(700, NULL), format_type(25, NULL), format_type(1083, -1),"
                            + " format_type(1184, -1), format_type(1186, NULL), format_type(1042, -1), format_type(4242, -1), format_type(CAST(NULL AS BIGINT), 1)"));
        }
    }

    @Test
    void tablesViewsSettingsAndTheDatabase()
    {
        try (SignoEngine engine = salesDatabase()) {
            assertEquals(List.of(row("archive", "old_sales", "signo"), row("main", "sales", "signo")),
                    rows(engine, "SELECT schemaname, tablename, tableowner FROM pg_tables WHERE schemaname <> 'pg_catalog' ORDER BY 1, 2"));
            List<List<Object>> views = rows(engine, "SELECT schemaname, viewname, definition FROM pg_catalog.pg_views WHERE schemaname = 'main'");
            assertEquals(1, views.size());
            assertEquals(List.of("main", "big_sales"), views.getFirst().subList(0, 2));
            assertTrue(views.getFirst().get(2).toString().contains("> 100"), views.toString());
            assertEquals(List.of(row("16.0"), row("main")), rows(engine, "SELECT setting FROM pg_settings WHERE name IN ('server_version', 'search_path') ORDER BY name DESC"));
            assertEquals(List.of(row("signo", "signo", 6)), rows(engine, "SELECT d.datname, current_database(), d.encoding FROM pg_database d"));
            for (String empty : List.of("pg_index", "pg_constraint", "pg_proc", "pg_description", "pg_attrdef")) {
                assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_catalog." + empty), empty);
            }
            assertEquals(List.of(row(0L)), rows(engine, "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE i.indisprimary"));
        }
    }

    @Test
    void catalogFunctions()
    {
        try (SignoEngine engine = salesDatabase()) {
            List<Object> answers = rows(engine, "SELECT version(), current_database(), current_schema(), current_schema, pg_catalog.pg_get_userbyid(10),"
                    + " obj_description(1259, 'pg_class'), col_description(1259, 1), pg_catalog.upper('x')").getFirst();
            assertTrue(answers.getFirst().toString().startsWith("PostgreSQL 16.0 (Signo "), answers.toString());
            assertEquals(Arrays.asList("signo", "main", "main", "signo", null, null, "X"), answers.subList(1, answers.size()));
            // visible: a bare name finds it; archive.old_sales needs its schema
            assertEquals(List.of(row("big_sales", true), row("old_sales", false), row("pg_class", true), row("sales", true)),
                    rows(engine, "SELECT relname, pg_table_is_visible(oid) FROM pg_class WHERE relname IN ('sales', 'big_sales', 'old_sales', 'pg_class') ORDER BY 1"));
            // a relation's name cast to regclass is its OID, as pgJDBC's metadata queries use it
            assertEquals(List.of(row(1259L, "sales", "old_sales", null)),
                    rows(engine, "SELECT 'pg_class'::regclass, (SELECT relname FROM pg_class WHERE oid = 'sales'::regclass),"
                            + " (SELECT relname FROM pg_class WHERE oid = 'archive.old_sales'::pg_catalog.regclass), pg_get_expr('x', 1)"));
            SignoException missing = assertThrows(SignoException.class, () -> engine.execute("SELECT 'no_such_table'::regclass"));
            assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());
        }
    }

    @Test
    void aTableOfTheUsersIsNeverHiddenByPgCatalogs()
    {
        try (SignoEngine engine = salesDatabase()) {
            engine.execute("CREATE TABLE pg_class (mine INTEGER)");
            engine.execute("INSERT INTO pg_class VALUES (7)");
            assertEquals(List.of(row(7)), rows(engine, "SELECT mine FROM pg_class"));
            // pg_catalog's is there by its full name, and the user's is the visible one of the two
            assertEquals(List.of(row("main", true), row("pg_catalog", false)),
                    rows(engine, "SELECT n.nspname, pg_table_is_visible(c.oid) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid"
                            + " WHERE c.relname = 'pg_class' ORDER BY 1"));
        }
    }

    private static String psql(String relationKinds)
    {
        List<String> statements = SqlScript.statements(PSQL_LIST_TABLES.formatted(relationKinds));
        assertEquals(1, statements.size());
        return statements.getFirst();
    }

    private static SignoEngine salesDatabase()
    {
        SignoEngine engine = new SignoEngine(Database.inMemory(), 2);
        engine.execute("CREATE TABLE sales (id BIGINT NOT NULL, amount DECIMAL(10, 2), note VARCHAR(20), sold_on DATE, code CHAR(3), stamp TIMESTAMP, ok BOOLEAN,"
                + " ratio DOUBLE, small INTEGER, unbounded VARCHAR)");
        engine.execute("CREATE SCHEMA archive");
        engine.execute("CREATE TABLE archive.old_sales (id BIGINT, stamp TIMESTAMP)");
        engine.execute("CREATE VIEW big_sales AS SELECT id, amount FROM sales WHERE amount > 100");
        return engine;
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
