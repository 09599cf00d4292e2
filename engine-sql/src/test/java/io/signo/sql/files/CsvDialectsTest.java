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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same rows in other CSV dialects read as DuckDB reads them in the plain one: CR LF and CR line
 * ends, a delimiter outside ASCII (read through FastCSV rather than the byte parser); bytes that are
 * not UTF-8 are a clear error; DECIMAL columns of up to 38 digits read through both parsers.
 */
class CsvDialectsTest
{
    /** Stands for the line break inside a quoted field, which stays LF whatever ends the lines. */
    private static final String INNER_BREAK = "\u0001";
    /** Stands for the field delimiter. */
    private static final String DELIMITER = "\u0002";
    private static final String LINES = String.join(DELIMITER, "id", "name", "amount", "note") + "\n"
            + String.join(DELIMITER, "1", "Ann", "10.50", "\"one, two\"") + "\n"
            + String.join(DELIMITER, "2", "\"Bob \"\"B\"\"\"", "-3.25", "") + "\n"
            + String.join(DELIMITER, "3", "Chloé", "0.00", "\"line" + INNER_BREAK + "break\"") + "\n"
            + String.join(DELIMITER, "4", "", "7.75", "plain") + "\n";
    private static final String QUERY = "SELECT id, name, amount, note FROM read_csv('%s', header => true, columns => 'id INTEGER, name VARCHAR, amount DECIMAL(10, 2), note VARCHAR') ORDER BY id";

    private static final String DUCKDB_QUERY = "SELECT id, name, amount, note FROM read_csv('%s', header = true, "
            + "columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'amount': 'DECIMAL(10, 2)', 'note': 'VARCHAR'}) ORDER BY id";

    @TempDir
    Path directory;

    @Test
    void otherLineEndsAndDelimitersReadAsTheCommaFile()
            throws Exception
    {
        Path plain = Files.writeString(directory.resolve("plain.csv"), dialect("\n", ","));
        Path crlf = Files.writeString(directory.resolve("crlf.csv"), dialect("\r\n", ","));
        Path cr = Files.writeString(directory.resolve("cr.csv"), dialect("\r", ","));
        Path section = Files.writeString(directory.resolve("section.csv"), dialect("\n", "§"));
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            var expected = duckDb.query(DUCKDB_QUERY.formatted(plain));
            for (Path file : new Path[] {plain, crlf, cr}) {
                ResultComparison.assertSameResult(expected, ResultRows.toRows(signo.execute(QUERY.formatted(file))), true, file.toString());
            }
            String sectionQuery = QUERY.formatted(section).replace("header => true", "header => true, delim => '§'");
            ResultComparison.assertSameResult(expected, ResultRows.toRows(signo.execute(sectionQuery)), true, sectionQuery);
        }
    }

    private static String dialect(String lineEnd, String delimiter)
    {
        return LINES.replace("\n", lineEnd).replace(DELIMITER, delimiter).replace(INNER_BREAK, "\n");
    }

    @Test
    void textThatIsNotUtf8IsAnError()
            throws Exception
    {
        Path latin1 = directory.resolve("latin1.csv");
        Files.write(latin1, "id,name\n1,Ann\n2,Chlo\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            SignoException error = assertThrows(SignoException.class,
                    () -> ResultRows.toRows(signo.execute("SELECT * FROM read_csv('" + latin1 + "', header => true, columns => 'id INTEGER, name VARCHAR')")));
            assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("line 3") && error.getMessage().contains("column name") && error.getMessage().contains("UTF-8"), error.getMessage());
        }
    }

    @Test
    void longDecimalColumnsReadAsDuckDbReadsThem()
            throws Exception
    {
        String lines = "id,amount,small\n1,12345678901234567890123456789.123456789,1.5\n2,-0.0000005,-2.25\n3,  42 ,\n"
                + "4,99999999999999999999999999999999.999999,0\n5,,7\n6,-12345678901234567890.5,3.333\n";
        Path comma = Files.writeString(directory.resolve("wide.csv"), lines);
        Path section = Files.writeString(directory.resolve("wide_section.csv"), lines.replace(",", "§"));
        String columns = "columns => 'id INTEGER, amount DECIMAL(38, 6), small DECIMAL(10, 2)'";
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1); SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
            var expected = duckDb.query("SELECT id, amount, small FROM read_csv('" + comma + "', header = true, "
                    + "columns = {'id': 'INTEGER', 'amount': 'DECIMAL(38, 6)', 'small': 'DECIMAL(10, 2)'}) ORDER BY id");
            for (Path file : new Path[] {comma, section}) {
                String delimiter = file == section ? ", delim => '§'" : "";
                ResultComparison.assertSameResult(expected, ResultRows.toRows(signo.execute("SELECT id, amount, small FROM read_csv('" + file + "', header => true"
                        + delimiter + ", " + columns + ") ORDER BY id")), true, file.toString());
                // every digit, rounded half away from zero past the scale
                assertEquals("[[1, 12345678901234567890123456789.123457], [2, -0.000001], [3, 42.000000], [4, 99999999999999999999999999999999.999999], [5, null], "
                        + "[6, -12345678901234567890.500000]]",
                        ResultRows.toRows(signo.execute("SELECT id, CAST(amount AS VARCHAR) FROM read_csv('" + file + "', header => true" + delimiter + ", " + columns
                                + ") ORDER BY id")).toString());
            }
            Path tooLong = Files.writeString(directory.resolve("too_long.csv"), "id,amount\n1,123456789012345678901234567890123.5\n");
            SignoException error = assertThrows(SignoException.class, () -> ResultRows.toRows(signo.execute("SELECT * FROM read_csv('" + tooLong + "', header => true, "
                    + "columns => 'id INTEGER, amount DECIMAL(38, 6)')")));
            assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
            assertTrue(error.getMessage().contains("column amount"), error.getMessage());
        }
    }
}
