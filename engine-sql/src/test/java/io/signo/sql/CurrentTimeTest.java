package io.signo.sql;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CURRENT_TIMESTAMP and NOW() are the statement's start, an instant; LOCALTIMESTAMP and CURRENT_DATE
 * its wall-clock time and date in the session's time zone; one value per statement. (The SQL suite checks that every row of a table read by three workers sees
 * the same value; DuckDB cannot tell what the value should be.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CurrentTimeTest
{
    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("current-time"));
        engine = new SignoEngine(dataSet.catalog(), 2);
        engine.execute("SET TIME ZONE 'Asia/Kolkata'");
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void theStatementsStartIsAnInstantShownInTheSessionsZone()
    {
        LocalDateTime before = LocalDateTime.now(ZoneOffset.UTC);
        List<Object> row = ResultRows.toRows(engine.execute("SELECT CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE, CAST(CURRENT_TIMESTAMP AS VARCHAR)")).getFirst();
        LocalDateTime after = LocalDateTime.now(ZoneOffset.UTC);
        LocalDateTime now = ((OffsetDateTime) row.get(0)).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        assertTrue(!now.isBefore(before.withNano(before.getNano() / 1000 * 1000)) && !now.isAfter(after), before + " <= " + now + " <= " + after);
        assertEquals(row.get(0), row.get(1));
        LocalDateTime local = now.plusHours(5).plusMinutes(30);
        assertEquals(local, row.get(2));
        assertEquals(local.toLocalDate(), row.get(3));
        assertTrue(((String) row.get(4)).endsWith("+05:30"), (String) row.get(4));
    }

    @Test
    void eachStatementHasItsOwnTime()
            throws InterruptedException
    {
        OffsetDateTime first = (OffsetDateTime) ResultRows.toRows(engine.execute("SELECT NOW()")).getFirst().getFirst();
        Thread.sleep(5);
        OffsetDateTime second = (OffsetDateTime) ResultRows.toRows(engine.execute("SELECT NOW()")).getFirst().getFirst();
        assertTrue(second.isAfter(first), first + " then " + second);
        // one value on every row, and a filter against it folds like a literal
        List<List<Object>> rows = ResultRows.toRows(engine.execute(
                "SELECT count(DISTINCT CURRENT_TIMESTAMP), count(*) FROM lineitem WHERE l_shipdate < CURRENT_DATE - 365 AND CURRENT_DATE > DATE '2000-01-01'"));
        assertEquals(1L, rows.getFirst().get(0));
        assertEquals(ResultRows.toRows(engine.execute("SELECT count(*) FROM lineitem")).getFirst().getFirst(), rows.getFirst().get(1));
        assertTrue(LocalDate.now(ZoneOffset.UTC).getYear() > 2000);
    }
}
