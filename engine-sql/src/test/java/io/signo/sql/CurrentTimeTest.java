package io.signo.sql;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CURRENT_DATE, CURRENT_TIMESTAMP, NOW() and LOCALTIMESTAMP are the statement's start in UTC, one
 * value per statement. (The SQL suite checks that every row of a table read by three workers sees
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
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void theStatementsStartInUtc()
    {
        LocalDateTime before = LocalDateTime.now(ZoneOffset.UTC);
        List<Object> row = ResultRows.toRows(engine.execute("SELECT CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE")).getFirst();
        LocalDateTime after = LocalDateTime.now(ZoneOffset.UTC);
        LocalDateTime now = (LocalDateTime) row.get(0);
        assertTrue(!now.isBefore(before.withNano(before.getNano() / 1000 * 1000)) && !now.isAfter(after), before + " <= " + now + " <= " + after);
        assertEquals(now, row.get(1));
        assertEquals(now, row.get(2));
        assertEquals(now.toLocalDate(), row.get(3));
        assertTrue(Duration.between(now, LocalDateTime.now()).abs().toDays() <= 1, "within a day of the JVM's clock in its own zone");
    }

    @Test
    void eachStatementHasItsOwnTime()
            throws InterruptedException
    {
        LocalDateTime first = (LocalDateTime) ResultRows.toRows(engine.execute("SELECT NOW()")).getFirst().getFirst();
        Thread.sleep(5);
        LocalDateTime second = (LocalDateTime) ResultRows.toRows(engine.execute("SELECT NOW()")).getFirst().getFirst();
        assertTrue(second.isAfter(first), first + " then " + second);
        // one value on every row, and a filter against it folds like a literal
        List<List<Object>> rows = ResultRows.toRows(engine.execute(
                "SELECT count(DISTINCT CURRENT_TIMESTAMP), count(*) FROM lineitem WHERE l_shipdate < CURRENT_DATE - 365 AND CURRENT_DATE > DATE '2000-01-01'"));
        assertEquals(1L, rows.getFirst().get(0));
        assertEquals(ResultRows.toRows(engine.execute("SELECT count(*) FROM lineitem")).getFirst().getFirst(), rows.getFirst().get(1));
        assertTrue(LocalDate.now(ZoneOffset.UTC).getYear() > 2000);
    }
}
