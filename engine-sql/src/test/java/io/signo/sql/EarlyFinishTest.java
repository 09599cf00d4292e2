package io.signo.sql;

import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A query whose consumer stops early (a LIMIT over a huge input) must end as soon as it has its rows:
 * producers blocked on a full exchange are released instead of waiting forever. The generous
 * timeout only catches a hang; it measures nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EarlyFinishTest
{
    private static final Duration HANG = Duration.ofSeconds(60);

    private TpchFixture tpch;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        tpch = TpchFixture.signoOnly(Setup.of(0.01).withThreads(2));
        engine = tpch.engine();
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @Test
    void limitOverACrossJoinEndsWithItsRows()
    {
        QueryResult result = assertTimeoutPreemptively(HANG,
                () -> engine.execute("select l_orderkey, o_orderkey from lineitem, orders where l_quantity + o_totalprice > 0 limit 3"));
        assertEquals(3, result.rowCount());
    }

    @Test
    void limitOverAWideScanEndsWithItsRows()
    {
        QueryResult result = assertTimeoutPreemptively(HANG, () -> engine.execute("select * from lineitem limit 5 offset 2"));
        assertEquals(5, result.rowCount());
        assertEquals(16, result.columnNames().size());
    }

    @Test
    void theEngineAnswersAfterAnEarlyFinish()
    {
        assertTimeoutPreemptively(HANG, () -> engine.execute("select l_orderkey from lineitem, orders limit 1"));
        QueryResult count = engine.execute("select count(*) from orders");
        assertEquals(15000L, ResultRows.toRows(count).getFirst().getFirst());
    }
}
