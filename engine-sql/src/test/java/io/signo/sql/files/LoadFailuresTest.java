package io.signo.sql.files;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loads that fail load nothing: a malformed value in the last of several splits, and an in-memory
 * database whose tables would pass its memory limit (the error names the limit and how to raise
 * it), leave no table behind and append no row, and the next load that fits works.
 */
class LoadFailuresTest
{
    private static final String COLUMNS = "id BIGINT, name VARCHAR(40), amount DECIMAL(15, 2), day_of DATE";
    /** Lines of about 60 bytes: the file is cut into several 1 MiB splits. */
    private static final int LINES = 80_000;

    @TempDir
    Path directory;

    @Test
    void aMalformedValueInALateSplitLoadsNothing()
            throws Exception
    {
        Path file = tbl("bad.tbl", LINES, LINES - 10);
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            SignoException created = assertThrows(SignoException.class, () -> signo.execute(createTableAs("loaded", file)));
            assertEquals(ErrorCode.BAD_FILE_DATA, created.errorCode(), created.getMessage());
            assertTrue(created.getMessage().contains("bad.tbl") && created.getMessage().contains("line " + (LINES - 10)) && created.getMessage().contains("amount"),
                    created.getMessage());
            SignoException missing = assertThrows(SignoException.class, () -> signo.execute("SELECT count(*) FROM loaded"));
            assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());

            signo.execute("CREATE TABLE t (" + COLUMNS + ")");
            signo.execute("INSERT INTO t VALUES (1, 'kept', 1.00, DATE '2024-01-01')");
            SignoException copied = assertThrows(SignoException.class, () -> signo.execute("COPY t FROM '" + file + "' (DELIMITER '|', HEADER false)"));
            assertEquals(ErrorCode.BAD_FILE_DATA, copied.errorCode(), copied.getMessage());
            assertEquals(List.of(List.of(1L)), ResultRows.toRows(signo.execute("SELECT count(*) FROM t")));
        }
    }

    @Test
    void aLoadPastTheInMemoryDatabasesLimitFailsWithTheLimitAndLeavesNothing()
            throws Exception
    {
        Path large = tbl("large.tbl", LINES, -1);
        Path small = tbl("small.tbl", 3, -1);
        long limit = 64 << 10;
        try (SignoEngine signo = new SignoEngine(Database.inMemory(Database.defaultCache(), limit), 2)) {
            SignoException created = assertThrows(SignoException.class, () -> signo.execute(createTableAs("loaded", large)));
            assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, created.errorCode(), created.getMessage());
            assertTrue(created.getMessage().contains("in-memory database") && created.getMessage().contains("64.0 KiB") && created.getMessage().contains("SIGNO_HEAP")
                    && created.getMessage().contains("--db"), created.getMessage());
            SignoException missing = assertThrows(SignoException.class, () -> signo.execute("SELECT count(*) FROM loaded"));
            assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());

            signo.execute("CREATE TABLE t (" + COLUMNS + ")");
            SignoException copied = assertThrows(SignoException.class, () -> signo.execute("COPY t FROM '" + large + "' (DELIMITER '|', HEADER false)"));
            assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, copied.errorCode(), copied.getMessage());
            assertEquals(List.of(List.of(0L)), ResultRows.toRows(signo.execute("SELECT count(*) FROM t")));

            // the failed loads' files were given back: a load that fits the limit works, again and again
            for (int round = 0; round < 5; round++) {
                assertEquals(List.of(List.of(3L)), ResultRows.toRows(signo.execute("COPY t FROM '" + small + "' (DELIMITER '|', HEADER false)")));
            }
            signo.execute(createTableAs("fits", small));
            assertEquals(List.of(List.of(15L, 30L)), ResultRows.toRows(signo.execute("SELECT count(*), sum(id) FROM t")));
            assertEquals(List.of(List.of(3L)), ResultRows.toRows(signo.execute("SELECT count(*) FROM fits")));
        }
    }

    private static String createTableAs(String table, Path file)
    {
        return "CREATE TABLE " + table + " AS SELECT * FROM read_csv('" + file + "', delim => '|', header => false, columns => '" + COLUMNS + "')";
    }

    /** TPC-H style lines (a trailing delimiter) of distinct, poorly compressible names; line {@code badLine} (1-based) has an amount that is no number. */
    private Path tbl(String name, int lines, int badLine)
            throws IOException
    {
        StringBuilder text = new StringBuilder();
        for (int line = 1; line <= lines; line++) {
            long mixed = line * 0x9E3779B97F4A7C15L;
            String amount = line == badLine ? "12,5" : String.format(Locale.ROOT, "%d.%02d", line % 100_000, line % 100);
            text.append(line).append('|').append(Long.toHexString(mixed)).append(Long.toHexString(mixed >>> 7)).append('|').append(amount).append('|')
                    .append(String.format(Locale.ROOT, "2024-%02d-%02d", 1 + line % 12, 1 + line % 28)).append("|\n");
        }
        return Files.writeString(directory.resolve(name), text);
    }
}
