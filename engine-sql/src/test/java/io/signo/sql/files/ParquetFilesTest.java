package io.signo.sql.files;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.ResultRows;
import io.signo.sql.ScanCounts;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.parquet.ParquetTable;
import io.signo.storage.table.TableStatistics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parquet files written by DuckDB, read back with read_parquet: every value of every column equals
 * DuckDB's reading of the same file, for each codec, both data page versions, dictionary, plain and
 * delta encodings, NULLs in every type, several row groups, empty files and globs.
 */
class ParquetFilesTest
{
    /** Every type Signo reads from Parquet, each with NULLs; low is dictionary-encoded, high plain. */
    private static final String ROWS = """
            SELECT i::INTEGER AS i,
                   CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 1000003)::BIGINT END AS b,
                   CASE WHEN i % 7 = 0 THEN NULL ELSE i / 3.0 END AS d,
                   CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 100 / 8.0)::REAL END AS r,
                   CASE WHEN i % 17 = 0 THEN NULL ELSE (i * 1.25 - 5000)::DECIMAL(9, 2) END AS d9,
                   CASE WHEN i % 19 = 0 THEN NULL ELSE (i * 12345.678)::DECIMAL(18, 3) END AS d18,
                   CASE WHEN i % 53 = 0 THEN NULL ELSE (i * 1234567890123.456789 - 9876543210987.654321)::DECIMAL(38, 6) * 100000000 END AS d38,
                   CASE WHEN i % 59 = 0 THEN NULL ELSE ((i % 17) - 8)::DECIMAL(25, 2) * 1000000000000000000 END AS d25,
                   CASE WHEN i % 23 = 0 THEN NULL ELSE DATE '1995-06-01' + (i % 3000)::INTEGER END AS dt,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE 'name ' || (i % 13) END AS low,
                   CASE WHEN i % 29 = 0 THEN NULL ELSE md5(i::VARCHAR) || repeat('é', i % 4) END AS high,
                   CASE WHEN i % 31 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,
                   CASE WHEN i % 37 = 0 THEN NULL ELSE make_timestamp(-100000000000000 + i * 7919000123) END AS ts,
                   CASE WHEN i % 41 = 0 THEN NULL ELSE make_timestamp(801964800000000 + i * 7919000123)::TIMESTAMP_MS END AS ts_ms,
                   CASE WHEN i % 43 = 0 THEN NULL ELSE make_timestamp_ns((-100000000000000 + i * 7919000123) * 1000) END AS ts_ns,
                   CASE WHEN i % 47 = 0 THEN NULL ELSE make_timestamp(801964800000000 + i * 3600000000)::TIMESTAMPTZ END AS tstz
            FROM range(0, 20000) t(i)""";

    /** Dictionary-encoded columns without NULLs (their codes can be read row by row where they lie), and one with NULLs (dtn). */
    private static final String CODED_ROWS = """
            SELECT i::INTEGER AS i,
                   (i * 7 % 50)::INTEGER AS k,
                   'code ' || (i % 7) AS s,
                   (i % 11 * 1.25)::DECIMAL(15, 2) AS amount,
                   DATE '1995-01-01' + (i * 13 % 700)::INTEGER AS dt,
                   CASE WHEN i % 10 = 0 THEN NULL ELSE DATE '1995-01-01' + (i % 600)::INTEGER END AS dtn,
                   md5(i::VARCHAR) AS text
            FROM range(0, 30000) t(i)""";
    private static final List<String> CODECS = List.of("snappy", "zstd", "gzip", "lz4", "uncompressed");

    @TempDir
    static Path directory;
    private static DuckDbDatabase duckDb;
    private static SignoEngine signo;

