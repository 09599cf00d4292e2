package io.signo.sql.files;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.csv.CsvSplits;
import io.signo.storage.file.csv.LateQuotedLineBreaksCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
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
    void quotedLineBreaksPastTheSniffedSampleWhereTheFileIsCutReadAsDuckDbReadsThem()
            throws Exception
    {
        Path file = directory.resolve("late.csv");
        LateQuotedLineBreaksCsv.write(file, 29, 6 << 20);
        assertTrue(CsvSplits.of(file, '"', false).size() >= 5, "the file is cut around its targets into several splits");
        String read = "read_csv('" + file + "', header => true, columns => 'id BIGINT, note VARCHAR')";
        String duckDbRead = "read_csv('" + file + "', header = true, quote = '\"', columns = {'id': 'BIGINT', 'note': 'VARCHAR'})";
        String all = "SELECT count(*), count(note), sum(id), sum(length(note)), max(length(note)) FROM %s";
        String filtered = "SELECT id, length(note) FROM %s WHERE note LIKE '%%fake%%' AND id %% 7 = 3";
        String fake = "SELECT id, note FROM %s WHERE note = 'fake' LIMIT 1";
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1)) {
            // the second half of the file's records, past the first splits
            long half = ((Number) duckDb.query("SELECT max(id) FROM " + duckDbRead).getFirst().getFirst()).longValue() / 2;
            String after = "SELECT id, note FROM %s WHERE id >= " + half;
            List<List<Object>> rowsAfter = duckDb.query(after.formatted(duckDbRead));
            assertTrue(rowsAfter.size() > 1_000, rowsAfter.size() + " rows after id " + half);
            for (int drivers : new int[] {1, 2}) {
                try (SignoEngine signo = new SignoEngine(Database.inMemory(), drivers)) {
                    for (String sql : List.of(all, filtered, fake)) {
                        ResultComparison.assertSameResult(duckDb.query(sql.formatted(duckDbRead)), ResultRows.toRows(signo.execute(sql.formatted(read))), false, drivers + " drivers: " + sql);
                    }
                    // any five rows past the first splits: each must be one of the file's
                    List<List<Object>> limited = ResultRows.toRows(signo.execute(after.formatted(read) + " LIMIT 5"));
                    assertEquals(5, limited.size());
                    assertTrue(new HashSet<>(rowsAfter).containsAll(limited), drivers + " drivers: " + limited);
                }
            }
        }
    }

    @Test
    void quotedFieldsWithoutLineBreaksKeepTheFastCutsAndReadAsDuckDbReadsThem()
            throws Exception
    {
        Path file = directory.resolve("quoted.csv");
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id,label,amount\n");
            for (int id = 0; id < 150_000; id++) {
                String label = switch (id % 4) {
                    case 0 -> "\"Clerk#" + id + "\"";
                    case 1 -> "\"a, b \"\"" + id + "\"\"\"";
                    case 2 -> "\"x\"\"y\"";
                    default -> "plain" + id;
                };
                writer.write(id + "," + label + "," + (id % 1000) / 10.0 + "\n");
            }
        }
        List<CsvSplits.Split> splits = CsvSplits.of(file, '"', false);
        assertTrue(splits.size() >= 3, splits.size() + " splits");
        String sql = "SELECT count(*), count(label), sum(id), sum(amount), min(label), max(label), sum(length(label)) FROM read_csv('" + file + "')";
        String filtered = "SELECT id, label FROM read_csv('" + file + "') WHERE label LIKE '%\"%' AND id % 97 = 1";
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            ResultComparison.assertSameResult(duckDb.query(sql), ResultRows.toRows(signo.execute(sql)), false, sql);
            ResultComparison.assertSameResult(duckDb.query(filtered), ResultRows.toRows(signo.execute(filtered)), false, filtered);
        }
    }
}
