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

    @Test
    void errorsInLateSplitsOfCarriageReturnLineFeedLinesNameTheirLines()
            throws Exception
    {
        int badDate = 120_001;
        int shortLine = 170_003;
        // a file with each mistake: with two drivers, either could be found first in one file
        Path dates = writeDatedLines("dates.csv", badDate, -1);
        Path fields = writeDatedLines("fields.csv", -1, shortLine);
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            SignoException date = assertThrows(SignoException.class, () -> ResultRows.toRows(signo.execute("SELECT max(shipped) FROM " + readDated(dates))));
            assertEquals(ErrorCode.BAD_FILE_DATA, date.errorCode(), date.getMessage());
            assertTrue(date.getMessage().contains("line " + badDate + ", column shipped: '1995-02-30' is not a valid DATE"), date.getMessage());
            SignoException count = assertThrows(SignoException.class, () -> ResultRows.toRows(signo.execute("SELECT count(*) FROM " + readDated(fields))));
            assertEquals(ErrorCode.BAD_FILE_DATA, count.errorCode(), count.getMessage());
            assertTrue(count.getMessage().contains("line " + shortLine + ": 2 fields where 3 were expected"), count.getMessage());
        }
    }

    private Path writeDatedLines(String name, int badDate, int shortLine)
            throws Exception
    {
        Path file = directory.resolve(name);
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id|shipped|comment\r\n");
            for (int line = 2; line <= 200_000; line++) {
                String date = line == badDate ? "1995-02-30" : "1995-0" + (1 + line % 9) + "-1" + line % 10;
                writer.write(line + "|" + date + (line == shortLine ? "" : "|a \"quoted\" comment, " + line) + "\r\n");
            }
        }
        return file;
    }

    private static String readDated(Path file)
    {
        return "read_csv('" + file + "', delim => '|', header => true, columns => 'id BIGINT, shipped DATE, comment VARCHAR')";
    }

    @Test
    void aQuotedLineBreakPastTheSniffedSampleWhereTheFileIsCutIsAnError()
            throws Exception
    {
        Path file = directory.resolve("late.csv");
        int quotedLine = 40_000;
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id,note\n");
            for (int line = 2; line < quotedLine; line++) {
                writer.write(line + ",plain note " + line + "\n");
            }
            // a field of 2 MiB of lines: the file is cut inside it, at least once
            writer.write(quotedLine + ",\"" + "a line of a quoted note\n".repeat(90_000) + "\"\n");
            for (int id = 0; id < 30_000; id++) {
                writer.write(id + ",after\n");
            }
        }
        // one driver reads the splits in order, so the split cut inside the field fails first (the
        // next ones, read as lines from inside it, would fail on their number of fields)
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 1)) {
            SignoException error = assertThrows(SignoException.class, () -> ResultRows.toRows(signo.execute("SELECT count(*), count(note) FROM read_csv('" + file + "')")));
            assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("line " + quotedLine + ": a quoted field there holds a line break at which the file was cut"), error.getMessage());
        }
    }
}
