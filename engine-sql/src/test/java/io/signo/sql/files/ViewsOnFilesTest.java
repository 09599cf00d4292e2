package io.signo.sql.files;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Views that name a file ({@code CREATE VIEW v AS SELECT * FROM read_parquet(...)}), which a
 * statement reads as the file itself: each statement sees the file and the view as they are when it
 * is planned, and answers as DuckDB over the same file.
 */
class ViewsOnFilesTest
{
    @TempDir
    static Path directory;
    private static DuckDbDatabase duckDb;

    @BeforeAll
    static void open()
            throws Exception
    {
        duckDb = DuckDbDatabase.open(2);
    }

    @AfterAll
    static void close()
            throws Exception
    {
        duckDb.close();
    }

    private static void write(Path file, String query, String format)
            throws Exception
    {
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (" + query + ") TO '" + file + "' (FORMAT " + format + ")");
        }
    }

    private static String rows(int count, int factor)
    {
        return "SELECT i, i * " + factor + " AS x, 'name ' || (i % 13) AS name FROM range(0, " + count + ") t(i)";
    }

    @Test
    void aFileRewrittenBetweenTwoStatementsGivesTheNewAnswer()
            throws Exception
    {
        Path file = directory.resolve("rewritten.parquet");
        write(file, rows(1000, 3), "parquet");
        String query = "SELECT count(*), sum(x), count(DISTINCT name) FROM %s WHERE i >= 10";
        String source = "read_parquet('" + file + "')";
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM " + source);
            List<List<Object>> before = ResultRows.toRows(engine.execute(query.formatted("v")));
            ResultComparison.assertSameResult(duckDb.query(query.formatted(source)), before, false, "the first file");

            FileTime written = Files.getLastModifiedTime(file);
            write(file, rows(2500, 7), "parquet");
            // the same size and time would hide the change from any reader: make sure the test changes both
            Files.setLastModifiedTime(file, FileTime.fromMillis(written.toMillis() + 2000));
            List<List<Object>> after = ResultRows.toRows(engine.execute(query.formatted("v")));
            ResultComparison.assertSameResult(duckDb.query(query.formatted(source)), after, false, "the file rewritten");
            assertNotEquals(before, after);
        }
    }

    @Test
    void aFileAddedToOrRemovedFromAGlobBetweenTwoStatementsIsSeenByTheSecond()
            throws Exception
    {
        Path parts = Files.createDirectories(directory.resolve("growing"));
        write(parts.resolve("part_1.parquet"), rows(700, 3), "parquet");
        write(parts.resolve("part_2.parquet"), rows(900, 5), "parquet");
        String query = "SELECT count(*), sum(x), count(DISTINCT name) FROM %s";
        String source = "read_parquet('" + parts.resolve("part_*.parquet") + "')";
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM " + source);
            for (String reads : List.of("v", source)) {
                ResultComparison.assertSameResult(duckDb.query(query.formatted(source)), ResultRows.toRows(engine.execute(query.formatted(reads))), false, "two files, " + reads);
            }
            write(parts.resolve("part_3.parquet"), rows(1100, 7), "parquet");
            for (String reads : List.of("v", source)) {
                ResultComparison.assertSameResult(duckDb.query(query.formatted(source)), ResultRows.toRows(engine.execute(query.formatted(reads))), false, "a file added, " + reads);
            }
            Files.delete(parts.resolve("part_1.parquet"));
            for (String reads : List.of("v", source)) {
                List<List<Object>> expected = duckDb.query(query.formatted(source));
                assertEquals(2000L, ((Number) expected.getFirst().getFirst()).longValue(), "DuckDB reads the two files left");
                ResultComparison.assertSameResult(expected, ResultRows.toRows(engine.execute(query.formatted(reads))), false, "a file removed, " + reads);
            }
        }
    }

    @Test
    void aViewReplacedBetweenTwoStatementsGivesTheNewAnswer()
            throws Exception
    {
        Path first = directory.resolve("first.parquet");
        Path second = directory.resolve("second.parquet");
        write(first, rows(800, 2), "parquet");
        write(second, rows(1200, 5), "parquet");
        String query = "SELECT name, count(*), sum(x) FROM %s GROUP BY name";
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM read_parquet('" + first + "')");
            ResultComparison.assertSameResult(duckDb.query(query.formatted("read_parquet('" + first + "')")), ResultRows.toRows(engine.execute(query.formatted("v"))), false,
                    "the view on the first file");
            engine.execute("CREATE OR REPLACE VIEW v AS SELECT * FROM read_parquet('" + second + "')");
            ResultComparison.assertSameResult(duckDb.query(query.formatted("read_parquet('" + second + "')")), ResultRows.toRows(engine.execute(query.formatted("v"))), false,
                    "the view replaced");
            engine.execute("CREATE OR REPLACE VIEW v AS SELECT * FROM read_parquet('" + first + "') WHERE i < 100");
            ResultComparison.assertSameResult(duckDb.query(query.formatted("(SELECT * FROM read_parquet('" + first + "') WHERE i < 100)")),
                    ResultRows.toRows(engine.execute(query.formatted("v"))), false, "the view replaced by one with a filter");
        }
    }

    /** A file whose columns are no longer the view's: the statement fails as it does for any view whose tables changed. */
    @Test
    void aFileWhoseColumnsChangedFailsTheView()
            throws Exception
    {
        Path file = directory.resolve("reshaped.parquet");
        write(file, rows(100, 3), "parquet");
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM read_parquet('" + file + "')");
            assertEquals(List.of(List.of(100L)), ResultRows.toRows(engine.execute("SELECT count(*) FROM v")));
            write(file, "SELECT i FROM range(0, 50) t(i)", "parquet");
            SignoException failure = assertThrows(SignoException.class, () -> ResultRows.toRows(engine.execute("SELECT count(*) FROM v")));
            assertTrue(failure.getMessage().contains("no longer matches"), failure.getMessage());
        }
    }

    /** The view's name given to another relation by WITH, aliases, a self-join and columns qualified by the view's name. */
    @Test
    void viewsReadUnderTheirNamesAndAliases()
            throws Exception
    {
        Path file = directory.resolve("aliases.parquet");
        write(file, rows(3000, 3), "parquet");
        String source = "read_parquet('" + file + "')";
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM " + source);
            assertEquals(List.of(List.of(1L, 1)), ResultRows.toRows(engine.execute("WITH v AS (SELECT 1 AS i) SELECT count(*), min(i) FROM v")));
            String selfJoin = "SELECT a.name, count(*), sum(b.x) FROM %1$s a JOIN %1$s b ON a.i = b.i + 1 WHERE a.i < 500 GROUP BY a.name";
            ResultComparison.assertSameResult(duckDb.query(selfJoin.formatted(source)), ResultRows.toRows(engine.execute(selfJoin.formatted("v"))), false, "a self-join");
            ResultComparison.assertSameResult(duckDb.query("SELECT t.i, t.name FROM " + source + " t WHERE t.i < 5"), ResultRows.toRows(engine.execute("SELECT v.i, v.name FROM v WHERE v.i < 5")),
                    false, "columns qualified by the view's name");
            ResultComparison.assertSameResult(duckDb.query("SELECT count(*) FROM " + source + " WHERE i IN (SELECT x FROM " + source + ")"),
                    ResultRows.toRows(engine.execute("SELECT count(*) FROM v WHERE i IN (SELECT x FROM v)")), false, "a view in a sub-query");
        }
    }

    /** A view on a CSV file with the function's options, and one on a stored table, each as the relation it reads. */
    @Test
    void viewsOnCsvFilesAndTables()
            throws Exception
    {
        Path file = directory.resolve("rows.tbl");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (" + rows(700, 11) + ") TO '" + file + "' (FORMAT csv, DELIMITER '|', HEADER false)");
        }
        String source = "read_csv('" + file + "', header => false, delim => '|', columns => 'i BIGINT, x BIGINT, name VARCHAR')";
        String duckSource = "read_csv('" + file + "', header = false, delim = '|', columns = {'i': 'BIGINT', 'x': 'BIGINT', 'name': 'VARCHAR'})";
        String query = "SELECT name, count(*), sum(x) FROM %s WHERE i %% 3 = 0 GROUP BY name";
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW c AS SELECT * FROM " + source);
            ResultComparison.assertSameResult(duckDb.query(query.formatted(duckSource)), ResultRows.toRows(engine.execute(query.formatted("c"))), false, "a view on a CSV file");
            engine.execute("CREATE TABLE t AS SELECT * FROM c");
            engine.execute("CREATE VIEW w AS SELECT * FROM t");
            engine.execute("INSERT INTO t SELECT i + 700, x, name FROM c WHERE i < 10");
            ResultComparison.assertSameResult(duckDb.query(query.formatted("(SELECT * FROM " + duckSource + " UNION ALL SELECT i + 700, x, name FROM " + duckSource + " WHERE i < 10)")),
                    ResultRows.toRows(engine.execute(query.formatted("w"))), false, "a view on a table written after the view");
        }
    }
}
