package io.signo.sql.files;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * COPY: files appended to a table as DuckDB reads them, a failing file appending nothing, and CSV
 * files written by COPY TO that DuckDB reads back as the rows Signo wrote.
 */
class CopyTest
{
    private static final String TABLE = "CREATE TABLE t (id INTEGER NOT NULL, name VARCHAR, amount DECIMAL(10, 2), day_of DATE, ratio DOUBLE, flag BOOLEAN)";
    private static final String ROWS = """
            SELECT * FROM (VALUES
                (1, 'plain', 12.50, DATE '2024-01-31', 0.25, true),
                (2, 'with, comma', -3.00, NULL, 10000000000.5, false),
                (3, 'with "quotes"', NULL, DATE '1999-12-31', NULL, NULL),
                (4, '', 0.01, DATE '2000-02-29', -2.5, true),
                (5, NULL, 99999999.99, DATE '1970-01-01', 3.125, false),
                (6, 'two
            lines', 1.00, DATE '2024-06-01', 0.0, true)) AS v(id, name, amount, day_of, ratio, flag)""";

    @TempDir
    Path directory;

    @Test
    void copyFromAppendsTheFilesAsDuckDbReadsThem()
            throws Exception
    {
        Path csv = directory.resolve("rows.csv");
        Path bars = directory.resolve("rows.tbl");
        Path parquet = directory.resolve("rows.parquet");
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute(TABLE);
                statement.execute("INSERT INTO t " + ROWS);
                statement.execute("COPY t TO '" + csv + "' (FORMAT csv, HEADER)");
                statement.execute("COPY t TO '" + bars + "' (FORMAT csv, HEADER false, DELIMITER '|', NULL 'NULL')");
                statement.execute("COPY t TO '" + parquet + "' (FORMAT parquet)");
                statement.execute("COPY (SELECT id, name FROM t) TO '" + directory.resolve("two_columns.csv") + "' (FORMAT csv, HEADER)");
            }
            signo.execute(TABLE);
            assertEquals(List.of(List.of(6L)), ResultRows.toRows(signo.execute("COPY t FROM '" + csv + "' (FORMAT csv, HEADER)")));
            assertEquals(List.of(List.of(6L)), ResultRows.toRows(signo.execute("COPY t FROM '" + bars + "' (DELIMITER '|', HEADER false, NULL 'NULL')")));
            assertEquals(List.of(List.of(6L)), ResultRows.toRows(signo.execute("COPY t FROM '" + parquet + "'")));
            assertEquals(List.of(List.of(6L)), ResultRows.toRows(signo.execute("COPY t (id, name) FROM '" + directory.resolve("two_*.csv") + "' (HEADER true)")));
            List<List<Object>> once = duckDb.query("SELECT * FROM t");
            List<List<Object>> expected = new java.util.ArrayList<>();
            for (int copy = 0; copy < 3; copy++) {
                expected.addAll(once);
            }
            expected.addAll(duckDb.query("SELECT id, name, NULL, NULL, NULL, NULL FROM t"));
            ResultComparison.assertSameResult(expected, ResultRows.toRows(signo.execute("SELECT * FROM t")), false, "four copies");
        }
    }

    @Test
    void aFileThatFailsToParseAppendsNothing()
            throws Exception
    {
        Path bad = Files.writeString(directory.resolve("bad.csv"), "id,name,amount,day_of,ratio,flag\n7,x,1.5,2024-01-01,1,true\n8,y,not a number,2024-01-01,1,true\n");
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            signo.execute(TABLE);
            signo.execute("INSERT INTO t VALUES (1, 'kept', 1, NULL, NULL, NULL)");
            SignoException error = assertThrows(SignoException.class, () -> signo.execute("COPY t FROM '" + bad + "' (HEADER)"));
            assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("bad.csv") && error.getMessage().contains("line 3") && error.getMessage().contains("amount"), error.getMessage());
            assertEquals(List.of(List.of(1L)), ResultRows.toRows(signo.execute("SELECT count(*) FROM t")));

            SignoException missing = assertThrows(SignoException.class, () -> signo.execute("COPY nowhere FROM '" + bad + "'"));
            assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());
            SignoException option = assertThrows(SignoException.class, () -> signo.execute("COPY t FROM '" + bad + "' (COLOR blue)"));
            assertTrue(option.getMessage().contains("COLOR"), option.getMessage());
        }
    }

    @Test
    void copyToWritesACsvFileThatDuckDbReadsBackAsTheRows()
            throws Exception
    {
        Path written = directory.resolve("out.csv");
        Path piped = directory.resolve("out.tbl");
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            signo.execute(TABLE);
            signo.execute("INSERT INTO t " + ROWS);
            assertEquals(List.of(List.of(6L)), ResultRows.toRows(signo.execute("COPY t TO '" + written + "'")));
            assertEquals(List.of(List.of(3L)), ResultRows.toRows(signo.execute("COPY (SELECT id, name, amount * 2 AS doubled FROM t WHERE id <= 3) TO '" + piped + "' (DELIMITER '|', HEADER false)")));
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute(TABLE);
                statement.execute("INSERT INTO t " + ROWS);
            }
            ResultComparison.assertSameResult(duckDb.query("SELECT * FROM t"),
                    // a NULL is an empty field, an empty string a quoted one, which DuckDB reads as NULL unless told
                    duckDb.query("SELECT * FROM read_csv('" + written + "', header = true, allow_quoted_nulls = false, columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'amount': 'DECIMAL(10,2)', 'day_of': 'DATE', 'ratio': 'DOUBLE', 'flag': 'BOOLEAN'})"),
                    false, "the file COPY t TO wrote, read by DuckDB");
            ResultComparison.assertSameResult(duckDb.query("SELECT id, name, amount * 2 FROM t WHERE id <= 3"),
                    duckDb.query("SELECT * FROM read_csv('" + piped + "', header = false, delim = '|', columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'doubled': 'DECIMAL(12,2)'})"),
                    false, "the file COPY (query) TO wrote");

            SignoException parquet = assertThrows(SignoException.class, () -> signo.execute("COPY t TO '" + directory.resolve("out.parquet") + "'"));
            assertEquals(ErrorCode.NOT_SUPPORTED, parquet.errorCode(), parquet.getMessage());
            assertFalse(Files.exists(directory.resolve("out.parquet")));
            SignoException failing = assertThrows(SignoException.class, () -> signo.execute("COPY (SELECT 1 / (id - 3) FROM t) TO '" + directory.resolve("failed.csv") + "'"));
            assertEquals(ErrorCode.DIVISION_BY_ZERO, failing.errorCode(), failing.getMessage());
            try (var files = Files.list(directory)) {
                assertTrue(files.noneMatch(file -> file.getFileName().toString().contains("failed")), "a COPY TO that failed left a file behind");
            }
        }
    }
}
