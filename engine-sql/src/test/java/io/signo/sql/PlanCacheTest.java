package io.signo.sql;

import io.signo.storage.db.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A statement sent again reuses its plan, and a reused plan never answers from what changed since:
 * writes, definitions, session properties, the clock and files all plan the statement afresh.
 */
class PlanCacheTest
{
    private static final String REUSED = "plan reused";

    @Test
    void theSameStatementAgainReusesItsPlanAndAnswersTheSame()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            engine.execute("CREATE TABLE t (x INTEGER, y VARCHAR(10))");
            engine.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'a')");
            String sql = "SELECT y, count(*), sum(x) FROM t GROUP BY y ORDER BY y";
            Run first = run(engine, new Session("u"), sql);
            Run second = run(engine, new Session("u"), sql);
            assertFalse(first.reused());
            assertTrue(second.reused());
            assertEquals(List.of(List.of("a", 2L, 4L), List.of("b", 1L, 2L)), second.rows());
            assertEquals(first.rows(), second.rows());
        }
    }

    @Test
    void aWriteOrADefinitionPlansAgainAndTheAnswerIsTheNewOne()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            Session session = new Session("u");
            engine.execute("CREATE TABLE t (x INTEGER)");
            engine.execute("INSERT INTO t VALUES (1), (2)");
            String sql = "SELECT count(*), sum(x) FROM t";
            run(engine, session, sql);
            assertTrue(run(engine, session, sql).reused());
            engine.execute("INSERT INTO t VALUES (10)");
            Run afterInsert = run(engine, session, sql);
            assertFalse(afterInsert.reused());
            assertEquals(List.of(List.of(3L, 13L)), afterInsert.rows());
            engine.execute("DELETE FROM t WHERE x = 1");
            assertEquals(List.of(List.of(2L, 12L)), run(engine, session, sql).rows());
            // a view replaced under the same name
            engine.execute("CREATE VIEW v AS SELECT x FROM t WHERE x > 5");
            String overView = "SELECT count(*) FROM v";
            assertEquals(List.of(List.of(1L)), run(engine, session, overView).rows());
            assertTrue(run(engine, session, overView).reused());
            engine.execute("DROP VIEW v");
            engine.execute("CREATE VIEW v AS SELECT x FROM t");
            Run newView = run(engine, session, overView);
            assertFalse(newView.reused());
            assertEquals(List.of(List.of(2L)), newView.rows());
        }
    }

    @Test
    void anotherSessionPropertyOrUserPlansAgain()
    {
        try (SignoEngine engine = engineWithNumbers()) {
            String sql = "SELECT CAST(TIMESTAMP '2026-01-01 12:00:00' AS TIMESTAMP WITH TIME ZONE) FROM t LIMIT 1";
            Session utc = new Session("u");
            utc.set(Session.TIME_ZONE, "UTC");
            Session kolkata = new Session("u");
            kolkata.set(Session.TIME_ZONE, "Asia/Kolkata");
            Run inUtc = run(engine, utc, sql);
            assertTrue(run(engine, utc, sql).reused());
            Run inKolkata = run(engine, kolkata, sql);
            assertFalse(inKolkata.reused());
            // the same wall-clock time in two zones is two instants
            assertNotEquals(inUtc.rows(), inKolkata.rows());
            assertFalse(run(engine, new Session("other"), sql).reused());
        }
    }

    @Test
    void aSessionWithoutThePlanCachePlansEveryStatement()
    {
        try (SignoEngine engine = engineWithNumbers()) {
            String sql = "SELECT sum(x) FROM t";
            Session session = new Session("u");
            session.set(Session.PLAN_CACHE, "false");
            run(engine, session, sql);
            Run again = run(engine, session, sql);
            assertFalse(again.reused());
            assertEquals(List.of(List.of(3L)), again.rows());
            session.set(Session.PLAN_CACHE, "true");
            run(engine, session, sql);
            assertTrue(run(engine, session, sql).reused());
        }
    }

    @Test
    void theClockIsReadByEveryStatement()
            throws InterruptedException
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            Session session = new Session("u");
            String sql = "SELECT CURRENT_TIMESTAMP";
            Run first = run(engine, session, sql);
            Thread.sleep(5);
            Run second = run(engine, session, sql);
            assertFalse(second.reused());
            assertNotEquals(first.rows(), second.rows());
            assertFalse(run(engine, session, "SELECT RAND() < 2").reused());
            run(engine, session, "SELECT RAND() < 2");
            assertFalse(run(engine, session, "SELECT RAND() < 2").reused());
        }
    }

    @Test
    void aFileIsReadAgainByEveryStatement(@TempDir Path directory)
            throws IOException
    {
        Path file = directory.resolve("numbers.csv");
        Files.writeString(file, "n\n1\n2\n");
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
            Session session = new Session("u");
            String sql = "SELECT count(*) FROM read_csv('" + file + "', header => true, columns => 'n INTEGER')";
            assertEquals(List.of(List.of(2L)), run(engine, session, sql).rows());
            Files.writeString(file, "n\n1\n2\n3\n");
            Run again = run(engine, session, sql);
            assertFalse(again.reused());
            assertEquals(List.of(List.of(3L)), again.rows());
        }
    }

    /** An engine whose table t holds the integers 1 and 2 in its column x. */
    private static SignoEngine engineWithNumbers()
    {
        SignoEngine engine = new SignoEngine(Database.inMemory(), 2);
        engine.execute("CREATE TABLE t (x INTEGER)");
        engine.execute("INSERT INTO t VALUES (1), (2)");
        return engine;
    }

    private record Run(List<List<Object>> rows, boolean reused) {}

    private static Run run(SignoEngine engine, Session session, String sql)
    {
        QueryControl control = new QueryControl();
        List<List<Object>> rows = ResultRows.toRows(engine.execute(session, sql, control));
        boolean reused = control.steps().steps().stream().anyMatch(step -> step.name().equals(REUSED));
        return new Run(rows, reused);
    }
}
