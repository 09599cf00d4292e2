package io.signo.sql.ddl;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files with many deleted rows are rewritten without them and small files merged, in the
 * background after writes and at once on VACUUM, with every query answering as before, the layout
 * kept, and the replaced files gone from the directory.
 */
class CompactionTest
{
    private static final String ALL_ROWS = "SELECT k, v, s FROM t ORDER BY k";

    @Test
    void smallInsertsAreMergedInTheBackground()
            throws InterruptedException
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t (k INTEGER NOT NULL, v BIGINT, s VARCHAR) WITH (partitioned_by = 'k', partitions = 2, sorted_by = 'v')");
            for (int i = 0; i < 40; i++) {
                engine.execute("INSERT INTO t VALUES (" + i + ", " + (1000 - i * 7 % 13) + ", 'row " + i + "')");
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (fileCount(engine.database(), "t") > 2 * 7 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(fileCount(engine.database(), "t") <= 2 * 7, "40 one-row files in 2 partitions are merged below 8 a partition: " + fileCount(engine.database(), "t"));
            List<List<Object>> rows = ResultRows.toRows(engine.execute(ALL_ROWS));
            assertEquals(40, rows.size());
            for (int i = 0; i < 40; i++) {
                assertEquals(List.of(i, 1000L - i * 7 % 13, "row " + i), rows.get(i));
            }
            TableLayoutTest.assertPlaced(engine.catalog().table("t"), List.of("k"), List.of("v"));
        }
    }

