package io.signo.sql.tpch;

import io.signo.sql.ResultRows;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The 22 TPC-H queries on Signo against DuckDB over the same generated data: with the spec's
 * validation parameters and with seeded random draws of valid substitution parameters.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TpchQueryComparison
{
    private static final int RANDOM_DRAWS = 3;

    private final Setup setup;
    private final String joinDistribution;
    private final boolean runtimeFilters;
    private TpchFixture tpch;

    TpchQueryComparison(double scaleFactor, int threads)
    {
        this(Setup.of(scaleFactor).withThreads(threads), "automatic");
    }

    TpchQueryComparison(Setup setup, String joinDistribution)
    {
        this(setup, joinDistribution, true);
    }

    TpchQueryComparison(Setup setup, String joinDistribution, boolean runtimeFilters)
    {
        this.setup = setup;
        this.joinDistribution = joinDistribution;
        this.runtimeFilters = runtimeFilters;
    }

    @BeforeAll
    void load()
            throws Exception
    {
        tpch = TpchFixture.withDuckDb(setup);
        tpch.engine().execute("SET join_distribution = '" + joinDistribution + "'");
        tpch.engine().execute("SET runtime_filters = " + runtimeFilters);
    }

    @AfterAll
    void close()
            throws Exception
    {
        tpch.close();
    }

    @TestFactory
    Stream<DynamicTest> validationParameters()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            String sql = TpchQueries.query(query);
            tests.add(dynamicTest(String.format("q%02d", query), () -> assertSameAsDuckDb(sql, "validation parameters")));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> randomParameters()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            for (int draw = 0; draw < RANDOM_DRAWS; draw++) {
                long seed = 1000L * query + draw;
                String sql = TpchQueries.query(query, new SplittableRandom(seed), setup.scaleFactor());
                tests.add(dynamicTest(String.format("q%02d seed %d", query, seed), () -> assertSameAsDuckDb(sql, "seed " + seed)));
            }
        }
        return tests.stream();
    }

    private void assertSameAsDuckDb(String sql, String parameters)
            throws Exception
    {
        List<List<Object>> expected = tpch.duckDb().query(sql);
        List<List<Object>> actual = ResultRows.toRows(tpch.engine().execute(sql));
        boolean ordered = sql.toLowerCase(Locale.ROOT).contains("order by");
        ResultComparison.assertSameResult(expected, actual, ordered, setup + ", join_distribution " + joinDistribution + ", runtime_filters " + runtimeFilters + ", " + parameters + "\n" + sql);
    }
}
