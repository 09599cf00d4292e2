package io.signo.sql;

import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The IN lists BI tools write for a filter: ten thousand constants plan and run, with DuckDB's answers. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LongInListTest
{
    @RegisterExtension
    static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(Setup.of(0.01).withWorkers(2));

    private DuckDbTpch duckDb;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        duckDb = TPCH.fixture().duckDb();
        engine = TPCH.fixture().engine();
    }

    @Test
    void tenThousandNumbers()
            throws SQLException
    {
        String keys = IntStream.range(0, 10_000).mapToObj(i -> Integer.toString(i * 7)).collect(Collectors.joining(", "));
        assertSameAsDuckDb("SELECT count(*), sum(o_totalprice) FROM orders WHERE o_orderkey IN (" + keys + ")");
        assertSameAsDuckDb("SELECT count(*) FROM orders WHERE o_orderkey NOT IN (" + keys + ")");
        assertSameAsDuckDb("SELECT o_orderpriority, count(*) FROM orders WHERE o_custkey + 1 IN (" + keys + ") GROUP BY o_orderpriority ORDER BY o_orderpriority");
    }

    @Test
    void thousandsOfStringsAndAnOrChain()
            throws SQLException
    {
        String names = IntStream.range(0, 3_000).mapToObj(i -> String.format("'Customer#%09d'", i * 3)).collect(Collectors.joining(", "));
        assertSameAsDuckDb("SELECT count(*), min(c_name), max(c_name) FROM customer WHERE c_name IN (" + names + ")");
        String equalities = IntStream.range(0, 2_000).mapToObj(i -> "l_partkey = " + (i * 5)).collect(Collectors.joining(" OR "));
        assertSameAsDuckDb("SELECT count(*) FROM lineitem WHERE " + equalities);
    }

    private void assertSameAsDuckDb(String sql)
            throws SQLException
    {
        List<List<Object>> expected = duckDb.query(sql);
        List<List<Object>> actual = ResultRows.toRows(engine.execute(sql));
        ResultComparison.assertSameResult(expected, actual, sql.contains("ORDER BY"), sql.substring(0, Math.min(sql.length(), 120)));
    }
}