    @Test
    void aFileWhoseRowsAreAllDeletedIsDroppedWithoutRewritingTheOthers()
            throws InterruptedException
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t (k INTEGER NOT NULL, v BIGINT, s VARCHAR) WITH (partitioned_by = 'k', partitions = 1, sorted_by = 'v')");
            for (int i = 0; i < 5; i++) {
                engine.execute("INSERT INTO t VALUES (" + i + ", " + (100 - i) + ", 'kept " + i + "')");
            }
            engine.execute("INSERT INTO t VALUES (10, 1, 'gone'), (11, 2, NULL)");
            List<Long> kept = fileIds(engine.database()).subList(0, 5);
            // as a TPC-H refresh deletes the orders an earlier one inserted
            engine.execute("DELETE FROM t WHERE k >= 10");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (fileCount(engine.database(), "t") > 5 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(kept, fileIds(engine.database()), "the file of deleted rows is dropped, and the 5 small files stay as they were");
            assertEquals(List.of(List.of(0, 100L, "kept 0"), List.of(1, 99L, "kept 1"), List.of(2, 98L, "kept 2"), List.of(3, 97L, "kept 3"), List.of(4, 96L, "kept 4")),
                    ResultRows.toRows(engine.execute(ALL_ROWS)));
        }
    }

    @Test
    void aCompactionGivesWayToADeleteThatCameFirst()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t (k INTEGER NOT NULL, v BIGINT, s VARCHAR) WITH (partitioned_by = 'k', partitions = 1)");
            engine.execute("INSERT INTO t VALUES (0, 0, 'row 0')");
            engine.execute("INSERT INTO t VALUES (1, 1, 'row 1'), (3, 3, 'row 3'), (4, 4, NULL)");
            engine.execute("INSERT INTO t VALUES (2, 2, 'row 2')");
            List<List<Object>> after = List.of(List.of(0, 0L, "row 0"), List.of(2, 2L, "row 2"), List.of(3, 3L, "row 3"), java.util.Arrays.asList(4, 4L, null));
            Database database = engine.database();
            try (TableCompactor compactor = new TableCompactor(database)) {
                // the compaction reads the files, then a DELETE commits before the compaction does: rewriting them would bring the row back
                int replaced = compactor.compactAfterRead("t", true, () -> engine.execute("DELETE FROM t WHERE k = 1"));
                assertEquals(0, replaced, "the compaction gives its group up");
                assertEquals(3, fileCount(database, "t"));
                assertEquals(after, ResultRows.toRows(engine.execute(ALL_ROWS)));
                assertEquals(3, compactor.compact("t", true), "run again, it merges the files as they are now");
                assertEquals(1, fileCount(database, "t"));
                assertEquals(after, ResultRows.toRows(engine.execute(ALL_ROWS)));
            }
        }
    }

    @Test
    void vacuumRewritesDeletedRowsAway(@TempDir Path directory)
            throws IOException
    {
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 2)) {
            engine.execute("CREATE TABLE t AS SELECT CAST(l_orderkey * 10 + l_linenumber AS INTEGER) AS k, l_partkey AS v, l_comment AS s FROM tpch.tiny.lineitem");
            List<Path> loaded = segmentFiles(directory);
            engine.execute("DELETE FROM t WHERE MOD(v, 10) < 3");
            assertEquals(loaded, segmentFiles(directory), "a third deleted is not worth a rewrite after the write");
            List<List<Object>> before = ResultRows.toRows(engine.execute(ALL_ROWS));

            engine.execute("VACUUM t");
            TableEntry table = engine.database().manifest().table("t");
            assertEquals(0, table.files().stream().mapToLong(file -> file.deletes().count()).sum(), "no deleted row is left in a file");
            assertEquals(before.size(), table.rowCount());
            assertEquals(before, ResultRows.toRows(engine.execute(ALL_ROWS)));
            assertTrue(segmentFiles(directory).stream().noneMatch(loaded::contains), "the rewritten files are deleted");

            engine.execute("DELETE FROM t WHERE k > 0");
            engine.execute("VACUUM");
            assertEquals(List.of(), ResultRows.toRows(engine.execute(ALL_ROWS)));
            assertEquals(List.of(), engine.database().manifest().table("t").files(), "a file of deleted rows only is dropped");
        }
        try (SignoEngine reopened = new SignoEngine(Database.open(directory), 2)) {
            assertEquals(List.of(List.of(0L)), ResultRows.toRows(reopened.execute("SELECT count(*) FROM t")));
            assertEquals(List.of(), segmentFiles(directory));
        }
    }

    @Test
    void aFailedWriteLeavesNoFile(@TempDir Path directory)
            throws IOException
    {
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 2)) {
            // every driver writes files before the rows of the last orders fail
            SignoException cast = assertThrows(SignoException.class, () -> engine.execute("CREATE TABLE t WITH (partitioned_by = 'k', sorted_by = 'v') AS "
                    + "SELECT l_orderkey AS k, CAST(CASE WHEN l_orderkey > 590000 THEN 'x' ELSE '1' END AS INTEGER) AS v FROM tpch.sf0_1.lineitem"));
            assertTrue(cast.getMessage().contains("x"), cast.getMessage());
            engine.execute("CREATE TABLE u (k BIGINT NOT NULL, v INTEGER)");
            SignoException notNull = assertThrows(SignoException.class,
                    () -> engine.execute("INSERT INTO u SELECT CASE WHEN l_orderkey > 590000 THEN NULL ELSE l_orderkey END, l_linenumber FROM tpch.sf0_1.lineitem"));
            assertEquals(ErrorCode.NOT_NULL_VIOLATION, notNull.errorCode(), notNull.getMessage());
            assertEquals(List.of(List.of("u")), ResultRows.toRows(engine.execute("SHOW TABLES")));
            assertEquals(List.of(List.of(0L)), ResultRows.toRows(engine.execute("SELECT count(*) FROM u")));
            assertEquals(List.of(), segmentFiles(directory), "no file of the failed statements is left");
        }
    }

    @Test
    void vacuumNamesWhatIsWrong()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            SignoException missing = assertThrows(SignoException.class, () -> engine.execute("VACUUM nothing"));
            assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());
            SignoException twoNames = assertThrows(SignoException.class, () -> engine.execute("VACUUM a b"));
            assertTrue(twoNames.getMessage().contains("VACUUM takes one table name or none"), twoNames.getMessage());
            assertEquals(List.of(List.of("VACUUM")), ResultRows.toRows(engine.execute("VACUUM")));
        }
    }

    private static List<Long> fileIds(Database database)
    {
        return database.manifest().table("t").files().stream().map(file -> file.fileId()).sorted().toList();
    }

    private static int fileCount(Database database, String table)
    {
        return database.manifest().table(table).files().size();
    }

    private static List<Path> segmentFiles(Path directory)
            throws IOException
    {
        try (Stream<Path> files = Files.list(directory.resolve("segments"))) {
            return files.sorted().toList();
        }
    }
}