    @BeforeAll
    static void writeFiles()
            throws Exception
    {
        duckDb = DuckDbDatabase.open(2);
        try (Statement statement = duckDb.connection().createStatement()) {
            for (String codec : CODECS) {
                statement.execute("COPY (" + ROWS + ") TO '" + file(codec) + "' (FORMAT parquet, COMPRESSION " + codec + ", ROW_GROUP_SIZE 4096)");
            }
            statement.execute("COPY (" + ROWS + ") TO '" + file("v2") + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 6000, PARQUET_VERSION v2)");
            statement.execute("COPY (" + ROWS + " WHERE false) TO '" + file("empty") + "' (FORMAT parquet)");
            statement.execute("COPY (" + CODED_ROWS + ") TO '" + file("coded") + "' (FORMAT parquet, ROW_GROUP_SIZE 8192)");
            statement.execute("COPY (" + CODED_ROWS + ") TO '" + file("coded_v2") + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 8192, PARQUET_VERSION v2)");
            statement.execute("COPY (" + ROWS + " WHERE i < 7000) TO '" + directory.resolve("part_1.parquet") + "' (FORMAT parquet)");
            statement.execute("COPY (" + ROWS + " WHERE i >= 7000) TO '" + directory.resolve("part_2.parquet") + "' (FORMAT parquet, COMPRESSION zstd)");
            statement.execute("COPY (SELECT 1 AS i, 'x' AS other) TO '" + file("other_columns") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT 1 AS i, TIME '10:00:00' AS t) TO '" + file("time") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT i, make_timestamp_ns(-5000000000 + i * 123456789) AS ts FROM range(0, 100) t(i)) TO '" + file("nanos") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT 1 AS i, [1, 2] AS numbers) TO '" + file("nested") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT 1 AS i, {'x': 1, 'label': 'a'} AS point) TO '" + file("struct") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT 1 AS i, MAP {'k': 1} AS attributes) TO '" + file("map") + "' (FORMAT parquet)");
            statement.execute("COPY (SELECT i, (i / 10.0)::REAL AS x, (i / 7.0)::REAL AS y FROM range(0, 2000) t(i)) TO '" + file("reals") + "' (FORMAT parquet)");
        }
        signo = new SignoEngine(Database.inMemory(), 2);
    }

    @AfterAll
    static void close()
            throws Exception
    {
        signo.close();
        duckDb.close();
    }

    private static Path file(String name)
    {
        return directory.resolve("t_" + name + ".parquet");
    }

    @Test
    void everyCodecAndPageVersionReadsAsDuckDbReadsIt()
            throws Exception
    {
        for (String name : List.of("snappy", "zstd", "gzip", "lz4", "uncompressed", "v2")) {
            String path = file(name).toString();
            assertSame("SELECT * FROM read_parquet('" + path + "') ORDER BY i", true);
            assertSame("SELECT count(*), count(b), count(d), sum(b), sum(d9), sum(d18), min(dt), max(dt), min(low), max(high), sum(r) FROM read_parquet('" + path + "')", false);
            assertSame("SELECT CAST(sum(d38) AS VARCHAR), CAST(min(d38) AS VARCHAR), CAST(max(d25) AS VARCHAR), count(d38), count(d25) FROM read_parquet('" + path + "')", false);
            assertSame("SELECT d25, count(*), CAST(sum(d38) AS VARCHAR) FROM read_parquet('" + path + "') WHERE d38 > 0 GROUP BY d25", false);
            assertSame("SELECT low, flag, count(*), sum(d9) FROM read_parquet('" + path + "') WHERE i BETWEEN 5000 AND 13000 GROUP BY low, flag", false);
            assertSame("SELECT i, high FROM read_parquet('" + path + "') WHERE dt = DATE '1995-06-11' AND b > 0", false);
            assertSame("SELECT count(ts), min(ts), max(ts), min(ts_ms), max(ts_ns), min(tstz), EXTRACT(HOUR FROM max(ts)) FROM read_parquet('" + path + "')", false);
            assertSame("SELECT i, ts, ts_ns FROM read_parquet('" + path + "') WHERE ts BETWEEN TIMESTAMP '1968-01-01 00:00:00' AND TIMESTAMP '1970-01-01 06:00:00.5'", false);
        }
    }

    /**
     * Columns declared NOT NULL are written without definition levels, so a PLAIN page of fixed-width
     * values is the values' bytes, which the reader uncompresses straight into the vector: each
     * codec, both page versions, every fixed-width type stored so (timestamps in three units
     * converted after), several row groups.
     */
    @Test
    void requiredPlainColumnsOfEveryCodecReadAsDuckDbReadsThem()
            throws Exception
    {
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("""
                    CREATE TABLE required_rows (i INTEGER NOT NULL, b BIGINT NOT NULL, d DOUBLE NOT NULL, dt DATE NOT NULL, amount DECIMAL(15, 2) NOT NULL,
                            ts TIMESTAMP NOT NULL, ts_ms TIMESTAMP_MS NOT NULL, ts_ns TIMESTAMP_NS NOT NULL)""");
            statement.execute("""
                    INSERT INTO required_rows
                    SELECT i, i * 1000003 - 3000000000, i / 7.0 - 100, DATE '1960-01-01' + i::INTEGER, (i * 12.37 - 5000)::DECIMAL(15, 2),
                           make_timestamp(-100000000000000 + i * 7919000123), make_timestamp(801964800000000 + i * 7919000123)::TIMESTAMP_MS,
                           make_timestamp_ns((-100000000000000 + i * 7919000123) * 1000)
                    FROM range(0, 25000) t(i)""");
            for (String codec : CODECS) {
                statement.execute("COPY required_rows TO '" + file("required_" + codec) + "' (FORMAT parquet, COMPRESSION " + codec + ", ROW_GROUP_SIZE 10000)");
            }
            statement.execute("COPY required_rows TO '" + file("required_v2") + "' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 10000, PARQUET_VERSION v2)");
        }
        String repetitions = duckDb.query("SELECT DISTINCT repetition_type FROM parquet_schema('" + file("required_snappy") + "') WHERE name <> 'duckdb_schema'").toString();
        assertEquals("[[REQUIRED]]", repetitions, "DuckDB no longer writes NOT NULL columns as required");
        String encodings = duckDb.query("SELECT DISTINCT encodings FROM parquet_metadata('" + file("required_snappy") + "')").toString();
        assertEquals("[[PLAIN]]", encodings, "DuckDB no longer writes distinct values as plain pages");
        for (String name : List.of("required_snappy", "required_zstd", "required_gzip", "required_lz4", "required_uncompressed", "required_v2")) {
            String table = "read_parquet('" + file(name) + "')";
            assertSame("SELECT * FROM " + table + " ORDER BY i", true);
            assertSame("SELECT count(*), sum(b), sum(amount), min(dt), max(ts), min(ts_ms), max(ts_ns), sum(d) FROM " + table + " WHERE dt >= DATE '1980-01-01'", false);
        }
    }

    /**
     * Required columns of a second writer (pyarrow, made by make_required_fixture.py beside them):
     * several pages a column chunk, so a page lands mid-vector, in each codec and page version.
     */
    @Test
    void requiredPlainColumnsOfAnotherWriterReadAsDuckDbReadsThem()
            throws Exception
    {
        for (String name : List.of("snappy_v1", "zstd_v2", "lz4_v1", "gzip_v2", "none_v1", "none_v2")) {
            Path fixture = directory.resolve("required_" + name + ".parquet");
            try (InputStream input = ParquetFilesTest.class.getResourceAsStream("/io/signo/sql/files/required_" + name + ".parquet")) {
                Files.copy(input, fixture);
            }
            String table = "read_parquet('" + fixture + "')";
            assertSame("SELECT * FROM " + table + " ORDER BY i", true);
            assertSame("SELECT count(*), sum(b), sum(amount), min(dt), max(ts_ms), min(ts_us), max(ts_ns), sum(d) FROM " + table + " WHERE i % 3 = 1", false);
        }
    }

    /**
     * A scan tests the filter's columns before it decodes the others, dictionary-encoded ones on
     * their codes, and looks up only the rows kept: filters that keep some rows, none and all, on
     * columns with NULLs, with the other columns (NULLs among them) read for the rows kept.
     */
    @Test
    void filtersTestedAsTheScanReadsKeepTheRowsDuckDbKeeps()
            throws Exception
    {
        for (String name : List.of("snappy", "zstd", "gzip", "v2")) {
            String path = file(name).toString();
            assertSame("SELECT i, low, high, d9, dt, flag FROM read_parquet('" + path + "') WHERE low = 'name 3' AND dt > DATE '1996-01-01'", false);
            assertSame("SELECT i, low, flag, ts FROM read_parquet('" + path + "') WHERE d9 < 0 AND low IN ('name 1', 'name 12')", false);
            assertSame("SELECT i, low, dt FROM read_parquet('" + path + "') WHERE dt BETWEEN DATE '1995-06-01' AND DATE '1995-06-20'", false);
            assertSame("SELECT count(*), count(low), min(high) FROM read_parquet('" + path + "') WHERE low > 'zzz'", false);
            assertSame("SELECT low, count(*), count(dt), sum(d9) FROM read_parquet('" + path + "') WHERE i >= 0 GROUP BY low", false);
            assertSame("SELECT count(*), sum(i) FROM read_parquet('" + path + "') WHERE low IS NOT NULL AND low <> 'name 0'", false);
        }
    }

    /**
     * After a test that keeps few rows, the next tested and read columns decode the codes of the
     * rows kept only, where they lie in their runs; a test that keeps nearly every row stops the
     * tests and every row is read, the filter dropping the others (NULLs among them).
     */
    @Test
    void testsThatKeepFewRowsOrNearlyAllKeepTheRowsDuckDbKeeps()
            throws Exception
    {
        for (String name : List.of("coded", "coded_v2")) {
            String path = file(name).toString();
            // the string test runs first and keeps a seventh of the rows
            assertSame("SELECT i, k, s, amount, dt, dtn, text FROM read_parquet('" + path + "') WHERE s = 'code 3' AND dt < DATE '1996-01-01' AND k BETWEEN 10 AND 30", false);
            assertSame("SELECT i, k, amount, dtn FROM read_parquet('" + path + "') WHERE k = 7 AND amount > 5 AND dtn > DATE '1995-06-01'", false);
            assertSame("SELECT count(*), sum(amount), min(dt), max(dtn), count(dtn) FROM read_parquet('" + path + "') WHERE dt BETWEEN DATE '1995-03-01' AND DATE '1995-04-01' AND k < 40", false);
            assertSame("SELECT i, s FROM read_parquet('" + path + "') WHERE k = 1000 AND dt > DATE '1990-01-01'", false);
            // nearly every row passes the first test: every row is read, the filter drops the rest
            assertSame("SELECT s, count(*), sum(amount), count(dtn), min(dtn) FROM read_parquet('" + path + "') WHERE dtn <= DATE '1996-08-30' AND k < 45 GROUP BY s", false);
            assertSame("SELECT count(*), sum(k), min(dt) FROM read_parquet('" + path + "') WHERE dt < DATE '1996-09-01' AND k <> 3 AND s <> 'code 9'", false);
        }
    }

    /**
     * A test whose dictionary's entries nearly all pass is not run on the rows: here the entries that
     * pass are the rare values and the one that fails fills nine rows in ten, so the scan hands up
     * rows its test would have dropped and the filter above drops them, NULLs among them.
     */
    @Test
    void testsWhoseEntriesNearlyAllPassLeaveTheirRowsToTheFilter()
            throws Exception
    {
        Path skewed = directory.resolve("skewed.parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (SELECT i::INTEGER AS i, (CASE WHEN i % 10 = 0 THEN i WHEN i % 10 = 5 AND i % 3 = 0 THEN NULL ELSE -1 END)::INTEGER AS v, "
                    + "(i % 97)::INTEGER AS w FROM range(0, 50001) t(i)) TO '" + skewed + "' (FORMAT parquet, ROW_GROUP_SIZE 16384)");
        }
        String path = skewed.toString();
        assertTrue(duckDb.query("SELECT DISTINCT encodings FROM parquet_metadata('" + path + "') WHERE path_in_schema = 'v'").toString().contains("DICTIONARY"), "v is not dictionary-encoded");
        assertSame("SELECT count(*), sum(i), sum(w), min(v), max(v) FROM read_parquet('" + path + "') WHERE v >= 0", false);
        assertSame("SELECT i, v, w FROM read_parquet('" + path + "') WHERE v >= 0 AND w < 50", false);
        assertSame("SELECT i, v FROM read_parquet('" + path + "') WHERE w < 90 AND v > 10", false);
        assertSame("SELECT count(*), count(v) FROM read_parquet('" + path + "') WHERE v <> -1", false);
    }

    /**
     * A first test whose dictionary's entries do not nearly all pass is run on the codes as they are
     * unpacked, no code kept: dictionaries of 3 to 5,000 entries (bit widths 2 to 13), with and
     * without NULLs, row groups of 60,013 rows (no multiple of 8), pages version 1 and 2; a column
     * both tested and read has its kept rows' codes decoded again.
     */
    @Test
    void firstTestsRunOnCodesAsTheyAreUnpackedKeepTheRowsDuckDbKeeps()
            throws Exception
    {
        for (String version : List.of("v1", "v2")) {
            Path coded = directory.resolve("tested_codes_" + version + ".parquet");
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute("COPY (SELECT i::BIGINT AS i, (i * 7919 % 5000)::INTEGER AS wide, "
                        + "CASE WHEN i % 9 = 0 THEN NULL ELSE (i * 31 % 3000)::INTEGER END AS mid, (i % 3)::INTEGER AS narrow, "
                        + "CASE WHEN i % 4 = 1 THEN NULL ELSE DATE '1995-01-01' + (i % 2500)::INTEGER END AS dt "
                        + "FROM range(0, 150001) t(i)) TO '" + coded + "' (FORMAT parquet, ROW_GROUP_SIZE 60013, PARQUET_VERSION " + version + ")");
            }
            String path = coded.toString();
            String encodings = duckDb.query("SELECT path_in_schema, encodings FROM parquet_metadata('" + path + "') WHERE path_in_schema <> 'i' AND encodings NOT LIKE '%DICTIONARY%'").toString();
            assertEquals("[]", encodings, "tested columns that are not dictionary-encoded");
            assertSame("SELECT count(*), sum(i), sum(mid), min(dt) FROM read_parquet('" + path + "') WHERE wide < 1500", false);
            assertSame("SELECT i, wide, narrow FROM read_parquet('" + path + "') WHERE wide BETWEEN 100 AND 180", false);
            assertSame("SELECT i, mid, dt FROM read_parquet('" + path + "') WHERE mid > 2500 AND narrow = 1", false);
            assertSame("SELECT narrow, count(*), count(mid), sum(wide) FROM read_parquet('" + path + "') WHERE narrow <> 2 GROUP BY narrow", false);
            assertSame("SELECT count(*), count(dt), sum(i) FROM read_parquet('" + path + "') WHERE dt BETWEEN DATE '1996-01-01' AND DATE '1996-12-31' AND wide < 2500", false);
            assertSame("SELECT i, dt FROM read_parquet('" + path + "') WHERE dt < DATE '1995-01-20' OR dt IS NULL AND i < 40", false);
        }
    }

    /** Nanoseconds round to the nearest microsecond, as DuckDB's cast to TIMESTAMP rounds them. */
    @Test
    void nanosecondTimestampsRoundToMicroseconds()
            throws Exception
    {
        assertSame("SELECT i, CAST(ts AS TIMESTAMP) FROM read_parquet('" + file("nanos") + "') ORDER BY i", true);
    }

    /** FLOAT columns are REAL: compared, computed and printed as floats, as DuckDB does, not as the doubles they widen to. */
    @Test
    void floatColumnsAreReal()
            throws Exception
    {
        String reals = "read_parquet('" + file("reals") + "')";
        assertSame("SELECT count(*) FROM " + reals + " WHERE x = 0.1 OR y = 0.2857143 OR x * 3 = 0.3", false);
        assertSame("SELECT i, CAST(x AS VARCHAR), CAST(y AS VARCHAR), CAST(x + y AS VARCHAR), CAST(x * y AS VARCHAR), CAST(y - x AS VARCHAR) FROM " + reals
                + " WHERE i < 300 ORDER BY i", true);
        assertSame("SELECT sum(x), avg(y), CAST(min(y) AS VARCHAR), CAST(max(x) AS VARCHAR) FROM " + reals, false);
    }

    @Test
    void theFilesCoverDictionaryPlainAndDeltaEncodings()
            throws Exception
    {
        List<List<Object>> encodings = duckDb.query("SELECT DISTINCT encodings FROM parquet_metadata('" + file("snappy") + "')");
        String all = encodings.toString();
        assertTrue(all.contains("DICTIONARY") && all.contains("[PLAIN]"), "DuckDB no longer writes both encodings: " + all);
        // DuckDB's version 2 writer uses version 2 data pages and the delta encodings
        String v2 = duckDb.query("SELECT DISTINCT encodings FROM parquet_metadata('" + file("v2") + "')").toString();
        assertTrue(v2.contains("DELTA_BINARY_PACKED") && v2.contains("DELTA_LENGTH_BYTE_ARRAY") && v2.contains("RLE_DICTIONARY"), "DuckDB's version 2 file has other encodings: " + v2);
    }

    /**
     * GROUP BY short VARCHARs (a file's have no length): one-byte flags with NULLs and empty strings in the
     * first row groups, longer values in later ones, whose dictionaries differ, and a row group whose
     * values are too many for a dictionary (plain pages) between them; the groups start in one-byte
     * fields and move to wider ones as the longer values come.
     */
    @Test
    void groupsOnShortStringsWhoseRowGroupsGrowLongerAreDuckDbs()
            throws Exception
    {
        Path path = file("flags");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("""
                    COPY (SELECT i::INTEGER AS i,
                                 CASE WHEN i < 12288 THEN (CASE WHEN i % 9 = 0 THEN NULL WHEN i % 9 = 1 THEN '' ELSE chr((65 + i % 5)::INTEGER) END)
                                      WHEN i < 16384 THEN (CASE WHEN i % 3 = 0 THEN 'AIR' ELSE chr((65 + i % 4)::INTEGER) END)
                                      WHEN i < 20480 THEN md5(i::VARCHAR)
                                      ELSE chr((65 + i % 3)::INTEGER) END AS f,
                                 CASE WHEN i % 7 = 0 THEN NULL ELSE chr((70 + i % 2)::INTEGER) END AS g
                          FROM range(0, 24576) t(i))
                    TO 'PATH' (FORMAT parquet, ROW_GROUP_SIZE 4096)""".replace("PATH", path.toString()));
        }
        String encodings = duckDb.query("SELECT row_group_id, encodings FROM parquet_metadata('" + path + "') WHERE path_in_schema = 'f' ORDER BY row_group_id").toString();
        assertTrue(encodings.contains("DICTIONARY") && encodings.contains(", PLAIN]"), "the flags' row groups are not both dictionary-encoded and plain: " + encodings);
        String table = "read_parquet('" + path + "')";
        assertSame("SELECT f, g, count(*), sum(i) FROM " + table + " WHERE i < 12288 GROUP BY f, g", false);
        assertSame("SELECT f, g, count(*), sum(i) FROM " + table + " GROUP BY f, g", false);
        assertSame("SELECT g, f, count(*), min(i) FROM " + table + " WHERE i >= 8192 GROUP BY g, f", false);
        assertSame("SELECT f, count(*), sum(i) FROM " + table + " WHERE i < 12288 OR i >= 20480 GROUP BY f", false);
    }

    /**
     * Small string dictionaries reach the operators as codes into the row group's dictionary: grouping
     * (one-byte, short and long keys), filters (equality, IN, LIKE, ranges, NULL tests), joins, sorting,
     * string functions, DISTINCT and loading a table over them, with NULLs, with row groups whose
     * dictionaries differ, and over several files read as one table, each answer DuckDB's.
     */
    @Test
    void dictionaryEncodedStringsReadAsDuckDbReadsThem()
            throws Exception
    {
        String rows = """
                SELECT i::INTEGER AS i,
                       CASE WHEN i % 9 = 0 THEN NULL ELSE chr((65 + (i // 2048 + i) % 3 + (i // 2048) % 4)::INTEGER) END AS flag,
                       CASE WHEN i % 13 = 0 THEN NULL ELSE ['MAIL', 'SHIP', 'AIR', 'TRUCK', 'RAIL', 'FOB', 'REG AIR'][1 + (i // 2048 + i % 4)::INTEGER % 7] END AS mode,
                       CASE WHEN i % 17 = 0 THEN NULL ELSE 'Customer#' || lpad(((i * 7 + OFFSET) % 40)::VARCHAR, 9, '0') END AS name
                FROM range(FROM_ROW, TO_ROW) t(i)""";
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (" + rows.replace("OFFSET", "0").replace("FROM_ROW", "0").replace("TO_ROW", "12288") + ") TO '" + directory.resolve("dict_1.parquet")
                    + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
            statement.execute("COPY (" + rows.replace("OFFSET", "5").replace("FROM_ROW", "12288").replace("TO_ROW", "20480") + ") TO '" + directory.resolve("dict_2.parquet")
                    + "' (FORMAT parquet, ROW_GROUP_SIZE 4096, COMPRESSION zstd, PARQUET_VERSION v2)");
        }
        String encodings = duckDb.query("SELECT DISTINCT encodings FROM parquet_metadata('" + directory.resolve("dict_*.parquet") + "') WHERE path_in_schema <> 'i'").toString();
        assertTrue(encodings.contains("DICTIONARY") && !encodings.contains("[PLAIN]"), "the string columns are not dictionary-encoded throughout: " + encodings);
        for (String table : List.of("read_parquet('" + directory.resolve("dict_1.parquet") + "')", "read_parquet('" + directory.resolve("dict_*.parquet") + "')")) {
            assertSame("SELECT flag, mode, count(*), sum(i) FROM " + table + " GROUP BY flag, mode", false);
            assertSame("SELECT flag, count(*), min(mode), max(name) FROM " + table + " GROUP BY flag", false);
            assertSame("SELECT name, count(*), min(flag), count(mode) FROM " + table + " GROUP BY name", false);
            assertSame("SELECT mode, count(DISTINCT flag), count(DISTINCT name) FROM " + table + " WHERE i % 3 <> 1 GROUP BY mode", false);
            assertSame("SELECT flag, mode, i FROM " + table + " WHERE mode = 'MAIL' AND flag IN ('A', 'C')", false);
            assertSame("SELECT count(*), sum(i) FROM " + table + " WHERE mode IN ('AIR', 'REG AIR') OR flag IS NULL", false);
            assertSame("SELECT i, name FROM " + table + " WHERE name LIKE '%00000001_' AND mode <> 'SHIP'", false);
            assertSame("SELECT count(*), count(flag), count(mode) FROM " + table + " WHERE flag < 'C' OR mode IS NULL", false);
            assertSame("SELECT i, flag, mode, name FROM " + table + " WHERE i % 97 = 0 ORDER BY i", true);
            assertSame("SELECT upper(mode) || flag, length(name), substring(name, 10, 3), count(*) FROM " + table + " WHERE i % 5 = 2 GROUP BY 1, 2, 3", false);
            assertSame("SELECT mode, flag, i FROM " + table + " ORDER BY mode DESC NULLS LAST, flag NULLS FIRST, i LIMIT 40", true);
            assertSame("SELECT DISTINCT mode, flag FROM " + table, false);
            assertSame("SELECT a.mode, count(*), sum(b.i) FROM " + table + " a JOIN " + table + " b ON a.mode = b.mode AND a.flag = b.flag WHERE a.i % 100 = 0 AND b.i % 50 = 0 GROUP BY a.mode",
                    false);
        }
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE coded AS SELECT * FROM read_parquet('" + directory.resolve("dict_*.parquet") + "') WHERE i % 2 = 0");
            ResultComparison.assertSameResult(duckDb.query("SELECT * FROM read_parquet('" + directory.resolve("dict_*.parquet") + "') WHERE i % 2 = 0 ORDER BY i"),
                    ResultRows.toRows(engine.execute("SELECT * FROM coded ORDER BY i")), true, "table loaded from dictionary-encoded strings");
        }
    }

    /**
     * A string column whose chunk falls back from dictionary-encoded to plain pages midway (pyarrow's
     * writer, made by make_dictionary_fallback_fixture.py beside it), beside a row group whose
     * dictionary differs and a flag column dictionary-encoded throughout: read as DuckDB reads it.
     */
    @Test
    void aColumnThatFallsBackToPlainPagesMidwayReadsAsDuckDbReadsIt()
            throws Exception
    {
        Path fixture = directory.resolve("dictionary_fallback.parquet");
        try (InputStream input = ParquetFilesTest.class.getResourceAsStream("/io/signo/sql/files/dictionary_fallback.parquet")) {
            Files.copy(input, fixture, StandardCopyOption.REPLACE_EXISTING);
        }
        String table = "read_parquet('" + fixture + "')";
        assertSame("SELECT * FROM " + table + " ORDER BY i", true);
        assertSame("SELECT s, f, count(*), sum(i) FROM " + table + " GROUP BY s, f", false);
        assertSame("SELECT f, count(*), count(s), min(s), max(s) FROM " + table + " GROUP BY f", false);
        assertSame("SELECT i, s, f FROM " + table + " WHERE s IN ('v1', 'w2', 'unique value 03001') AND f <> 'R'", false);
        assertSame("SELECT count(*), sum(i) FROM " + table + " WHERE s LIKE 'unique%' OR f IS NULL", false);
        assertSame("SELECT i, s FROM " + table + " WHERE i % 101 = 0 ORDER BY i", true);
    }

    /** A file of a second writer, pyarrow (made by make_pyarrow_fixture.py beside it): narrow and unsigned integers, fixed-length decimals. */
    @Test
    void aFileOfAnotherWriterReadsAsDuckDbReadsIt()
            throws Exception
    {
        Path fixture = directory.resolve("pyarrow_types.parquet");
        try (InputStream input = ParquetFilesTest.class.getResourceAsStream("/io/signo/sql/files/pyarrow_types.parquet")) {
            Files.copy(input, fixture);
        }
        assertSame("SELECT * FROM read_parquet('" + fixture + "') ORDER BY i", true);
        assertSame("SELECT word, count(*), sum(amount), sum(u32), min(dt), max(label), sum(i8), sum(i16), sum(i64), sum(f32), min(ts), max(ts) FROM read_parquet('" + fixture + "') GROUP BY word", false);
    }

    /**
     * pyarrow's page index (page_index.parquet, made by make_page_index_fixture.py beside it): the
     * first row group's min and max of k span 0 to 19999, but its pages leave out 5000 to 14999, so a
     * filter within that gap skips it by its pages; the second row group's pages cover the gap.
     */
    @Test
    void thePageIndexRulesOutRowGroupsTheirMinAndMaxKeep()
            throws Exception
    {
        Path fixture = directory.resolve("page_index.parquet");
        try (InputStream input = ParquetFilesTest.class.getResourceAsStream("/io/signo/sql/files/page_index.parquet")) {
            Files.copy(input, fixture, StandardCopyOption.REPLACE_EXISTING);
        }
        String inTheGap = "SELECT count(*), count(v), sum(v), min(k), max(k) FROM read_parquet('" + fixture + "') WHERE k BETWEEN 8000 AND 9000";
        assertSame(inTheGap, false);
        assertEquals(new ScanCounts(2, 1), ScanCounts.of(signo, inTheGap, 2));
        // the first row group's pages up to 4999 match; the second's min of 7000 rules it out
        String belowTheGap = "SELECT count(*), sum(v) FROM read_parquet('" + fixture + "') WHERE k >= 4990 AND k < 5010";
        assertSame(belowTheGap, false);
        assertEquals(new ScanCounts(2, 1), ScanCounts.of(signo, belowTheGap, 2));
        // no page of either row group holds a value above 19999; every row of both passes a filter that takes all keys
        String everything = "SELECT count(*), sum(v), count(v) FROM read_parquet('" + fixture + "') WHERE k >= 0";
        assertSame(everything, false);
        assertEquals(new ScanCounts(2, 0), ScanCounts.of(signo, everything, 2));
        assertEquals(new ScanCounts(2, 2), ScanCounts.of(signo, "SELECT count(*) FROM read_parquet('" + fixture + "') WHERE k > 19999", 2));
        // IS NULL: v's pages have NULLs (k % 97 = 0), so none is ruled out
        String nulls = "SELECT count(*), min(k) FROM read_parquet('" + fixture + "') WHERE v IS NULL";
        assertSame(nulls, false);
    }

    @Test
    void anEmptyFileIsATableWithoutRows()
            throws Exception
    {
        assertSame("SELECT count(*), sum(b) FROM read_parquet('" + file("empty") + "')", false);
        assertSame("SELECT * FROM read_parquet('" + file("empty") + "')", false);
    }

    @Test
    void aGlobReadsItsFilesAsOneTable()
            throws Exception
    {
        String glob = directory.resolve("part_*.parquet").toString();
        assertSame("SELECT count(*), sum(b), count(DISTINCT low) FROM read_parquet('" + glob + "')", false);
        assertSame("SELECT a.i, a.low, b.high FROM read_parquet('" + glob + "') a JOIN read_parquet('" + file("zstd") + "') b ON a.i = b.i WHERE a.i BETWEEN 6990 AND 7010", false);
    }

    @Test
    void filesReadIntoTablesAndViews()
            throws Exception
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t AS SELECT * FROM read_parquet('" + file("gzip") + "') WHERE i < 10000");
            engine.execute("INSERT INTO t SELECT * FROM read_parquet('" + file("lz4") + "') WHERE i >= 10000");
            engine.execute("CREATE VIEW v AS SELECT low, count(*) AS n FROM read_parquet('" + file("snappy") + "') GROUP BY low");
            List<List<Object>> expected = duckDb.query("SELECT low, count(*) AS n FROM read_parquet('" + file("snappy") + "') GROUP BY low");
            ResultComparison.assertSameResult(expected, ResultRows.toRows(engine.execute("SELECT * FROM v")), false, "view");
            ResultComparison.assertSameResult(duckDb.query("SELECT * FROM read_parquet('" + file("uncompressed") + "') ORDER BY i"),
                    ResultRows.toRows(engine.execute("SELECT * FROM t ORDER BY i")), true, "table loaded from Parquet");
        }
    }

    @Test
    void filesThatCannotBeReadAreClearErrors()
            throws Exception
    {
        String mixed = directory.resolve("t_{zstd,other_columns}.parquet").toString();
        SignoException mismatch = assertThrows(SignoException.class, () -> signo.execute("SELECT count(*) FROM read_parquet('" + mixed + "')"));
        assertEquals(ErrorCode.BAD_FILE_DATA, mismatch.errorCode(), mismatch.getMessage());
        assertTrue(mismatch.getMessage().contains("t_other_columns.parquet") || mismatch.getMessage().contains("t_zstd.parquet"), mismatch.getMessage());

        SignoException time = assertThrows(SignoException.class, () -> signo.execute("SELECT * FROM read_parquet('" + file("time") + "')"));
        assertTrue(time.getMessage().contains("column t"), time.getMessage());
        SignoException nested = assertThrows(SignoException.class, () -> signo.execute("SELECT * FROM read_parquet('" + file("nested") + "')"));
        assertEquals(ErrorCode.NOT_SUPPORTED, nested.errorCode(), nested.getMessage());
        assertTrue(nested.getMessage().contains("column numbers") && nested.getMessage().contains("nested"), nested.getMessage());
        // a struct, a map, and a nested column the query does not read: each refused, the column named
        for (String[] refused : List.of(new String[] {"struct", "point", "*"}, new String[] {"map", "attributes", "*"}, new String[] {"struct", "point", "i"})) {
            SignoException failure = assertThrows(SignoException.class, () -> signo.execute("SELECT " + refused[2] + " FROM read_parquet('" + file(refused[0]) + "')"));
            assertEquals(ErrorCode.NOT_SUPPORTED, failure.errorCode(), failure.getMessage());
            assertTrue(failure.getMessage().contains("column " + refused[1] + " ") && failure.getMessage().contains("nested") && failure.getMessage().contains(file(refused[0]).toString()),
                    failure.getMessage());
        }

        SignoException missing = assertThrows(SignoException.class, () -> signo.execute("SELECT * FROM read_parquet('" + directory.resolve("none_*.parquet") + "')"));
        assertEquals(ErrorCode.FILE_NOT_FOUND, missing.errorCode(), missing.getMessage());
        Path text = Files.writeString(directory.resolve("not_parquet.parquet"), "id,name\n1,x\n");
        SignoException notParquet = assertThrows(SignoException.class, () -> signo.execute("SELECT * FROM read_parquet('" + text + "')"));
        assertEquals(ErrorCode.BAD_FILE_DATA, notParquet.errorCode(), notParquet.getMessage());
        assertTrue(notParquet.getMessage().contains("not_parquet.parquet"), notParquet.getMessage());
    }

    /**
     * The planner learns distinct counts from the footers and the first row group: dictionary sizes,
     * how often the first row group repeats a value of an integer or string column, and the ranges of
     * integer columns; decimals and doubles stay unknown.
     */
    @Test
    void footersGiveThePlannerDistinctCounts()
            throws Exception
    {
        TableStatistics statistics = ParquetTable.of("t", List.of(file("snappy"))).statistics();
        assertEquals(20000, statistics.rowCount());
        // i is 0 .. 19999, a key
        assertEquals(20000, statistics.column("i").distinctValues());
        assertEquals(0, statistics.column("i").nullCount());
        // low holds 13 names and NULL, dictionary-encoded
        assertEquals(13, statistics.column("low").distinctValues());
        assertEquals(((Number) duckDb.query("SELECT count(*) - count(low) FROM read_parquet('" + file("snappy") + "')").getFirst().getFirst()).longValue(), statistics.column("low").nullCount());
        // md5 strings, plain-encoded, all different: as many as the rows that are not NULL
        long high = ((Number) duckDb.query("SELECT count(DISTINCT high) FROM read_parquet('" + file("snappy") + "')").getFirst().getFirst()).longValue();
        assertEquals(high, statistics.column("high").distinctValues());
        assertEquals(null, statistics.column("d18"), "decimals: nothing to estimate from");

        // a key stored with its repeats together (an order's lines) over a sparse range (every eighth value): a
        // quarter of the rows, where the range alone says all of them
        Path lines = directory.resolve("lines.parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (SELECT (i // 4) * 8 AS orderkey, i % 4 AS line, (i * 7919) % 1000 AS part FROM range(0, 40000) t(i) ORDER BY i) TO '" + lines
                    + "' (FORMAT parquet, ROW_GROUP_SIZE 10000)");
        }
        TableStatistics keys = ParquetTable.of("lines", List.of(lines)).statistics();
        assertEquals(10000, keys.column("orderkey").distinctValues());
        assertEquals(1000, keys.column("part").distinctValues(), "values spread over the file: capped by the range");

        // a table of one row group: its dictionary holds every value, however few rows it has
        Path regions = directory.resolve("regions.parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (SELECT i AS key, 'region ' || i AS name, CASE WHEN i < 3 THEN 'x' ELSE 'y' END AS kind FROM range(0, 5) t(i)) TO '" + regions + "' (FORMAT parquet)");
        }
        TableStatistics regionStatistics = ParquetTable.of("regions", List.of(regions)).statistics();
        assertEquals(5, regionStatistics.column("name").distinctValues());
        assertEquals(2, regionStatistics.column("kind").distinctValues());
    }

    /**
     * A view on a file keeps what the footers say of NULLs: a column the file holds no NULL in is NOT NULL
     * through the view as through {@code read_parquet} itself, so {@code NOT IN} plans without the
     * nested-loop check for NULLs (TPC-H Q16 over views); a column with NULLs keeps them, and the answers
     * are DuckDB's either way.
     */
    @Test
    void viewsOnFilesKeepTheFootersNullCounts()
            throws Exception
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE VIEW v AS SELECT * FROM read_parquet('" + file("snappy") + "')");
            String notIn = "SELECT count(*) FROM %s WHERE i %% 10 = 0 AND i NOT IN (SELECT i * 3 FROM %s WHERE low = 'name 2')";
            String plan = ResultRows.toRows(engine.execute("EXPLAIN " + notIn.formatted("v", "v"))).toString();
            assertTrue(!plan.contains("NestedLoopJoin") && !plan.contains("CAST"), plan);
            String source = "read_parquet('" + file("snappy") + "')";
            ResultComparison.assertSameResult(duckDb.query(notIn.formatted(source, source)), ResultRows.toRows(engine.execute(notIn.formatted("v", "v"))), false, "NOT IN over a view");

            // d holds NULLs: NOT IN over it answers no row once a NULL is among its values, as the standard says
            String withNulls = "SELECT count(*) FROM %s WHERE i NOT IN (SELECT CAST(d * 3 AS BIGINT) FROM %s WHERE i < 100)";
            String nullPlan = ResultRows.toRows(engine.execute("EXPLAIN " + withNulls.formatted("v", "v"))).toString();
            assertTrue(nullPlan.contains("NestedLoopJoin"), nullPlan);
            ResultComparison.assertSameResult(duckDb.query(withNulls.formatted(source, source)), ResultRows.toRows(engine.execute(withNulls.formatted("v", "v"))), false,
                    "NOT IN over a view's column with NULLs");
            List<List<Object>> nullable = ResultRows.toRows(engine.execute("SELECT count(*) - count(d), count(*) - count(i) FROM v"));
            assertEquals(duckDb.query("SELECT count(*) - count(d), count(*) - count(i) FROM " + source).toString(), nullable.toString());
        }
    }

    @Test
    void countStarReadsOneColumn()
            throws Exception
    {
        String plan = ResultRows.toRows(signo.execute("EXPLAIN SELECT count(*) FROM read_parquet('" + file("snappy") + "')")).toString();
        assertTrue(plan.contains("columns=[i]"), plan);
        assertSame("SELECT count(*) FROM read_parquet('" + file("snappy") + "')", false);
    }

    /** Bytes overwritten in a page header, and inside a page's compressed values: each a clear error naming the file, never a crash. */
    @Test
    void aDamagedFileIsAClearError()
            throws Exception
    {
        for (String codec : List.of("snappy", "zstd")) {
            List<List<Object>> pages = duckDb.query("SELECT data_page_offset, total_compressed_size FROM parquet_metadata('" + file(codec) + "') WHERE path_in_schema = 'high' AND row_group_id = 1");
            long offset = ((Number) pages.getFirst().get(0)).longValue();
            long size = ((Number) pages.getFirst().get(1)).longValue();
            for (long damaged : new long[] {offset, offset + size / 2}) {
                Path copy = directory.resolve("damaged_" + codec + "_" + damaged + ".parquet");
                byte[] bytes = Files.readAllBytes(file(codec));
                for (int i = 0; i < 24; i++) {
                    bytes[(int) damaged + i] = (byte) (0x5A ^ i * 37);
                }
                Files.write(copy, bytes);
                SignoException error = assertThrows(SignoException.class, () -> ResultRows.toRows(signo.execute("SELECT max(high) FROM read_parquet('" + copy + "')")),
                        "damaged at byte " + damaged + " of " + codec);
                assertEquals(ErrorCode.BAD_FILE_DATA, error.errorCode(), error.getMessage());
                assertTrue(error.getMessage().contains(copy.getFileName().toString()), error.getMessage());
                // the other columns of the same file still read
                assertEquals(List.of(List.of(20000L)), ResultRows.toRows(signo.execute("SELECT count(i) FROM read_parquet('" + copy + "')")));
            }
        }
    }

    private static void assertSame(String sql, boolean ordered)
            throws Exception
    {
        List<List<Object>> expected = duckDb.query(sql);
        List<List<Object>> actual;
        try {
            actual = ResultRows.toRows(signo.execute(sql));
        }
        catch (SignoException e) {
            throw new AssertionError(sql + "\nfailed on Signo: " + e.getMessage(), e);
        }
        ResultComparison.assertSameResult(expected, actual, ordered, sql);
    }
}
