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

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A CSV file of several megabytes is read as several splits, cut at line ends outside quoted
 * fields: quoted fields holding newlines, delimiters and doubled quotes across the cuts read as
 * DuckDB reads them, and an error in a late split names its line in the file.
 */
class CsvSplitsTest
{
    private static final int ROWS = 120_000;

    @TempDir
    Path directory;

    @Test
    void quotedNewlinesAcrossSplitsReadAsDuckDbReadsThem()
            throws Exception
    {
        Path file = directory.resolve("notes.csv");
        Random random = new Random(7);
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id,note,amount\n");
            for (int id = 0; id < ROWS; id++) {
                StringBuilder note = new StringBuilder();
                int parts = random.nextInt(4);
                for (int p = 0; p < parts; p++) {
                    note.append(switch (random.nextInt(5)) {
                        case 0 -> "line\nbreak";
                        case 1 -> "say \"\"hi\"\"";
                        case 2 -> "a, b";
                        case 3 -> "é ü";
                        default -> "x".repeat(1 + random.nextInt(30));
                    });
                }
                String field = parts == 0 ? "" : "\"" + note + "\"";
                writer.write(id + "," + field + "," + (id % 1000) / 10.0 + "\n");
            }
        }
        assertTrue(Files.size(file) > 3 << 20, "the file spans several 1 MiB splits");
        String sql = "SELECT count(*), count(note), sum(id), sum(amount), min(note), max(note) FROM read_csv('" + file + "')";
        String lines = "SELECT id, note FROM read_csv('" + file + "') WHERE note LIKE '%line%' AND id BETWEEN 50000 AND 51000";
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(signo.execute(sql)), false, sql);
            ResultComparison.assertSameResult(duckDb.query(lines), ResultRows.toRows(signo.execute(lines)), false, lines);
        }
    }

    @Test
    void aBadValueInALateSplitNamesItsLine()
            throws Exception
    {
        Path file = directory.resolve("numbers.csv");
        int badLine = 150_000;
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id,label\n");
            for (int line = 2; line <= 200_000; line++) {
                writer.write((line == badLine ? "12x" : String.valueOf(line)) + ",\"label " + line + "\"\n");
            }
        }
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            SignoException error = assertThrows(SignoException.class,
                    () -> ResultRows.toRows(signo.execute("SELECT sum(id) FROM read_csv('" + file + "', columns => 'id BIGINT, label VARCHAR', header => true)")));
            assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("line " + badLine), error.getMessage());
        }
    }
}
