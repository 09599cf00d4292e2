package io.signo.sql;

import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The aggregates the SQL suite cannot check against DuckDB: the standard's EVERY and SOME, which DuckDB
 * does not have. Over TPC-H on three workers with pages of seven rows, so that partial states meet.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AggregateFunctionsTest
{
    private TpchFixture tpch;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        tpch = TpchFixture.signoOnly(Setup.of(0.01).withThreads(3).withWorkers(3).withRowsPerPage(7));
        engine = tpch.engine();
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @Test
    void everyAndSomeAreBoolAndAndBoolOr()
    {
        assertEquals(
                rows("SELECT l_returnflag, bool_and(l_quantity > 1), bool_or(l_quantity > 49), bool_or(CASE WHEN l_shipmode = 'AIR' THEN l_quantity > 49 END)"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY l_returnflag"),
                rows("SELECT l_returnflag, every(l_quantity > 1), some(l_quantity > 49), some(CASE WHEN l_shipmode = 'AIR' THEN l_quantity > 49 END)"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY l_returnflag"));
        assertEquals(
                List.of(row(1, false, true), row(2, true, true), row(3, null, null)),
                rows("SELECT k, every(b), some(b) FROM (VALUES (1, true), (1, NULL), (1, false), (2, true), (2, NULL), (3, CAST(NULL AS BOOLEAN))) AS t(k, b)"
                        + " GROUP BY k ORDER BY k"));
        assertEquals(List.of(row(null, null)), rows("SELECT every(l_quantity > 1), some(l_quantity > 1) FROM lineitem WHERE l_quantity < 0"));
    }

    private List<List<Object>> rows(String sql)
    {
        return ResultRows.toRows(engine.execute(sql));
    }

    private static List<Object> row(Object... values)
    {
        return Arrays.asList(values);
    }
}
