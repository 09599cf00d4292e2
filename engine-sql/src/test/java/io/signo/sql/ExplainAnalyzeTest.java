package io.signo.sql;

import io.signo.sql.tpch.TpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EXPLAIN ANALYZE runs the query and shows, under each plan node, the rows its operators produced,
 * summed over drivers and workers: checked against what the same query counts, in one process and
 * on two simulated workers (where the scan of a partitioned table is split and the sums must add up).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExplainAnalyzeTest
{
    private static final Pattern ACTUAL = Pattern.compile("^\\s*actual: (\\d+) rows? \\((\\d+) pages?\\) from (\\d+) input rows, wall ([0-9.]+) ms, cpu ([0-9.]+) ms, peak memory (.+)$");

    private TpchFixture oneWorker;
    private TpchFixture twoWorkers;

    @BeforeAll
    void load()
    {
        oneWorker = TpchFixture.signoOnly(Setup.of(0.01).withThreads(2));
        twoWorkers = TpchFixture.signoOnly(Setup.of(0.01).withThreads(2).withWorkers(2));
    }

    @AfterAll
    void close()
            throws Exception
    {
        oneWorker.close();
        twoWorkers.close();
    }

    private SignoEngine engine(int workers)
    {
        return workers == 1 ? oneWorker.engine() : twoWorkers.engine();
    }

    private static List<String> lines(QueryResult result)
    {
        List<String> lines = new ArrayList<>();
        for (List<Object> row : ResultRows.toRows(result)) {
            lines.add((String) row.getFirst());
        }
        return lines;
    }

    /** The actual output rows under the first node line that contains {@code node}. */
    private static long actualRows(List<String> plan, String node)
    {
        for (int i = 0; i < plan.size() - 1; i++) {
            if (plan.get(i).contains("- ") && plan.get(i).contains(node)) {
                Matcher actual = ACTUAL.matcher(plan.get(i + 1));
                assertTrue(actual.matches(), "no actual line under " + plan.get(i) + ":\n" + String.join("\n", plan));
                return Long.parseLong(actual.group(1));
            }
        }
        throw new AssertionError("no node " + node + " in\n" + String.join("\n", plan));
    }

    private static long count(SignoEngine engine, String sql)
    {
        return ((Number) ResultRows.toRows(engine.execute(sql)).getFirst().getFirst()).longValue();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void scanOfNationShowsItsRows(int workers)
    {
        List<String> plan = lines(engine(workers).execute("EXPLAIN ANALYZE SELECT n_name FROM nation"));
        assertEquals("plan", engine(workers).execute("EXPLAIN ANALYZE SELECT n_name FROM nation").columnNames().getFirst());
        assertTrue(plan.getFirst().matches("Query ran in [0-9.]+ ms, 25 result rows, peak memory \\d+ bytes"), plan.getFirst());
        assertEquals(25, actualRows(plan, "TableScan[nation"));
        for (String line : plan) {
            if (line.strip().startsWith("actual:")) {
                assertTrue(ACTUAL.matcher(line).matches(), line);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void filterOutputEqualsTheCountOfItsRows(int workers)
    {
        SignoEngine engine = engine(workers);
        String where = "l_shipdate >= DATE '1994-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";
        List<String> plan = lines(engine.execute("EXPLAIN ANALYZE SELECT sum(l_extendedprice * l_discount) FROM lineitem WHERE " + where));
        long expected = count(engine, "SELECT count(*) FROM lineitem WHERE " + where);
        assertTrue(expected > 0);
        assertEquals(expected, actualRows(plan, "FilterProject[filter="), String.join("\n", plan));
        assertEquals(count(engine, "SELECT count(*) FROM lineitem"), actualRows(plan, "TableScan[lineitem"), String.join("\n", plan));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void joinAndAggregationShowTheirRows(int workers)
    {
        SignoEngine engine = engine(workers);
        List<String> plan = lines(engine.execute("""
                EXPLAIN ANALYZE SELECT n_name, count(*) FROM customer JOIN nation ON c_nationkey = n_nationkey
                WHERE c_acctbal > 0 GROUP BY n_name"""));
        long joined = count(engine, "SELECT count(*) FROM customer JOIN nation ON c_nationkey = n_nationkey WHERE c_acctbal > 0");
        assertEquals(joined, actualRows(plan, "HashJoin["), String.join("\n", plan));
        // nation is replicated: each worker builds the join's hash table from its own copy, and the sum is over the workers
        assertEquals(25L * workers, actualRows(plan, "TableScan[nation"), String.join("\n", plan));
        assertTrue(plan.stream().anyMatch(line -> line.contains("HashBuilder " + 25 * workers + " in, 0 out")), String.join("\n", plan));
        assertTrue(plan.getFirst().contains(", 25 result rows,"), plan.getFirst());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void emptyInputShowsZeroRows(int workers)
    {
        List<String> plan = lines(engine(workers).execute("EXPLAIN ANALYZE SELECT r_name FROM region WHERE r_comment LIKE '%no such words%'"));
        assertTrue(plan.getFirst().contains(", 0 result rows,"), plan.getFirst());
        assertEquals(0, actualRows(plan, "FilterProject[filter="));
        assertEquals(5, actualRows(plan, "TableScan[region"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void nullsAreCountedAsRows(int workers)
    {
        List<String> plan = lines(engine(workers).execute(
                "EXPLAIN ANALYZE SELECT CASE WHEN n_nationkey < 10 THEN NULL ELSE n_name END AS name FROM nation WHERE n_regionkey IS NOT NULL"));
        assertTrue(plan.getFirst().contains(", 25 result rows,"), plan.getFirst());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void wrongStatementsFailWithTheirError(int workers)
    {
        SignoException missing = assertThrows(SignoException.class, () -> engine(workers).execute("EXPLAIN ANALYZE SELECT * FROM no_such_table"));
        assertEquals(ErrorCode.TABLE_NOT_FOUND, missing.errorCode(), missing.getMessage());
        SignoException wrongType = assertThrows(SignoException.class, () -> engine(workers).execute("EXPLAIN ANALYZE SELECT sum(n_name) FROM nation"));
        assertEquals(ErrorCode.VALIDATION_ERROR, wrongType.errorCode(), wrongType.getMessage());
        assertTrue(wrongType.getMessage().contains("Cannot apply 'SUM' to arguments of type 'SUM(<CHAR(25)>)'"), wrongType.getMessage());
        SignoException failing = assertThrows(SignoException.class, () -> engine(workers).execute("EXPLAIN ANALYZE SELECT 1 / (n_nationkey - n_nationkey) FROM nation"));
        assertEquals(ErrorCode.DIVISION_BY_ZERO, failing.errorCode(), failing.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void plainExplainRunsNothing(int workers)
    {
        List<String> plan = lines(engine(workers).execute("EXPLAIN SELECT n_name FROM nation"));
        assertTrue(plan.stream().noneMatch(line -> line.contains("actual:")), String.join("\n", plan));
    }
}
